import Foundation

/// A streaming SHA-256 the host feeds every stored chunk to, so it can record a checksum without
/// reading a file twice.
///
/// The SDK ships without a cryptography dependency: the app injects the implementation through
/// `MediaHostConfiguration.makeDigest`. A digest is used by one upload only, from one task.
public protocol MediaDigest: Sendable {
    /// Adds the next chunk of the stored bytes, in order.
    mutating func append(_ chunk: Data)

    /// Returns the SHA-256 of everything appended, as 64 lowercase hex characters.
    mutating func hexDigest() -> String
}
