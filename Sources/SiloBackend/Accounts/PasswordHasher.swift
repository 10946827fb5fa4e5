import Dispatch
import Foundation
import Services

/// Makes and checks password hashes off the cooperative thread pool.
///
/// One check costs `iterations` rounds of HMAC-SHA256 (about 0.22 s at the default in a release
/// build: `scripts/bench passwordhashing`), which would stall every other
/// request if it ran on a thread of Swift's small cooperative pool. Hashing runs on a dispatch
/// queue instead, and the calling task waits without holding a thread.
struct PasswordHasher: Sendable {
    /// What new hashes are made with: OWASP's 2023 figure for PBKDF2-HMAC-SHA256.
    static let defaultIterations = 600_000

    /// The iteration count of new hashes; `silo-backend --password-iterations` sets it.
    let iterations: Int

    private static let queue = DispatchQueue(label: "silo-backend.password-hashing", attributes: .concurrent)

    /// A hash of `password` with a fresh random salt.
    func hash(_ password: String) async -> PasswordHash {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let derived = await Self.derive(Array(password.utf8), salt: salt, iterations: iterations)
        return PasswordHash(iterations: iterations, salt: Data(salt), hash: Data(derived))
    }

    /// Whether `password` is the one `stored` was made from, compared in constant time.
    func verify(_ password: String, against stored: PasswordHash) async -> Bool {
        guard stored.algorithm == PasswordHash.pbkdf2SHA256, stored.iterations >= 1 else { return false }
        let derived = await Self.derive(Array(password.utf8), salt: Array(stored.salt), iterations: stored.iterations)
        return PBKDF2.constantTimeEquals(derived, Array(stored.hash))
    }

    /// Spends the time of one check without a stored hash, so an unknown handle takes as long to
    /// refuse as a wrong password (the timing tells nobody which handles exist).
    func spendCheckTime(_ password: String) async {
        _ = await Self.derive(Array(password.utf8), salt: Array(repeating: 0, count: 16), iterations: iterations)
    }

    private static func derive(_ password: [UInt8], salt: [UInt8], iterations: Int) async -> [UInt8] {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: PBKDF2.sha256(password: password, salt: salt, iterations: iterations))
            }
        }
    }
}
