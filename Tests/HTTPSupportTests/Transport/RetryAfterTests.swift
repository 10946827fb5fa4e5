import Foundation
import Testing

@testable import HTTPSupport

/// `Retry-After` as delay seconds or an HTTP date, never read as a wait longer than a day.
@Suite("Retry-After")
struct RetryAfterTests {
    @Test(
        "seconds and dates are read, and a wait beyond a day, or too long for any clock, is a day",
        arguments: [
            ("120", Duration.seconds(120)),
            (" 0 ", .zero),
            ("86401", .seconds(86_400)),
            ("9223372036854775807", .seconds(86_400)),
            ("99999999999999999999999999", .seconds(86_400)),
            ("Thu, 01 Jan 1970 00:02:00 GMT", .seconds(120)),
            ("Fri, 31 Dec 9999 23:59:59 GMT", .seconds(86_400)),
            ("Wed, 31 Dec 1969 23:59:00 GMT", .zero),
        ])
    func parses(_ header: String, _ wait: Duration) {
        #expect(RetryAfter.parse(header, now: Date(timeIntervalSince1970: 0)) == wait)
    }

    @Test(
        "an absent, empty, negative or unreadable header asks for nothing", arguments: [nil, "", "-5", "soon", "1.5"])
    func unreadable(_ header: String?) {
        #expect(RetryAfter.parse(header) == nil)
    }
}
