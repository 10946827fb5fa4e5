import Foundation
import IntegrationSupport
import TestSupport
import Testing

@Suite("Data(contentsOfFileIfPresent:)")
struct FileIfPresentTests {
    @Test("a file gives its bytes, a missing one nil, and one that cannot be read throws")
    func presentMissingUnreadable() throws {
        // Given a file, a name with no file, and a directory where a file is expected
        let directory = try TemporaryDirectory(prefix: "if-present")
        let file = directory.file(named: "store.json")
        try Data("stored".utf8).write(to: file)
        let unreadable = directory.file(named: "folder")
        try FileManager.default.createDirectory(at: unreadable, withIntermediateDirectories: false)

        // When each is read, then only the missing one counts as nothing stored
        #expect(try Data(contentsOfFileIfPresent: file) == Data("stored".utf8))
        #expect(try Data(contentsOfFileIfPresent: directory.file(named: "none.json")) == nil)
        #expect(throws: (any Error).self) { try Data(contentsOfFileIfPresent: unreadable) }
    }
}
