/// What the server accepts and how long it waits: the limits it is honest about.
struct ServerLimits: Sendable {
    /// The most bytes of request line plus headers; more gets 431 and the connection closes.
    var maxHeaderBytes = 16 * 1024
    /// The most bytes of a request body; a larger `Content-Length` gets 413 before any body is read.
    var maxBodyBytes = 1024 * 1024
    /// How long a kept-alive connection may sit idle before the server closes it.
    var idleTimeout: Duration = .seconds(5)
    /// How long a client may take to send one whole request once it started; slower gets 408.
    var requestTimeout: Duration = .seconds(10)
    /// The most connections served at once; more get 503 and are closed.
    var maxConnections = 128
}
