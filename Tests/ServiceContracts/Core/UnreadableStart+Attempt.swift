import Foundation
import Services
import TestSupport

extension UnreadableStart {
    /// Puts a directory where the file at `url` is (an I/O error, not a missing file), runs
    /// `start` on it, and records what it threw and whether anything beside the file changed;
    /// then puts the file back. What every fixture's `unreadableStart` hook does once it has
    /// stopped its store.
    public static func attempt(
        on url: URL,
        start: @Sendable () async throws -> Void
    ) async throws -> UnreadableStart {
        let unreadable = try UnreadableFile(url)
        defer { try? unreadable.restore() }
        let directory = url.deletingLastPathComponent()
        let before = DirectoryListing.entries(of: directory)
        var failure: ServiceError?
        do {
            try await start()
        } catch let error as ServiceError {
            failure = error
        }
        let after = DirectoryListing.entries(of: directory)
        return UnreadableStart(error: failure, location: url.path, entriesBefore: before, entriesAfter: after)
    }
}
