/// What the host holds for the account right now, as its usage report says. Made by the host
/// (`MediaHostClient.usage()`), as a vendor SDK makes its reports; apps read it.
public struct MediaHostUsage: Hashable, Sendable {
    /// Entries in the storage directory: stored media and uploads in progress.
    public let storedFileCount: Int
    /// Media items in the host's index, whatever their state.
    public let mediaCount: Int
}
