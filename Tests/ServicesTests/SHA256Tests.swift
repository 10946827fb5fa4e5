import Services
import TestSupport
import Testing

@Suite("SHA256")
struct SHA256Tests {
    @Test("Known FIPS 180-4 vectors, fed in uneven chunks", arguments: SHA256Vectors.all)
    func knownVectors(_ vector: SHA256Vectors.Vector) {
        var hash = SHA256()
        var rest = vector.message[...]
        while !rest.isEmpty {
            hash.update(rest.prefix(999))
            rest = rest.dropFirst(999)
        }
        #expect(hash.finalize() == vector.digest)
        #expect(SHA256.hexDigest(of: vector.message) == vector.digest)
    }
}
