import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One transport session's delegate: hands each task's events to its `DataTaskCall`. Tasks are
/// told apart by their identifier, which is unique only within one session: never share one
/// `TaskEvents` between sessions.
///
/// Being the delegate (instead of passing completion handlers) is what lets the client refuse
/// redirects (a redirect would carry the `Authorization` header, and a refresh token in the body,
/// to wherever it points), stop reading a body past the size limit, and end a `Basic` challenge
/// that FoundationNetworking would otherwise leave waiting forever.
///
/// `@unchecked Sendable` is safe: `calls` is read and written only while holding `lock`; the
/// delegate methods run on the session's serial delegate queue and only call into the calls,
/// which lock their own state.
final class TaskEvents: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [Int: DataTaskCall] = [:]

    /// Routes `task`'s events to `call` until the task completes.
    func register(_ call: DataTaskCall, for task: URLSessionTask) {
        lock.withLock { calls[task.taskIdentifier] = call }
    }

    private func call(for task: URLSessionTask) -> DataTaskCall? {
        lock.withLock { calls[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        call(for: dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        call(for: dataTask)?.received(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        call(for: task)?.redirected(response)
        completionHandler(nil)
    }

    /// A server's request for credentials (`Basic`, `Digest` and the like) is refused: the client
    /// never offers any, and the call answers 401. Every other challenge, above all the server
    /// trust (TLS) one that Apple's URLSession sends here when no session-level handler exists, gets
    /// the system's default handling, as it would without a delegate: refusing it would turn every
    /// HTTPS answer into a 401.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard Self.asksForCredentials(challenge) else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        call(for: task)?.challenged()
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    /// Whether `challenge` asks for a user's credentials, as opposed to checking the server or
    /// asking for a client certificate.
    static func asksForCredentials(_ challenge: URLAuthenticationChallenge) -> Bool {
        [
            NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
            NSURLAuthenticationMethodHTMLForm, NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
        ].contains(challenge.protectionSpace.authenticationMethod)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let call = lock.withLock { calls.removeValue(forKey: task.taskIdentifier) }
        call?.completed(error)
    }
}
