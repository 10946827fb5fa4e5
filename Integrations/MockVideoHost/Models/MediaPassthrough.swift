import Models

/// The passthrough keys the integration stores with every upload, so the host can give back what
/// the app needs to rebuild its `Video`.
enum MediaPassthrough {
    /// The uploading user's id (`User.ID.rawValue`).
    static let ownerIDKey = "silo.owner_id"

    /// The passthrough dictionary for an upload by `ownerID`.
    static func values(ownerID: User.ID) -> [String: String] {
        [ownerIDKey: ownerID.rawValue]
    }
}
