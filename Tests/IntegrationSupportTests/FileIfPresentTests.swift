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

    @Test("a named pipe is refused at once, naming it, instead of waiting for a writer")
    func namedPipe() throws {
        // Given a named pipe nobody writes to
        let directory = try TemporaryDirectory(prefix: "if-present-fifo")
        let pipe = directory.file(named: "store.journal")
        #expect(mkfifo(pipe.path, 0o600) == 0)

        // When it is read, then it throws an error naming it and what it is not
        let error = #expect(throws: SystemError.self) { try Data(contentsOfFileIfPresent: pipe) }
        #expect(
            error?.localizedDescription.contains("non-regular file \(pipe.path)") == true,
            "\(String(describing: error))")
    }
}
