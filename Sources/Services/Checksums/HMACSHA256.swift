// Goes with sign-in or the HTTP backend (only silo-backend hashes passwords); part of: authentication, HTTPBackend
/// HMAC-SHA256 (RFC 2104): a 32-byte authentication code for a message under a secret key.
///
/// `authenticationCode(for:key:)` is the whole public API. Inside this module a value is also a
/// streaming computation (`init(key:)`, `update(_:)`, `finalize()`) that can be copied to reuse a
/// key's setup for several messages, as `PBKDF2` does. Compare codes with
/// `PBKDF2.constantTimeEquals(_:_:)`, never `==`.
///
/// Running time depends on the lengths of the key and message, never on their contents. Copies of
/// the key stay in freed memory until it is reused: Swift offers no way to wipe them.
public struct HMACSHA256: Sendable {
    /// SHA-256's block size: keys up to this long are used as they are, longer ones hashed first.
    static let blockSize = 64

    /// The SHA-256 state after the block (key ⊕ ipad): where every inner hash starts.
    let innerKeyState: SHA256.State
    /// The SHA-256 state after the block (key ⊕ opad): where every outer hash starts.
    let outerKeyState: SHA256.State
    /// The inner hash of the message so far.
    private var inner: SHA256

    /// The 32-byte HMAC-SHA256 of `message` under `key`.
    ///
    /// - Parameters:
    ///   - message: The bytes to authenticate, of any length.
    ///   - key: The secret, of any length (RFC 2104 recommends at least 32 bytes); a key longer
    ///     than 64 bytes is replaced by its SHA-256, as the RFC says.
    /// - Returns: The authentication code, 32 bytes.
    public static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        var mac = HMACSHA256(key: key)
        mac.update(message)
        return mac.finalize()
    }

    /// Starts an authentication code under `key`: hashes its two padded key blocks once.
    init(key: [UInt8]) {
        var block = key
        if block.count > Self.blockSize {
            var hash = SHA256()
            hash.update(key)
            block = hash.finalizeDigest()
        }
        block += [UInt8](repeating: 0, count: Self.blockSize - block.count)
        innerKeyState = SHA256.State().absorbing(block.map { $0 ^ 0x36 })
        outerKeyState = SHA256.State().absorbing(block.map { $0 ^ 0x5c })
        inner = SHA256(resuming: innerKeyState, afterPrefixOfLength: Self.blockSize)
    }

    /// Adds `bytes` to the message.
    mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        inner.update(bytes)
    }

    /// Returns the 32-byte authentication code of the message added so far. Call it once: copy the
    /// value first to authenticate a longer message as well.
    mutating func finalize() -> [UInt8] {
        var outer = SHA256(resuming: outerKeyState, afterPrefixOfLength: Self.blockSize)
        outer.update(inner.finalizeDigest())
        return outer.finalizeDigest()
    }
}
