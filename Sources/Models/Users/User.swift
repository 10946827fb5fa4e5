import Foundation

/// A person who publishes posts and saves videos.
public struct User: Identifiable, Hashable, Sendable, Codable {
    /// A user's identifier, assigned by the user service on creation.
    public typealias ID = Identifier<User>

    /// The service-assigned identifier, stable for the life of the user.
    public let id: ID
    /// The unique, case-insensitive handle.
    public var handle: Handle
    /// The name shown beside the user's posts; validated by `UserRules.validatedDisplayName(_:)`.
    public var displayName: String
    /// When the user was created, with millisecond precision.
    public let createdAt: Date

    /// Creates a user value; `createdAt` is rounded to whole milliseconds.
    public init(id: ID, handle: Handle, displayName: String, createdAt: Date) {
        self.id = id
        self.handle = handle
        self.displayName = displayName
        self.createdAt = createdAt.roundedToMilliseconds
    }
}
