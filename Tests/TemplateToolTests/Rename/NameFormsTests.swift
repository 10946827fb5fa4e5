import Testing

@testable import TemplateTool

@Suite("Renaming: the name's spellings")
struct NameFormsTests {
    let names = NameForms(old: "Silo", new: "Acme")

    @Test("each spelling becomes the same spelling of the new name")
    func spellings() {
        #expect(
            names.replacing(in: "Silo silo SILO_POSTS silo-backend SiloCLI")
                == "Acme acme ACME_POSTS acme-backend AcmeCLI")
    }

    @Test("mixed spellings and other words are left alone")
    func others() {
        #expect(names.replacing(in: "sIlo Sil os ilo") == "sIlo Sil os ilo")
    }

    @Test("a replacement is never replaced again, even when the new name holds the old")
    func noSecondPass() {
        #expect(NameForms(old: "Silo", new: "SiloSilo").replacing(in: "Silo") == "SiloSilo")
    }
}
