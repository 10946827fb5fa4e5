// scripts/remove-service deletes this file with the service it is part of: library
import Foundation
import IntegrationSupport
import Models
import Services

/// A `VideoLibraryService` storing saved videos in the integration's SQLite database.
///
/// Get it from `SQLiteIntegration.videoLibraryService`. Safe to call from any task. Videos come from a
/// host, so the owner is not checked against the users table; `save` is an UPSERT keyed by the
/// video's id.
public struct SQLiteVideoLibraryService: VideoLibraryService {
    let database: Database
    /// The library observations, sharing one reader per owner and page size.
    let libraryObservations: SharedRefreshes<FirstPageKey, Page<Video>>

    init(database: Database, observationInterval: Duration) {
        self.database = database
        libraryObservations = SharedRefreshes(on: database.changes, minimumInterval: observationInterval)
    }

    /// Returns a page of `ownerID`'s saved videos, newest first; see
    /// `VideoLibraryService.videos(ownerID:page:)`.
    public func videos(ownerID: User.ID, page request: PageRequest) async throws(ServiceError) -> Page<Video> {
        let page = try KeysetPage(request, scope: KeysetCursor.libraryScope(ownerID))
        let records = try await database.run { connection throws(SQLiteError) in
            try VideoRecord.library.rows(
                on: connection, owner: ownerID.rawValue, page: page, row: VideoRecord.init(row:))
        }
        return try page.page(of: records, position: \.position).map { record throws(ServiceError) in try Video(record) }
    }

    /// Returns the saved video with `id`; see `VideoLibraryService.video(id:)`.
    public func video(id: Video.ID) async throws(ServiceError) -> Video {
        let record = try await database.run { connection throws(SQLiteError) in
            try connection.queryFirst(VideoRecord.select + "WHERE id = ?1", id.rawValue, row: VideoRecord.init(row:))
        }
        guard let record else { throw .notFound(what: "video \(id)") }
        return try Video(record)
    }

    /// Validates `video` and inserts or replaces it; see `VideoLibraryService.save(_:)`.
    public func save(_ video: Video) async throws(ServiceError) -> Video {
        let valid = try ServiceError.validating { () throws(ValidationError) in try VideoRules.validated(video) }
        let record = VideoRecord(valid)
        try await database.run { connection throws(SQLiteError) in
            try connection.run(VideoRecord.upsert, values: record.values)
        }
        return valid
    }

    /// Removes the video with `id`; see `VideoLibraryService.remove(id:)`.
    public func remove(id: Video.ID) async throws(ServiceError) {
        let removed = try await database.run { connection throws(SQLiteError) in
            try connection.run("DELETE FROM videos WHERE id = ?1", id.rawValue)
        }
        guard removed > 0 else { throw .notFound(what: "video \(id)") }
    }

    /// Observes the first page of `ownerID`'s library; see
    /// `VideoLibraryService.observeVideos(ownerID:pageSize:)`. Commits through this integration are
    /// seen at once, commits by other connections and processes within the configured poll interval.
    /// Observers of the same page share one read per change.
    public func observeVideos(ownerID: User.ID, pageSize: Int) -> ServiceObservation<Page<Video>> {
        libraryObservations.observe(FirstPageKey(ownerID: ownerID.rawValue, pageSize: pageSize)) {
            () throws(ServiceError) in
            try await videos(ownerID: ownerID, page: PageRequest(size: pageSize))
        }
    }
}
