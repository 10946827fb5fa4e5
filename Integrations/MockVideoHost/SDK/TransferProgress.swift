/// How much of an upload the host has stored so far.
public struct TransferProgress: Hashable, Sendable {
    /// Bytes written to the host's storage; grows with every report of one upload.
    public let bytesTransferred: Int64
    /// The size of the source file when the upload began.
    public let totalBytes: Int64

    /// Creates a progress report.
    public init(bytesTransferred: Int64, totalBytes: Int64) {
        self.bytesTransferred = bytesTransferred
        self.totalBytes = totalBytes
    }
}
