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

    /// A file for sessions at `url`; `nil` keeps them in memory only.
    init(url: URL?) {
        self.url = url
    }

    /// The sessions saved by an earlier run, or none when there is no file yet.
    ///
    /// - Throws: `.unavailable` naming the file when it cannot be read (its permissions, a
    ///   directory in its place): its sessions may be fine; `.corruptData` naming the file when it
    ///   is not a credentials file this integration wrote. Either way it is left as it is.
    func load() throws(ServiceError) -> Contents {
        guard let url, let data = try Data.readIfPresent(url) else { return Contents() }
        do {
            return try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            throw .corruptData(
                location: url.path,
                reason: "it is not a credentials file of the HTTP integration; remove it to sign in again")
        }
    }

    /// Changes what the file holds by `change`, applied to what it holds now (so clients of one
    /// file, in this process or another, keep each other's sessions), and returns the result.
    /// Clients take turns: in this process by a lock, between processes by a `flock` on
    /// `<file>.lock`, which each holds only while it reads and writes the file.
    ///
    /// - Throws: what `load()` and `save(_:)` throw; the file is unchanged then.
    func update(from memory: Contents, _ change: (inout Contents) -> Void) throws(ServiceError) -> Contents {
        guard let url else {
            var contents = memory
            change(&contents)
            return contents
        }
        Self.lock.lock()
        defer { Self.lock.unlock() }
        // Without the lock file (a directory not made yet, or not writable) the save below fails
        // or goes first; no other process can have written the file then.
        let otherProcesses = try? FileLock.lock(url.path + ".lock")
        defer { withExtendedLifetime(otherProcesses) {} }
        var contents = try load()
        change(&contents)
        try save(contents)
        return contents
    }

    /// Serialises `update` between the clients of this process.
    private static let lock = NSLock()

    /// Whether this client may renew a user's session, and what holds the others off meanwhile.
    enum RenewalTurn {
        /// This client renews; the lock (`nil` without a file, or when the lock file cannot be
        /// opened: the renewal then goes ahead unguarded) holds the others off until released.
        case taken(FileLock?)
        /// Another client's renewal of the session outlasted the wait: it may still spend the
        /// refresh token, so this client must not send it.
        case outwaited
    }

    /// Holds off every other client of the file (in this process or another) from renewing
    /// `user`'s session until the returned lock is released: a client that renewed it first has
    /// saved its session by the time the next one gets the lock (unless that save failed, or it
    /// was killed between its refresh and its save), so
    /// that one takes it instead of refreshing again with the spent refresh token. Waits at most
    /// `limit` on `clock`, without holding a thread of Swift's pool; `whileWaiting` is called when
    /// the wait begins. Each user's renewals have their own lock, `<file>.renewal-<hash>.lock`.
    func lockRenewals(
        of user: User.ID, within limit: Duration, on clock: any Clock<Duration>,
        whileWaiting: @escaping @Sendable () -> Void = {}
    ) async -> RenewalTurn {
        guard let url else { return .taken(nil) }
        let name = String(SHA256.hexDigest(of: Array(user.rawValue.utf8)).prefix(16))
        do throws(SystemError) {
            let lock = try await FileLock.lockWhenFree(
                url.path + ".renewal-\(name).lock", within: limit, on: clock, whileWaiting: whileWaiting)
            return lock.map { .taken($0) } ?? .outwaited
        } catch {
            return .taken(nil)
        }
    }

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
