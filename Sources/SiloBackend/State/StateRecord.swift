import Foundation

/// One line of the backend's state journal (`<data-dir>/backend-state.jsonl`): a change to what the
/// server remembers besides the app's data, replayed in order at start.
enum StateRecord: Codable, Sendable {
    /// A session began (sign-in, or a refresh that replaced one).
    case sessionStarted(SessionRecord)
    /// A session ended: signed out, replaced by a refresh, evicted or expired.
    case sessionEnded(id: String)
    /// A mutating request finished with an answer that a retry with its key gets again.
    case answered(IdempotencyRecord)
    /// An account with a password was created (a device account, with none, has no record).
    case accountCreated(AccountRecord)
    /// A sign-up with a password began: its hash is durable before the user exists, so a crash
    /// between the two writes leaves what a restart completes (`BackendState.settleSignUps`).
    case signUpBegan(SignUpRecord)
    /// The sign-up under this handle ended: its account was created, or it failed.
    case signUpEnded(handle: String)

    private enum CodingKeys: String, CodingKey {
        case type, session, id, answer, account, signUp = "sign_up", handle
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "session_started": self = .sessionStarted(try container.decode(SessionRecord.self, forKey: .session))
        case "session_ended": self = .sessionEnded(id: try container.decode(String.self, forKey: .id))
        case "answered": self = .answered(try container.decode(IdempotencyRecord.self, forKey: .answer))
        case "account_created": self = .accountCreated(try container.decode(AccountRecord.self, forKey: .account))
        case "sign_up_began": self = .signUpBegan(try container.decode(SignUpRecord.self, forKey: .signUp))
        case "sign_up_ended": self = .signUpEnded(handle: try container.decode(String.self, forKey: .handle))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown record type \(other.debugDescription)")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        switch self {
        case .sessionStarted(let session): try container.encode(session, forKey: .session)
        case .sessionEnded(let id): try container.encode(id, forKey: .id)
        case .answered(let record): try container.encode(record, forKey: .answer)
        case .accountCreated(let account): try container.encode(account, forKey: .account)
        case .signUpBegan(let signUp): try container.encode(signUp, forKey: .signUp)
        case .signUpEnded(let handle): try container.encode(handle, forKey: .handle)
        }
    }

    /// The record's `type` in the journal.
    private var type: String {
        switch self {
        case .sessionStarted: "session_started"
        case .sessionEnded: "session_ended"
        case .answered: "answered"
        case .accountCreated: "account_created"
        case .signUpBegan: "sign_up_began"
        case .signUpEnded: "sign_up_ended"
        }
    }
}

/// A session as the server keeps it: hashes of its tokens (never the tokens), and when each expires.
struct SessionRecord: Codable, Sendable, Hashable {
    /// Random, never shown to the client.
    var id: String
    var userID: String
    /// Every session a refresh chain produced shares its first session's family.
    var familyID: String
    /// SHA-256 (hex) of the access token.
    var accessHash: String
    var accessExpiresAt: Date
    /// SHA-256 (hex) of the refresh token.
    var refreshHash: String
    var refreshExpiresAt: Date
    var startedAt: Date

    enum CodingKeys: String, CodingKey {
        case id
        case userID = "user_id"
        case familyID = "family_id"
        case accessHash = "access_hash"
        case accessExpiresAt = "access_expires_at"
        case refreshHash = "refresh_hash"
        case refreshExpiresAt = "refresh_expires_at"
        case startedAt = "started_at"
    }
}

/// An account's password, as the server keeps it: a slow salted hash, never the password.
struct AccountRecord: Codable, Sendable, Hashable {
    var userID: String
    var password: PasswordHash

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case password
    }
}

/// A sign-up with a password under way: the handle it claims and the password's hash, kept until
/// the account exists or the sign-up failed.
struct SignUpRecord: Codable, Sendable, Hashable {
    /// The handle, lowercased as `Handle` keeps it.
    var handle: String
    var password: PasswordHash
}

/// The answer a mutating request got, kept under its `Idempotency-Key` for a day.
struct IdempotencyRecord: Codable, Sendable, Hashable {
    /// Whose key it is: the signed-in user, or `-` for a request without a session.
    var scope: String
    var key: String
    /// SHA-256 (hex) of the method, path and body: a key reused for another request is refused.
    var fingerprint: String
    var status: Int
    var contentType: String?
    /// The body, base64.
    var body: Data
    var expiresAt: Date

    enum CodingKeys: String, CodingKey {
        case scope, key, fingerprint, status, body
        case contentType = "content_type"
        case expiresAt = "expires_at"
    }
}
