/// What the server accepts and how long it waits: the limits it is honest about.
///
/// Waiting costs the server nothing but a buffer (one thread serves every connection), so slow
/// clients cannot starve fast ones; the limits bound memory and how long a client may hold on.
struct ServerLimits: Sendable {
    /// The most bytes of request line plus headers; more gets 431 and the connection closes.
    var maxHeaderBytes = 16 * 1024
    /// The most bytes of a request body; a larger `Content-Length` gets 413 before any body is read.
    var maxBodyBytes = 1024 * 1024
    /// How long a connection may wait for the first byte of a request (a new connection, or a
    /// kept-alive one between requests) before the server closes it without an answer.
    var idleTimeout: Duration = .seconds(5)
    /// How long a client may take, from a request's first byte, to send all of it (head and body),
    /// and to read the whole answer; slower gets 408 (or, while answering, a closed connection).
    var requestTimeout: Duration = .seconds(10)
    /// The most connections held at once. A new connection beyond it takes the place of the one
    /// that has waited longest on its client, idle or trickling a request (so slow clients cannot
    /// lock new ones out); when every connection's request is being handled or answered, the new
    /// one gets 503.
    var maxConnections = 512

    /// How many requests may wait in a long-poll at once (`GET …/posts/changes?wait=`): half the
    /// connections, so waiting reads, which are never cut to make room, leave the other half to
    /// every other request. One more gets 503 with `Retry-After` at once.
    var longPolls: Int { max(1, maxConnections / 2) }
}
