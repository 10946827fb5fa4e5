/// The app's names for the input fields the API names differently (`text` is `body`), both ways:
/// the server names the app's validation failures in the API's words, the client names the
/// server's in the app's.
public enum FieldName {
    private static let apiNames = [
        "text": "body", "displayName": "display_name", "pageSize": "page_size", "duration": "duration_ms",
        "videoID": "video_id", "ownerID": "owner_id", "createdAt": "created_at", "playbackURL": "status.playback_url",
        "reason": "status.reason",
    ]
    private static let appNames = Dictionary(uniqueKeysWithValues: apiNames.map { ($0.value, $0.key) })

    /// The API's name for the app's field `app` (the same when they do not differ).
    public static func api(_ app: String) -> String { apiNames[app] ?? app }

    /// The app's name for the API's field `api` (the same when they do not differ).
    public static func app(_ api: String) -> String { appNames[api] ?? api }
}
