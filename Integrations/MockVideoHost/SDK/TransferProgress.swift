/// How much of an upload the host has stored so far. Made by the host during an upload, as a
/// vendor SDK makes its reports; apps read it.
public struct TransferProgress: Hashable, Sendable {
    /// Bytes written to the host's storage; grows with every report of one upload.
    public let bytesTransferred: Int64
    /// The size of the source file when the upload began.
    public let totalBytes: Int64
}
