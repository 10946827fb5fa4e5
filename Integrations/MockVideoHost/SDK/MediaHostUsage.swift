/// What the host holds for the account right now, as its usage report says.
public struct MediaHostUsage: Hashable, Sendable {
    /// Entries in the storage directory: stored media and uploads in progress.
    public let storedFileCount: Int
    /// Media items in the host's index, whatever their state.
    public let mediaCount: Int

    /// Creates a usage report.
    public init(storedFileCount: Int, mediaCount: Int) {
        self.storedFileCount = storedFileCount
        self.mediaCount = mediaCount
    }
}
