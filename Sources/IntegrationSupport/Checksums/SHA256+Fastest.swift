import CSHA256
import Services

extension SHA256 {
    /// Whether this CPU hashes with its SHA instructions (x86-64 with the SHA extensions); when it
    /// does not, `fastest()` is the portable Swift computation.
    public static var hasHardwareBlockFunction: Bool { csha256_has_sha_extensions() == 1 }

    /// An empty computation on the fastest block function this CPU has: its SHA instructions
    /// (about ten times the portable speed here, `scripts/bench mock`), or the portable one. The
    /// digest is the same either way; the tests check both against the same vectors.
    public static func fastest() -> SHA256 {
        guard hasHardwareBlockFunction else { return SHA256() }
        return SHA256 { state, blocks, count in
            csha256_compress_blocks(state, blocks.assumingMemoryBound(to: UInt8.self), count)
        }
    }
}
