import Foundation
import TestSupport
import Testing

@testable import HTTPSupport

/// The socket transport's gzip and deflate decoding against what the system's `gzip` makes, at
/// its fastest and its smallest setting, and against damaged, oversized and unknown encodings.
@Suite("HTTP content decoding")
struct ContentDecodingTests {
    /// Inputs that exercise each kind of DEFLATE block: fixed codes (short), dynamic codes (text
    /// with long repeats), stored blocks (bytes that do not compress), and none at all (empty).
    static let samples: [(name: String, bytes: [UInt8])] = [
        ("empty", []),
        ("short", Array("Silo".utf8)),
        ("text", Array(String(repeating: "every post, every video, each in its silo; ", count: 5_000).utf8)),
        ("noise", noise(count: 200_000)),
        ("mixed", Array(String(repeating: "abc", count: 3_000).utf8) + noise(count: 40_000)),
    ]

    @Test("what gzip makes decodes to the original", arguments: ["-1", "-9"], samples.map(\.name))
    func gzipRoundTrip(_ level: String, _ name: String) async throws {
        let original = Self.samples.first { $0.name == name }!.bytes
        let zipped = try await Self.gzip(original, level: level)
        #expect(try ContentDecoding.decode(zipped, coding: "gzip", limit: 1 << 20) == original)
        #expect(
            try ContentDecoding.decode(Self.zlib(fromGzip: zipped, of: original), coding: "deflate", limit: 1 << 20)
                == original)
    }

    @Test("the checksums give their published check values")
    func checkValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([UInt8](repeating: 0xFF, count: 100_000)) == Self.slowAdler32(count: 100_000))
    }

    /// Adler-32 of `count` bytes of 0xFF, reduced at every step (the checksum's definition).
    private static func slowAdler32(count: Int) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for _ in 0..<count {
            a = (a + 0xFF) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    @Test("two gzip members one after another decode to both")
    func members() async throws {
        let first = try await Self.gzip(Array("first ".utf8), level: "-9")
        let second = try await Self.gzip(Array("second".utf8), level: "-9")
        #expect(try ContentDecoding.gunzip(first + second, limit: 100) == Array("first second".utf8))
    }

    @Test("damaged data is corrupt, naming what is wrong")
    func damaged() async throws {
        let zipped = try await Self.gzip(Self.samples[2].bytes, level: "-9")
        var badChecksum = zipped
        badChecksum[badChecksum.count - 6] ^= 0xFF
        #expect(throws: Inflater.Failure.corrupt("the gzip checksum does not match")) {
            try ContentDecoding.gunzip(badChecksum, limit: 1 << 20)
        }
        #expect(throws: Inflater.Failure.self) {
            try ContentDecoding.gunzip(Array(zipped.dropLast(20)), limit: 1 << 20)
        }
        #expect(throws: Inflater.Failure.corrupt("the gzip header is not valid")) {
            try ContentDecoding.gunzip(Array("not gzip at all".utf8), limit: 1 << 20)
        }
        #expect(throws: Inflater.Failure.corrupt("the zlib header is not valid")) {
            try ContentDecoding.unwrapZlib(Array("not zlib".utf8), limit: 1 << 20)
        }
        #expect(throws: Inflater.Failure.corrupt("the answer is encoded as 'br', which was not asked for")) {
            try ContentDecoding.decode([1, 2, 3], coding: "br", limit: 1 << 20)
        }
    }

    @Test("a small body that would expand past the limit stops at the limit")
    func bomb() async throws {
        let zeros = try await Self.gzip([UInt8](repeating: 0, count: 1 << 20), level: "-9")
        #expect(zeros.count < 2_000)
        #expect(throws: Inflater.Failure.tooLarge(limit: 100_000)) {
            try ContentDecoding.gunzip(zeros, limit: 100_000)
        }
    }

    /// `bytes` compressed by the system's `gzip` at `level`.
    private static func gzip(_ bytes: [UInt8], level: String) async throws -> [UInt8] {
        let directory = try TemporaryDirectory()
        let input = directory.url.appendingPathComponent("input")
        try Data(bytes).write(to: input)
        let outcome = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "gzip -n \(level) -c input > input.gz"],
            in: directory.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return try Array(Data(contentsOf: directory.url.appendingPathComponent("input.gz")))
    }

    /// The same DEFLATE data as `gzipped` (one member without optional fields, made from
    /// `original`), wrapped as zlib.
    private static func zlib(fromGzip gzipped: [UInt8], of original: [UInt8]) -> [UInt8] {
        let deflate = gzipped[10..<gzipped.count - 8]
        let adler = Adler32.checksum(original)
        return [0x78, 0xDA] + deflate + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
    }

    /// `count` bytes that do not compress, the same every run.
    private static func noise(count: Int) -> [UInt8] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }
}
