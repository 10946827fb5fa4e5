import Models
import Testing

@Suite("UserRules and VideoRules")
struct UserRulesTests {
    @Test("Display names of 1 and 50 characters are accepted, 0 and 51 rejected")
    func displayNameBoundaries() throws {
        #expect(try UserRules.validatedDisplayName("Z") == "Z")
        #expect(try UserRules.validatedDisplayName(String(repeating: "👍🏽", count: 50)).count == 50)
        #expect(throws: ValidationError.self) { try UserRules.validatedDisplayName("") }
        #expect(throws: ValidationError.self) { try UserRules.validatedDisplayName(String(repeating: "n", count: 51)) }
    }

    @Test("Display names may not contain newlines")
    func displayNameRejectsNewline() {
        #expect(throws: ValidationError.self) { try UserRules.validatedDisplayName("two\nlines") }
    }

    @Test("Video titles of 1 and 120 characters are accepted, 0 and 121 rejected")
    func titleBoundaries() throws {
        #expect(try VideoRules.validatedTitle(" t ") == "t")
        #expect(try VideoRules.validatedTitle(String(repeating: "t", count: 120)).count == 120)
        #expect(throws: ValidationError.self) { try VideoRules.validatedTitle("   ") }
        #expect(throws: ValidationError.self) { try VideoRules.validatedTitle(String(repeating: "t", count: 121)) }
    }

    @Test(
        "File names that could escape a directory are rejected",
        arguments: ["", ".", "..", "../../etc/passwd", "a/b", "a\\b", "nul\u{0}", String(repeating: "é", count: 128)]
    )
    func rejectsUnsafeFileNames(name: String) throws {
        let error = try #require(throws: ValidationError.self) { try VideoRules.validatedFileName(name) }
        #expect(error.field == "fileName")
    }

    @Test("Plain file names are accepted", arguments: ["clip.mp4", "été 2024.mov", ".hidden", "a..b"])
    func acceptsPlainFileNames(name: String) throws {
        #expect(try VideoRules.validatedFileName(name) == name)
    }
}
