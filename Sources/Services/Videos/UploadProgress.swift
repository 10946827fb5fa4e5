// scripts/remove-service deletes this file with the service it is part of: hosting
/// How far an upload has got: bytes accepted by the host out of the file's size.
public struct UploadProgress: Hashable, Sendable {
    /// Bytes the host has accepted so far; never decreases during one upload.
    public let bytesSent: Int64
    /// The file's size in bytes.
    public let totalBytes: Int64

    /// Creates a progress report.
    public init(bytesSent: Int64, totalBytes: Int64) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// `bytesSent / totalBytes` in 0...1 (1 for an empty total).
    public var fractionCompleted: Double {
        totalBytes > 0 ? min(1, Double(bytesSent) / Double(totalBytes)) : 1
    }

    /// Whether every byte has been accepted.
    public var isComplete: Bool { bytesSent >= totalBytes }
}
