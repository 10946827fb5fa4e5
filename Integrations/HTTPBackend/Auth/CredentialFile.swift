import Foundation
import IntegrationSupport
import Models
import Services

/// Where the integration keeps its sessions between runs: a JSON file readable by its owner only
/// (mode 0600), written durably. It holds tokens and user ids, never a password. On Apple
/// platforms an app keeps these in the Keychain instead: replace this type
/// (Docs/Integrations/HTTPBackend.md shows where).
struct CredentialFile: Sendable {
    /// One user's tokens.
    struct Tokens: Codable, Sendable, Equatable {
        var accessToken: String
        var refreshToken: String

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case refreshToken = "refresh_token"
        }
    }

    /// What the file holds: every session on this device, and whose is the signed-in one.
    struct Contents: Codable, Sendable, Equatable {
        var sessions: [User.ID: Tokens] = [:]
        var currentUser: User.ID?

        enum CodingKeys: String, CodingKey {
            case sessions
            case currentUser = "current_user_id"
        }

        init(sessions: [User.ID: Tokens] = [:], currentUser: User.ID? = nil) {
            self.sessions = sessions
            self.currentUser = currentUser
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let plain = try container.decode([String: Tokens].self, forKey: .sessions)
            var sessions: [User.ID: Tokens] = [:]
            for (user, tokens) in plain { sessions[User.ID(rawValue: user)] = tokens }
            self.sessions = sessions
            if let current = try container.decodeIfPresent(String.self, forKey: .currentUser) {
                currentUser = User.ID(rawValue: current)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var plain: [String: Tokens] = [:]
            for (user, tokens) in sessions { plain[user.rawValue] = tokens }
            try container.encode(plain, forKey: .sessions)
            try container.encodeIfPresent(currentUser?.rawValue, forKey: .currentUser)
        }
    }

    /// The file; `nil` keeps sessions in memory only.
    let url: URL?

    /// The sessions saved by an earlier run, or none when there is no file yet.
    ///
    /// - Throws: `.corruptData` naming the file when it is not a credentials file this integration
    ///   wrote; it is left as it is (remove it to sign in again).
    func load() throws(ServiceError) -> Contents {
        guard let url, FileManager.default.fileExists(atPath: url.path) else { return Contents() }
        do {
            return try JSONDecoder().decode(Contents.self, from: try Data(contentsOf: url))
        } catch {
            throw .corruptData(
                location: url.path,
                reason: "it is not a credentials file of the HTTP integration; remove it to sign in again")
        }
    }

    /// Changes what the file holds by `change`, applied to what it holds now (so clients of one
    /// file in this process keep each other's sessions), and returns the result. Clients in one
    /// process take turns; separate processes do not lock the file (the last write wins).
    ///
    /// - Throws: what `load()` and `save(_:)` throw; the file is unchanged then.
    func update(from memory: Contents, _ change: (inout Contents) -> Void) throws(ServiceError) -> Contents {
        guard url != nil else {
            var contents = memory
            change(&contents)
            return contents
        }
        Self.lock.lock()
        defer { Self.lock.unlock() }
        var contents = try load()
        change(&contents)
        try save(contents)
        return contents
    }

    /// Serialises `update` between the clients of this process.
    private static let lock = NSLock()

    /// Saves `contents`, replacing the file atomically, mode 0600.
    ///
    /// - Throws: `.unavailable` when the file cannot be written (a full disk, a read-only directory).
    private func save(_ contents: Contents) throws(ServiceError) {
        guard let url else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try DurableFile.write(try encoder.encode(contents), to: url, mode: 0o600)
        } catch {
            throw .unavailable(reason: "cannot save the session to \(url.path): \(error)", retryAfter: nil)
        }
    }
}
