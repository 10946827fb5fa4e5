import Testing

/// SHA-256 test vectors from FIPS 180-4's examples (and the one-million-`a` message of its test
/// suite): every SHA-256 block function the app has is checked against these same ones.
public enum SHA256Vectors {
    /// A message and its digest in lowercase hex.
    public struct Vector: Sendable, CustomTestStringConvertible {
        /// The message's bytes.
        public let message: [UInt8]
        /// Its digest.
        public let digest: String
        /// How the test names it.
        public let testDescription: String
    }

    /// The empty message, "abc", the two-block message, and one million `a`.
    public static let all: [Vector] = [
        Vector(
            message: [], digest: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            testDescription: "empty"),
        Vector(
            message: Array("abc".utf8), digest: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            testDescription: "abc"),
        Vector(
            message: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            digest: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            testDescription: "448 bits, two blocks"),
        Vector(
            message: [UInt8](repeating: 0x61, count: 1_000_000),
            digest: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
            testDescription: "one million 'a'"),
    ]
}
