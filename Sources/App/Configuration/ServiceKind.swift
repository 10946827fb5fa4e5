/// The services the app uses, each picked by `ServiceProvider` and overridable from the
/// environment (`SILO_POSTS`, `SILO_USERS`, `SILO_LIBRARY`, `SILO_VIDEOS`).
public enum ServiceKind: String, CaseIterable, Sendable, Hashable, Comparable {
    /// `PostService`.
    case posts
    /// `UserService`.
    case users
    /// `VideoLibraryService`.
    case library
    /// `VideoHostingService`.
    case videos

    /// The environment variable that overrides the integration for this service.
    public var environmentVariable: String { "SILO_\(rawValue.uppercased())" }

    /// Orders services as they are listed: posts, users, library, videos.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
