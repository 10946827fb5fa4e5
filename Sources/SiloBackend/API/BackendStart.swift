/// This start of the backend process.
enum BackendStart {
    /// Random per start, so what a client kept from before a restart (an `ETag`, a change-feed
    /// cursor) is never taken for something of this start.
    static let id = String(UInt32.random(in: .min ... .max), radix: 16)
}
