// scripts/remove-service deletes this file with the service it is part of: authentication
import Foundation
import Models
import Services

/// Where a device-local store remembers who is signed in: in memory, or in a small JSON file
/// beside the store (`{"user_id": "…"}`, mode 0600, written durably), so the next run is still
/// signed in.
///
/// A file that is there but not one this slot wrote is refused and left as it is.
public actor SignedInSlot {
    private enum Place {
        case memory(User.ID?)
        case file(URL)
    }

    private var place: Place

    private struct Contents: Codable {
        var userID: String

        enum CodingKeys: String, CodingKey {
            case userID = "user_id"
        }
    }

    /// A slot in memory: nobody is signed in when the process starts.
    public init() {
        place = .memory(nil)
    }

    /// A slot kept in `file`.
    public init(file: URL) {
        place = .file(file)
    }

    /// The signed-in user, or `nil`.
    ///
    /// - Throws: `.corruptData` naming the file when it is not one this slot wrote;
    ///   `.unavailable` when it cannot be read.
    public func read() throws(ServiceError) -> User.ID? {
        switch place {
        case .memory(let user):
            return user
        case .file(let url):
            guard let data = try Data.readIfPresent(url) else { return nil }
            guard let contents = try? JSONDecoder().decode(Contents.self, from: data), !contents.userID.isEmpty else {
                throw .corruptData(
                    location: url.path,
                    reason: "it is not the store's signed-in record; remove it (that signs you out)")
            }
            return User.ID(rawValue: contents.userID)
        }
    }

    /// Records `user` as signed in, or nobody for `nil`; a slot that already says so is left as
    /// it is (every command of an app may write it: an unchanged slot costs one read).
    ///
    /// - Throws: what `read()` throws for a file this slot did not write (it is not replaced);
    ///   `.unavailable` when the file cannot be written or removed.
    public func write(_ user: User.ID?) throws(ServiceError) {
        switch place {
        case .memory:
            place = .memory(user)
        case .file(let url):
            guard try read() != user else { return }
            do {
                if let user {
                    let data = try JSONEncoder().encode(Contents(userID: user.rawValue))
                    try DurableFile.write(data, to: url, mode: 0o600)
                } else if FileManager.default.fileExists(atPath: url.path) {
                    try FileManager.default.removeItem(at: url)
                }
            } catch {
                throw .unavailable(
                    reason: "cannot record the sign-in in \(url.path) (\(error.localizedDescription)); check that "
                        + "its directory is writable and the disk has space",
                    retryAfter: nil)
            }
        }
    }
}
