// Goes with sign-in or the HTTP backend (only silo-backend hashes passwords); part of: authentication, HTTPBackend
import Services
import Testing

@Suite("PBKDF2.constantTimeEquals")
struct ConstantTimeEqualsTests {
    @Test("Equal bytes compare equal, including two empty arrays", arguments: [[], [0], [UInt8](0..<32)])
    func equal(bytes: [UInt8]) {
        #expect(PBKDF2.constantTimeEquals(bytes, bytes))
    }

    @Test("A difference at any position is found", arguments: [0, 15, 31])
    func differentByte(position: Int) {
        // Given
        let stored = [UInt8](0..<32)
        var guess = stored
        guess[position] ^= 0x01

        // Then
        #expect(!PBKDF2.constantTimeEquals(stored, guess))
    }

    @Test("Arrays of different lengths are unequal, even when one is a prefix of the other")
    func differentLength() {
        let stored = [UInt8](0..<32)
        #expect(!PBKDF2.constantTimeEquals(stored, Array(stored.prefix(31))))
        #expect(!PBKDF2.constantTimeEquals([], stored))
    }
}
