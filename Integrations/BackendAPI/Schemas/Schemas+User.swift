import Foundation

extension Schemas {
    /// `User`: a user as the API sends it. The API says `display_name`; the app says `displayName`.
    public struct User: Codable, Sendable, Equatable {
        /// The user's id.
        public var id: String
        /// The handle, lowercased.
        public var handle: String
        /// The name shown.
        public var displayName: String
        /// When the user was made.
        public var createdAt: Date

        /// Creates a user body.
        public init(id: String, handle: String, displayName: String, createdAt: Date) {
            self.id = id
            self.handle = handle
            self.displayName = displayName
            self.createdAt = createdAt
        }

        enum CodingKeys: String, CodingKey {
            case id, handle
            case displayName = "display_name"
            case createdAt = "created_at"
        }
    }

    /// `DisplayNameChange`: the body of `updateDisplayName`.
    public struct DisplayNameChange: Codable, Sendable, Equatable {
        /// The new name.
        public var displayName: String

        /// Creates the body.
        public init(displayName: String) {
            self.displayName = displayName
        }

        enum CodingKeys: String, CodingKey {
            case displayName = "display_name"
        }
    }

    /// `NewAccount`: the body of `signUp`. No `password` makes a device account, which nobody can
    /// sign in to: only the session in the answer acts for it.
    public struct NewAccount: Codable, Sendable, Equatable {
        /// The handle asked for.
        public var handle: String
        /// The name shown.
        public var displayName: String
        /// The password, or `nil` for a device account.
        public var password: String?

        /// Creates the body.
        public init(handle: String, displayName: String, password: String?) {
            self.handle = handle
            self.displayName = displayName
            self.password = password
        }

        enum CodingKeys: String, CodingKey {
            case handle, password
            case displayName = "display_name"
        }
    }

    /// `Account`: the answer of `signUp`, the new user and the session it is signed in with.
    public struct Account: Codable, Sendable, Equatable {
        /// The user made.
        public var user: User
        /// Their session.
        public var session: Session

        /// Creates the answer.
        public init(user: User, session: Session) {
            self.user = user
            self.session = session
        }
    }
}
