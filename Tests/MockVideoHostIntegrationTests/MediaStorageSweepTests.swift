import Foundation
import IntegrationSupport
import TestSupport
import Testing

@testable import MockVideoHostIntegration

/// Start-up's sweep removes what a killed upload left, and never what a live one finishes while
/// the sweep runs.
@Suite("Mock video host: start-up sweep")
struct MediaStorageSweepTests {
    @Test("complete bytes whose record is written after the sweep listed the directory are kept")
    func recordWrittenAfterListing() throws {
        // Given bytes held by an upload in another process (locked), listed before their record
        let directory = try TemporaryDirectory(prefix: "media-sweep")
        let storage = MediaStorage(directory: directory.url)
        let id = "med_00c0ffee00c0ffee"
        let listing: [String]
        do {
            let upload = try FileLock.createExclusive(at: storage.mediaURL(for: id).path)
            listing = try storage.entryNames()

            // When the upload writes the record and lets go, and then the sweep goes by its listing
            try Data("{}".utf8).write(to: storage.recordURL(for: id))
            withExtendedLifetime(upload) {}
        }
        storage.removeAbandonedFiles(listed: listing)

        // Then the bytes are still there
        #expect(FileManager.default.fileExists(atPath: storage.mediaURL(for: id).path))
    }

    @Test("bytes no upload holds and no record names are removed")
    func abandonedBytesGo() throws {
        let directory = try TemporaryDirectory(prefix: "media-sweep")
        let storage = MediaStorage(directory: directory.url)
        let id = "med_00c0ffee00c0ffee"
        try Data("bytes".utf8).write(to: storage.mediaURL(for: id))
        storage.removeAbandonedFiles()
        #expect(!FileManager.default.fileExists(atPath: storage.mediaURL(for: id).path))
    }
}
