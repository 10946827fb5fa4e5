import Foundation
import Models
import Services

/// A `VideoLibraryService` storing saved videos in the integration's SQLite database.
///
/// Get it from `SQLiteIntegration.videoLibraryService`. Safe to call from any task. Videos come
/// from a host, so the owner is not checked against the users table; `save` is an UPSERT keyed
/// by the video's id.
public struct SQLiteVideoLibraryService: VideoLibraryService {
    let database: Database

    /// Returns a page of `ownerID`'s saved videos, newest first; see
    /// `VideoLibraryService.videos(ownerID:page:)`.
    public func videos(ownerID: User.ID, page request: PageRequest) async throws(ServiceError) -> Page<Video> {
        let page = try KeysetPage(request, scope: "library:\(ownerID)")
        let records: [VideoRecord]
        do {
            records = try await database.perform { connection throws(SQLiteError) in
                guard let after = page.after else {
                    return try connection.query(
                        """
                        SELECT id, owner_id, title, duration_ms, status, playback_url, failure_reason, created_at
                        FROM videos WHERE owner_id = ?1
                        ORDER BY created_at DESC, id DESC LIMIT ?2
                        """,
                        ownerID.rawValue, page.limit,
                        row: VideoRecord.init(row:)
                    )
                }
                return try connection.query(
                    """
                    SELECT id, owner_id, title, duration_ms, status, playback_url, failure_reason, created_at
                    FROM videos WHERE owner_id = ?1 AND (created_at, id) < (?2, ?3)
                    ORDER BY created_at DESC, id DESC LIMIT ?4
                    """,
                    ownerID.rawValue, after.milliseconds, after.id, page.limit,
                    row: VideoRecord.init(row:)
                )
            }
        } catch {
            throw error.serviceError(location: database.location)
        }
        return try page.page(of: records) { record throws(ServiceError) in try Video(record) }
    }

    /// Returns the saved video with `id`; see `VideoLibraryService.video(id:)`.
    public func video(id: Video.ID) async throws(ServiceError) -> Video {
        let record: VideoRecord?
        do {
            record = try await database.perform { connection throws(SQLiteError) in
                try connection.queryFirst(
                    """
                    SELECT id, owner_id, title, duration_ms, status, playback_url, failure_reason, created_at
                    FROM videos WHERE id = ?1
                    """,
                    id.rawValue,
                    row: VideoRecord.init(row:)
                )
            }
        } catch {
            throw error.serviceError(location: database.location)
        }
        guard let record else { throw .notFound(what: "video \(id)") }
        return try Video(record)
    }

    /// Validates `video` and inserts or replaces it; see `VideoLibraryService.save(_:)`.
    public func save(_ video: Video) async throws(ServiceError) -> Video {
        let valid = try ServiceError.validating { () throws(ValidationError) in try VideoRules.validated(video) }
        let record = VideoRecord(valid)
        do {
            try await database.perform { connection throws(SQLiteError) in
                try connection.run(
                    """
                    INSERT INTO videos
                        (id, owner_id, title, duration_ms, status, playback_url, failure_reason, created_at)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                    ON CONFLICT (id) DO UPDATE SET
                        owner_id = excluded.owner_id, title = excluded.title, duration_ms = excluded.duration_ms,
                        status = excluded.status, playback_url = excluded.playback_url,
                        failure_reason = excluded.failure_reason, created_at = excluded.created_at
                    """,
                    record.id, record.ownerID, record.title, record.durationMilliseconds, record.status,
                    record.playbackURL, record.failureReason, record.createdAt
                )
            }
        } catch {
            throw error.serviceError(location: database.location)
        }
        return valid
    }

    /// Removes the video with `id`; see `VideoLibraryService.remove(id:)`.
    public func remove(id: Video.ID) async throws(ServiceError) {
        let removed: Int
        do {
            removed = try await database.perform { connection throws(SQLiteError) in
                try connection.run("DELETE FROM videos WHERE id = ?1", id.rawValue)
            }
        } catch {
            throw error.serviceError(location: database.location)
        }
        guard removed > 0 else { throw .notFound(what: "video \(id)") }
    }
}
