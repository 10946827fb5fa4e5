/// The app's names for the input fields the API names differently.
enum FieldName {
    private static let appNames = [
        "body": "text", "display_name": "displayName", "page_size": "pageSize", "duration_ms": "duration",
        "video_id": "videoID", "owner_id": "ownerID", "created_at": "createdAt", "status.playback_url": "playbackURL",
        "status.reason": "reason",
    ]

    /// The app's name for the API's field `wire` (the same when they do not differ).
    static func app(_ wire: String) -> String { appNames[wire] ?? wire }
}
