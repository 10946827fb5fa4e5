import Foundation
import Testing

@testable import HTTPSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which challenges the transport's delegate refuses: a server's request for credentials, never
/// the check of the server itself.
@Suite("Authentication challenges")
struct AuthenticationChallengeTests {
    @Test(
        "a request for credentials is refused; a server-trust or client-certificate check gets the system's handling",
        arguments: [
            (NSURLAuthenticationMethodHTTPBasic, true),
            (NSURLAuthenticationMethodHTTPDigest, true),
            (NSURLAuthenticationMethodDefault, true),
            ("NSURLAuthenticationMethodServerTrust", false),
            ("NSURLAuthenticationMethodClientCertificate", false),
        ])
    func disposition(_ method: String, _ isRefused: Bool) async {
        let space = URLProtectionSpace(
            host: "example.com", port: 443, protocol: "https", realm: nil, authenticationMethod: method)
        let challenge = URLAuthenticationChallenge(
            protectionSpace: space, proposedCredential: nil, previousFailureCount: 0, failureResponse: nil, error: nil,
            sender: IgnoredSender())
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: URL(string: "https://example.com/")!)
        let disposition = await withCheckedContinuation { continuation in
            TaskEvents().urlSession(session, task: task, didReceive: challenge) { disposition, _ in
                continuation.resume(returning: disposition)
            }
        }
        #expect(disposition == (isRefused ? .cancelAuthenticationChallenge : .performDefaultHandling))
    }
}

/// A challenge's sender nobody answers: the delegate answers through its completion handler.
private final class IgnoredSender: NSObject, URLAuthenticationChallengeSender, Sendable {
    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
    func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
    func cancel(_ challenge: URLAuthenticationChallenge) {}
    func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
    func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
}
