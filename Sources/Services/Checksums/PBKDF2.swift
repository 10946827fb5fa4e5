// Goes with sign-in or the HTTP backend (only silo-backend hashes passwords); part of: authentication, HTTPBackend
/// PBKDF2 (RFC 8018, section 5.2): derives a key from a password by iterated HMAC, so that each
/// guess at the password costs an attacker as many HMACs as it cost us.
///
/// Stateless and thread-safe. The cost grows linearly with `iterations`; measure it on the target
/// machine before choosing a count (OWASP's 2023 recommendation for HMAC-SHA256 is 600,000).
public enum PBKDF2 {
    /// The PBKDF2-HMAC-SHA256 key of `length` bytes derived from `password` and `salt`.
    ///
    /// Each iteration is two SHA-256 compressions of one block each, with no heap allocation: the
    /// key's two padded blocks are hashed once per call, and every iteration resumes from them.
    ///
    /// - Parameters:
    ///   - password: The secret, of any length (a password is usually its UTF-8 bytes).
    ///   - salt: Bytes unique to this password, at least 16 random bytes (RFC 8018 asks for 8 or
    ///     more), stored next to the derived key.
    ///   - iterations: How many HMACs make each 32 bytes of the key; at least 1.
    ///   - length: The key's length in bytes; at least 1 and at most 32 × (2³² − 1).
    /// - Returns: The derived key, `length` bytes.
    public static func sha256(password: [UInt8], salt: [UInt8], iterations: Int, length: Int = 32) -> [UInt8] {
        precondition(iterations >= 1, "PBKDF2 needs at least one iteration")
        precondition(length >= 1, "PBKDF2 derives at least one byte")
        let blockCount = UInt64(length - 1) / 32 + 1
        precondition(blockCount <= UInt64(UInt32.max), "PBKDF2 derives at most 32 × (2³² − 1) bytes")
        let mac = HMACSHA256(key: password)
        var key: [UInt8] = []
        key.reserveCapacity(Int(blockCount) * 32)
        for index in 1...UInt32(blockCount) {
            key += block(index, of: mac, salt: salt, iterations: iterations)
        }
        return Array(key.prefix(length))
    }

    /// T_i = U_1 ⊕ U_2 ⊕ … ⊕ U_c, where U_1 = HMAC(P, S ‖ INT(i)) and U_j = HMAC(P, U_(j−1)).
    private static func block(_ index: UInt32, of mac: HMACSHA256, salt: [UInt8], iterations: Int) -> [UInt8] {
        var first = mac
        first.update(salt)
        first.update((0..<4).map { UInt8(truncatingIfNeeded: index >> (24 - 8 * $0)) })
        let u1 = first.finalize()
        guard iterations > 1 else { return u1 }
        // Words 0..<64 are the SHA-256 message schedule, 64..<72 the running XOR (T_i).
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 72) { words in
            let schedule = UnsafeMutableBufferPointer(rebasing: words[0..<64])
            let sum = UnsafeMutableBufferPointer(rebasing: words[64..<72])
            for t in 0..<8 {
                let bytes = u1[(4 * t)..<(4 * t + 4)]
                schedule[t] = bytes.reduce(0) { $0 << 8 | UInt32($1) }
                sum[t] = schedule[t]
            }
            // Both hashed messages are a 64-byte key block then a 32-byte digest, so both final
            // blocks end with the same padding: 0x80, zeros, and the length, 96 bytes = 768 bits.
            // `compress(schedule:)` leaves words 0..<16 alone, so this is written once.
            schedule[8] = 0x8000_0000
            for t in 9..<15 { schedule[t] = 0 }
            schedule[15] = 768
            for _ in 1..<iterations {
                // Words 0..<8 hold U_(j−1); the inner digest replaces them, then U_j does.
                var inner = mac.innerKeyState
                inner.compress(schedule: schedule)
                inner.store(into: schedule)
                var outer = mac.outerKeyState
                outer.compress(schedule: schedule)
                outer.store(into: schedule)
                for t in 0..<8 { sum[t] ^= schedule[t] }
            }
            return (0..<32).map { UInt8(truncatingIfNeeded: sum[$0 / 4] >> (24 - 8 * ($0 % 4))) }
        }
    }
}
