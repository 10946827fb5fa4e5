import Services
import Testing

@Suite("SHA256")
struct SHA256Tests {
    @Test(
        "Known FIPS 180-4 vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ])
    func knownVectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(of: Array(message.utf8)) == digest)
    }

    @Test("One million 'a' bytes, fed in uneven chunks")
    func millionA() {
        var hash = SHA256()
        let chunk = [UInt8](repeating: 0x61, count: 999)
        var remaining = 1_000_000
        while remaining > 0 {
            let count = min(remaining, chunk.count)
            hash.update(chunk[..<count])
            remaining -= count
        }
        #expect(hash.finalize() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
