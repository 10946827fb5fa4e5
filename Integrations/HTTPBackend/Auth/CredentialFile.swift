import Foundation
import IntegrationSupport
import Models
import Services

/// Where the integration keeps its sessions between runs: a JSON file readable by its owner only
/// (mode 0600), written durably. On Apple platforms an app keeps these in the Keychain instead:
/// replace this type (Docs/Integrations/HTTPBackend.md shows where).
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

    /// The file; `nil` keeps sessions in memory only.
    let url: URL?

    /// The sessions saved by an earlier run, or none when there is no file yet.
    ///
    /// - Throws: `.corruptData` naming the file when it is not a credentials file this integration
    ///   wrote; it is left as it is (remove it to sign in again).
    func load() throws(ServiceError) -> [User.ID: Tokens] {
        guard let url, FileManager.default.fileExists(atPath: url.path) else { return [:] }
        do {
            let data = try Data(contentsOf: url)
            let saved = try JSONDecoder().decode([String: Tokens].self, from: data)
            return Dictionary(uniqueKeysWithValues: saved.map { (User.ID($0.key), $0.value) })
        } catch {
            throw .corruptData(
                location: url.path,
                reason: "it is not a credentials file of the HTTP integration; remove it to sign in again")
        }
    }

    /// Saves `sessions`, replacing the file atomically, mode 0600.
    ///
    /// - Throws: `.unavailable` when the file cannot be written (a full disk, a read-only directory).
    func save(_ sessions: [User.ID: Tokens]) throws(ServiceError) {
        guard let url else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let plain = Dictionary(uniqueKeysWithValues: sessions.map { ($0.key.rawValue, $0.value) })
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try DurableFile.write(try encoder.encode(plain), to: url, mode: 0o600)
        } catch {
            throw .unavailable(reason: "cannot save the session to \(url.path): \(error)", retryAfter: nil)
        }
    }
}
