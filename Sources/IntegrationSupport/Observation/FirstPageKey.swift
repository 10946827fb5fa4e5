/// Which first page an observation shows: whose listing, and how many items. Observations with
/// equal keys show the same page, so a store shares one reader among them (`SharedRefreshes`).
public struct FirstPageKey: Hashable, Sendable {
    /// Whose listing: an author's feed, an owner's library.
    public var ownerID: String
    /// How many items the page holds.
    public var pageSize: Int

    /// The key of `ownerID`'s first page of `pageSize` items.
    public init(ownerID: String, pageSize: Int) {
        self.ownerID = ownerID
        self.pageSize = pageSize
    }
}
