import Services

/// Ids derived from a request's `Idempotency-Key`, for what a request makes without an id of its
/// own.
///
/// A change's answer is kept under its key only after the change is stored, so a crash between
/// the two loses the answer and the retry runs the route again. An id made from the user and the
/// key is the same on that retry: the store's uniqueness then shows the change was already made,
/// and the route answers with what it made instead of making it twice.
enum KeyedID {
    /// A lowercased UUID (version 8, RFC 9562) from SHA-256 of `kind`, `scope` and `key`: the same
    /// for the same three, and as unlikely as a random one to meet another id.
    static func make(_ kind: String, scope: String, key: String) -> String {
        var hex = Array(SHA256.hexDigest(of: Array("\(kind)\n\(scope)\n\(key)".utf8)).prefix(32))
        hex[12] = "8"
        // The variant's two high bits are 10: the nibble is one of 8, 9, a, b.
        hex[16] = Array("89ab")[(hex[16].hexDigitValue ?? 0) & 3]
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
        return groups.joined(separator: "-")
    }
}
