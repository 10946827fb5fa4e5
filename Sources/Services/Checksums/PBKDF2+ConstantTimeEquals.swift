// Goes with sign-in or the HTTP backend (only silo-backend hashes passwords); part of: authentication, HTTPBackend
extension PBKDF2 {
    /// Whether `a` and `b` hold the same bytes, comparing every byte even after a difference.
    ///
    /// Use it to check a derived key (or an HMAC-SHA256 code) against the stored one: `==` returns
    /// at the first differing byte, which tells an attacker who can time it how much of a guess was
    /// right. The running time depends only on the lengths. Arrays of different lengths return
    /// `false` at once, without reading a byte: the length of a derived key or code is no secret.
    ///
    /// - Returns: `true` if the arrays have the same length and the same bytes.
    public static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(a, b) {
            difference |= left ^ right
        }
        return difference == 0
    }
}
