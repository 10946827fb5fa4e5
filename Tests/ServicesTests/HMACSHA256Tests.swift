// Goes with sign-in or the HTTP backend (only silo-backend hashes passwords); part of: authentication, HTTPBackend
import Services
import Testing

@Suite("HMACSHA256")
struct HMACSHA256Tests {
    @Test(
        "RFC 4231 test cases",
        arguments: [
            (
                "1", [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                "2 (a key shorter than the digest)", Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                "3", [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
                "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
            ),
            (
                "4", [UInt8](1...25), [UInt8](repeating: 0xcd, count: 50),
                "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
            ),
            (
                "6 (a key longer than the block)", [UInt8](repeating: 0xaa, count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
            (
                "7 (a key and a message longer than the block)", [UInt8](repeating: 0xaa, count: 131),
                Array(
                    ("This is a test using a larger than block-size key and a larger than block-size data. "
                        + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
                "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
            ),
        ])
    func rfc4231(testCase: String, key: [UInt8], message: [UInt8], code: String) {
        // When
        let computed = HMACSHA256.authenticationCode(for: message, key: key)

        // Then
        #expect(computed.hex == code, "RFC 4231 test case \(testCase)")
    }

    @Test("A key of exactly one block is used as it is, not hashed")
    func blockSizedKey() {
        // Given: a 64-byte key ending in a zero byte, which is what HMAC's zero padding makes of its
        // first 63 bytes
        let key = [UInt8](repeating: 0x42, count: 63) + [0]

        // When
        let fullBlock = HMACSHA256.authenticationCode(for: Array("message".utf8), key: key)
        let padded = HMACSHA256.authenticationCode(for: Array("message".utf8), key: Array(key.prefix(63)))

        // Then
        #expect(fullBlock == padded)
    }
}
