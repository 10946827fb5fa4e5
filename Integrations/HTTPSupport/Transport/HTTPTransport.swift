/// The end of the middleware chain: sends one attempt of a request and returns what the server
/// answered. `URLSessionTransport` and `SocketTransport` are the two; `HTTPTransportKind` picks.
protocol HTTPTransport: Sendable {
    /// Sends one attempt of `request` within its deadline.
    ///
    /// - Throws: `HTTPFailure`: `.timedOut` past the deadline, `.cancelled` when the caller was
    ///   cancelled or the transport closed, `.transport` when no answer came, `.badAnswer` for one
    ///   that is not HTTP (the socket transport), `.tooLarge`.
    func send(_ request: HTTPRequest) async throws(HTTPFailure) -> HTTPResponse

    /// Answers every attempt in flight with `.cancelled` and refuses every later one.
    func close()
}

/// Which transport the HTTP integration sends requests with.
public enum HTTPTransportKind: Sendable, Equatable {
    /// Sockets for plain `http` on Linux, URLSession everywhere else: on Linux, URLSession keeps a
    /// core busy while it waits for an answer on a new connection (Docs/ToolchainNotes.md).
    case automatic
    /// `URLSession` (FoundationNetworking on Linux); the only one that speaks `https`.
    case urlSession
    /// The client's own HTTP/1.1 over POSIX sockets, sleeping in `poll(2)` while it waits; plain
    /// `http` only (the integration allows that for a loopback host).
    case sockets

    /// Each transport there is (`.automatic` only picks one of them): what a test of a promise
    /// every transport keeps runs through.
    public static let allTransports: [HTTPTransportKind] = [.sockets, .urlSession]

    /// The transport this choice means for a base URL with `scheme`.
    func resolved(forScheme scheme: String) -> HTTPTransportKind {
        guard self == .automatic else { return self }
        #if os(Linux)
            return scheme == "http" ? .sockets : .urlSession
        #else
            return .urlSession
        #endif
    }
}
