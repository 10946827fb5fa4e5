import IntegrationSupport
import Services
import TestSupport
import Testing

@Suite(
    "SHA256.fastest(): the CPU's SHA instructions, checked against the portable computation",
    .requires(
        SHA256.hasHardwareBlockFunction, "this CPU has no SHA instructions; fastest() is the portable SHA256 here"))
struct SHA256FastestTests {
    @Test("the FIPS 180-4 vectors, fed in uneven chunks", arguments: SHA256Vectors.all)
    func vectors(_ vector: SHA256Vectors.Vector) throws {
        var hash = SHA256.fastest()
        var rest = vector.message[...]
        var size = 1
        while !rest.isEmpty {
            hash.update(rest.prefix(size))
            rest = rest.dropFirst(size)
            size = size * 7 % 1_031 + 1
        }
        #expect(hash.finalize() == vector.digest)
    }

    @Test("messages of every length up to 300 bytes, and larger ones, digest as the portable computation does")
    func sameAsPortable() throws {
        var generator = SplitMixBytes(seed: 20_261_126)
        let lengths = Array(0...300) + [4_095, 4_096, 65_537, 1_000_003]
        for length in lengths {
            let message = generator.bytes(length)
            var portable = SHA256()
            var fast = SHA256.fastest()
            portable.update(message)
            // The fast one in two pieces, so the pending-bytes path meets the block function.
            fast.update(message.prefix(length / 3))
            fast.update(message.dropFirst(length / 3))
            #expect(fast.finalize() == portable.finalize(), "length \(length)")
        }
    }
}

/// Reproducible bytes (SplitMix64), so a failing length fails again.
private struct SplitMixBytes {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: mixed ^ (mixed >> 31))
        }
    }
}
