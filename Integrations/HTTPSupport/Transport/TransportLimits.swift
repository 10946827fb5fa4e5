import IntegrationSupport

/// What bounds every transport's attempts, whichever transport it is.
struct TransportLimits: Sendable {
    /// How long one attempt may take, before what the server may hold it for.
    var attemptTimeout: Duration
    /// The largest answer body accepted (after decoding).
    var maxResponseBytes: Int
    /// How many connections to the server the transport keeps: URLSession's per-host limit, and
    /// the socket transport's number of idle connections kept for reuse. (The client's command
    /// queue bounds the requests in flight to as many.)
    var maxConnections: Int
    /// What deadlines are measured on.
    var time: ElapsedClock

    /// How long an attempt of `request` may take: the attempt timeout, plus what the server may
    /// hold it for (a long-poll).
    func deadline(of request: HTTPRequest) -> Duration {
        attemptTimeout + request.serverHold
    }
}
