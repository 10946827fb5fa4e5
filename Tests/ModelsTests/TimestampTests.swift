import Foundation
import Models
import Testing

@Suite("Millisecond timestamps")
struct TimestampTests {
    @Test("Model timestamps and durations keep whole milliseconds")
    func millisecondPrecision() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.123_456)
        let post = Post(id: "p", authorID: "u", text: "t", createdAt: date)
        #expect(post.createdAt.millisecondsSince1970 == 1_700_000_000_123)
        var video = Video(
            id: "v", ownerID: "u", title: "t", duration: .microseconds(1_500_600), status: .processing, createdAt: date)
        #expect(video.duration == .milliseconds(1_501))
        video.duration = .nanoseconds(2_000_400_000)
        #expect(video.duration == .milliseconds(2_000))
    }

    @Test("A millisecond value survives the round trip through Date")
    func roundTrip() {
        for milliseconds: Int64 in [0, 1, 999, 1_700_000_000_123, 4_102_444_800_001] {
            #expect(Date(millisecondsSince1970: milliseconds).millisecondsSince1970 == milliseconds)
        }
    }
}

@Suite("Millisecond conversions at the extremes")
struct TimestampExtremesTests {
    @Test("Huge and non-finite values saturate instead of trapping")
    func saturates() {
        #expect(Date(millisecondsSince1970: .max).millisecondsSince1970 == .max)
        #expect(Date(millisecondsSince1970: .min).millisecondsSince1970 == .min)
        #expect(Date.distantFuture.addingTimeInterval(.greatestFiniteMagnitude).millisecondsSince1970 == .max)
        #expect(Duration.seconds(Int64.max).wholeMilliseconds == .max)
        #expect(Duration.seconds(Int64.min).wholeMilliseconds == .min)
        let video = Video(
            id: "v", ownerID: "u", title: "t", duration: .seconds(Int64.max), status: .processing,
            createdAt: .distantFuture)
        #expect(video.duration == .milliseconds(Int64.max))
    }
}
