// Goes with sign-in or the HTTP backend (only silo-backend hashes passwords); part of: authentication, HTTPBackend
import Services
import Testing

@Suite("PBKDF2")
struct PBKDF2Tests {
    @Test(
        "Published PBKDF2-HMAC-SHA256 vectors",
        arguments: [
            ("password", "salt", 1, 32, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
            ("password", "salt", 2, 32, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
            ("password", "salt", 4096, 32, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
            (
                "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, 40,
                "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"
            ),
            ("pass\0word", "sa\0lt", 4096, 16, "89b69d0516f829893c696226650a8687"),
        ])
    func publishedVectors(password: String, salt: String, iterations: Int, length: Int, key: String) {
        // When
        let derived = PBKDF2.sha256(
            password: Array(password.utf8), salt: Array(salt.utf8), iterations: iterations, length: length)

        // Then
        #expect(derived.hex == key)
    }

    @Test("The key is RFC 8018's chain of HMACs, block by block, cut to length")
    func matchesTheDefinition() {
        // Given: a password longer than a block, so HMAC hashes it, and a key of three blocks, cut short
        let password = [UInt8](0..<100)
        let salt = Array("NaCl and more".utf8)
        let (iterations, length) = (5, 70)

        // When
        let derived = PBKDF2.sha256(password: password, salt: salt, iterations: iterations, length: length)

        // Then: T_i = U_1 ⊕ … ⊕ U_c, U_1 = HMAC(P, S ‖ INT(i)), U_j = HMAC(P, U_(j−1))
        var expected: [UInt8] = []
        for index: UInt8 in 1...3 {
            var u = HMACSHA256.authenticationCode(for: salt + [0, 0, 0, index], key: password)
            var block = u
            for _ in 1..<iterations {
                u = HMACSHA256.authenticationCode(for: u, key: password)
                block = zip(block, u).map { $0 ^ $1 }
            }
            expected += block
        }
        #expect(derived == Array(expected.prefix(length)))
    }
}
