extension SHA256 {
    /// SHA-256's eight-word hash value (H0…H7 in FIPS 180-4) and its compression function.
    ///
    /// The low-level half of `SHA256`, for callers in this module that know their message's layout
    /// in advance (HMAC and PBKDF2): a value that has absorbed whole 64-byte blocks and nothing else,
    /// so it can be copied and fed one block at a time with no buffering and no heap allocation.
    /// After the last, padded block its words, most significant byte first, are the digest.
    ///
    /// Feeding a block costs the same whatever its contents: the compression has no branch or
    /// memory access that depends on the data (Swift itself makes no constant-time promise).
    struct State: Sendable {
        private var h0: UInt32 = 0x6a09_e667
        private var h1: UInt32 = 0xbb67_ae85
        private var h2: UInt32 = 0x3c6e_f372
        private var h3: UInt32 = 0xa54f_f53a
        private var h4: UInt32 = 0x510e_527f
        private var h5: UInt32 = 0x9b05_688c
        private var h6: UInt32 = 0x1f83_d9ab
        private var h7: UInt32 = 0x5be0_cd19

        /// The initial hash value H(0): the state before any block.
        init() {}

        /// The state after `self` has absorbed the 64-byte block `block` (exactly 64 bytes).
        func absorbing(_ block: [UInt8]) -> State {
            precondition(block.count == 64, "a SHA-256 block is 64 bytes")
            var next = self
            block.withUnsafeBytes { next.compress($0, at: 0) }
            return next
        }

        /// The 32-byte digest: the eight words, most significant byte first.
        var digest: [UInt8] {
            [h0, h1, h2, h3, h4, h5, h6, h7].flatMap { word in
                (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) }
            }
        }

        /// Writes the eight words to `words[0..<8]`, ready to be the first half of a message block.
        func store(into words: UnsafeMutableBufferPointer<UInt32>) {
            (words[0], words[1], words[2], words[3]) = (h0, h1, h2, h3)
            (words[4], words[5], words[6], words[7]) = (h4, h5, h6, h7)
        }

        /// Absorbs `blocks` (whole 64-byte blocks) with `function` instead of the portable compression.
        mutating func absorb(_ blocks: UnsafeRawBufferPointer, with function: BlockFunction) {
            guard let start = blocks.baseAddress else { return }
            // A homogeneous tuple is laid out as consecutive words, so it can be lent as a buffer.
            var words = (h0, h1, h2, h3, h4, h5, h6, h7)
            withUnsafeMutableBytes(of: &words) { raw in
                function(raw.baseAddress!.assumingMemoryBound(to: UInt32.self), start, blocks.count / 64)
            }
            (h0, h1, h2, h3, h4, h5, h6, h7) = words
        }

        /// Absorbs the 64-byte block at `offset` of `buffer`.
        mutating func compress(_ buffer: UnsafeRawBufferPointer, at offset: Int) {
            // The message schedule lives on the stack: a heap allocation per 64-byte block would
            // dominate the cost of hashing large files.
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for t in 0..<16 {
                    w[t] = UInt32(bigEndian: buffer.loadUnaligned(fromByteOffset: offset + t * 4, as: UInt32.self))
                }
                compress(schedule: w)
            }
        }

        /// Absorbs the block whose 16 big-endian words are `schedule[0..<16]`.
        ///
        /// `schedule` holds at least 64 words; this overwrites `schedule[16..<64]` with the message
        /// schedule and leaves `schedule[0..<16]` as they were, so a caller can feed blocks that
        /// share words (such as padding) without writing them again.
        mutating func compress(schedule w: UnsafeMutableBufferPointer<UInt32>) {
            precondition(w.count >= 64, "the message schedule needs 64 words")
            for t in 16..<64 {
                let s0 = w[t - 15].rotatedRight(7) ^ w[t - 15].rotatedRight(18) ^ (w[t - 15] >> 3)
                let s1 = w[t - 2].rotatedRight(17) ^ w[t - 2].rotatedRight(19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
            Self.roundConstants.withUnsafeBufferPointer { k in
                for t in 0..<64 {
                    let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                    let choice = (e & f) ^ (~e & g)
                    let temp1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
                    let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    (h, g, f, e) = (g, f, e, d &+ temp1)
                    (d, c, b, a) = (c, b, a, temp1 &+ s0 &+ majority)
                }
            }
            h0 &+= a
            h1 &+= b
            h2 &+= c
            h3 &+= d
            h4 &+= e
            h5 &+= f
            h6 &+= g
            h7 &+= h
        }

        private static let roundConstants: [UInt32] = [
            0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
            0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
            0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
            0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
            0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
            0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
            0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
            0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
        ]
    }
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
