import Models
import Testing

@Suite("PostRules")
struct PostRulesTests {
    @Test("Lengths 1 and 500 are accepted", arguments: [1, 500])
    func acceptsBoundaries(length: Int) throws {
        let text = String(repeating: "a", count: length)
        #expect(try PostRules.validatedText(text) == text)
    }

    @Test("Lengths 0 and 501 are rejected", arguments: [0, 501])
    func rejectsOutsideBoundaries(length: Int) {
        #expect(throws: ValidationError.self) { try PostRules.validatedText(String(repeating: "a", count: length)) }
    }

    @Test("Whitespace-only text is rejected as empty", arguments: ["   ", "\n\n", " \u{3000}\u{A0} ", "\u{2028}"])
    func rejectsWhitespaceOnly(text: String) {
        #expect(throws: ValidationError(field: "text", reason: "must not be empty or only whitespace")) {
            try PostRules.validatedText(text)
        }
    }

    @Test("An emoji ZWJ sequence counts as one character")
    func zwjSequenceIsOneCharacter() throws {
        let family = "👩‍👩‍👧‍👦"
        #expect(family.unicodeScalars.count == 7)
        #expect(try PostRules.validatedText(String(repeating: family, count: 500)).count == 500)
        #expect(throws: ValidationError.self) { try PostRules.validatedText(String(repeating: family, count: 501)) }
    }

    @Test("Combining marks count with their base character")
    func combiningMarks() throws {
        let zalgo = "e\u{301}\u{316}\u{327}"
        #expect(try PostRules.validatedText(String(repeating: zalgo, count: 500)).count == 500)
    }

    @Test("NFC and NFD spellings count the same and are kept as given")
    func normalisationForms() throws {
        let composed = String(repeating: "\u{E9}", count: 500)
        let decomposed = String(repeating: "e\u{301}", count: 500)
        #expect(try PostRules.validatedText(composed).count == 500)
        let kept = try PostRules.validatedText(decomposed)
        #expect(kept.count == 500)
        #expect(Array(kept.utf8) == Array(decomposed.utf8))
    }

    @Test("Right-to-left text and direction marks are accepted unchanged")
    func rightToLeft() throws {
        let text = "\u{200F}مرحبا بالعالم — שלום"
        #expect(Array(try PostRules.validatedText(text).utf8) == Array(text.utf8))
    }

    @Test("Text is trimmed at both ends and inner newlines are kept")
    func trimming() throws {
        #expect(try PostRules.validatedText(" \n hello\n\nworld \t") == "hello\n\nworld")
    }

    @Test(
        "Control characters other than newline are rejected",
        arguments: ["a\u{0}b", "a\tb", "a\rb", "a\u{7}b", "a\u{1B}b", "a\u{7F}b", "a\u{85}b"]
    )
    func rejectsControls(text: String) throws {
        let error = try #require(throws: ValidationError.self) { try PostRules.validatedText(text) }
        #expect(error.field == "text")
        #expect(error.reason.contains("control character"))
    }
}

@Suite("Text rules: plain ASCII takes a shortcut with the same answers")
struct TextRulesASCIITests {
    /// Texts of ASCII only: the shortcut's ground, each checked against what the rules say.
    @Test(
        "ASCII texts are trimmed and refused exactly as the rules say",
        arguments: [
            ("  hello  ", "hello"), ("\n\nline one\nline two\n", "line one\nline two"), ("\ttabbed\t", "tabbed"),
            ("a\r\nb", nil), ("bell\u{07}", nil), ("nul\u{00}", nil), ("del\u{7F}", nil), (" ", nil), ("", nil),
            ("\n", nil), (String(repeating: "x", count: 500), String(repeating: "x", count: 500)),
            (String(repeating: "x", count: 501), nil),
            ("  " + String(repeating: "y", count: 500) + " \n", String(repeating: "y", count: 500)),
        ] as [(String, String?)])
    func ascii(_ text: String, _ expected: String?) {
        let result = try? PostRules.validatedText(text)
        #expect(result == expected, "\(text.debugDescription)")
    }
}
