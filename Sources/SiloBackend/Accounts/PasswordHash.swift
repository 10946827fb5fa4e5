import Foundation

/// A password as the server keeps it: PBKDF2-HMAC-SHA256 of the password with a random salt,
/// and the iteration count it was made with (so the count can grow without invalidating old
/// hashes). Never the password; never returned by the API or logged.
struct PasswordHash: Codable, Sendable, Hashable {
    /// Always `"pbkdf2-sha256"`; a stored hash with another value never verifies (`PasswordHasher.verify`).
    var algorithm = Self.pbkdf2SHA256
    var iterations: Int
    /// 16 random bytes, base64 in the journal.
    var salt: Data
    /// 32 bytes, base64 in the journal.
    var hash: Data

    /// The one algorithm this server makes and checks.
    static let pbkdf2SHA256 = "pbkdf2-sha256"
}
