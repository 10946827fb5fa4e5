// scripts/remove-service deletes this file with the service it is part of: library
import Models

/// Keeps each user's library of saved videos.
///
/// The contract every implementation keeps (checked by `VideoLibraryServiceContract`):
/// - `save(_:)` inserts a video or, when its id is already saved, replaces it; it never duplicates.
///   Every status round-trips, with millisecond durations and URLs exactly as given.
/// - `videos(ownerID:page:)` lists one owner's videos newest first (`createdAt`, then descending
///   id), with keyset paging like the post feed.
/// - Every method throws only `ServiceError`.
///
/// Implementations are safe to call from any task concurrently.
public protocol VideoLibraryService: Sendable {
    /// Returns one page of `ownerID`'s saved videos, newest first.
    ///
    /// - Throws: `.invalidInput` for a bad page size or a cursor from another listing.
    func videos(ownerID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Video>

    /// Returns the saved video with `id`.
    ///
    /// - Throws: `.notFound` when it is not in the library.
    func video(id: Video.ID) async throws(ServiceError) -> Video

    /// Validates `video` with `VideoRules` and inserts or replaces it, returning the stored value.
    ///
    /// - Throws: `.invalidInput` (field `"title"` or `"duration"`).
    func save(_ video: Video) async throws(ServiceError) -> Video

    /// Removes the video with `id` from the library.
    ///
    /// - Throws: `.notFound` when it is not in the library.
    func remove(id: Video.ID) async throws(ServiceError)

    /// Observes the first page of `ownerID`'s library: the page now, then a fresh page after every
    /// change to it (a save, an update of a video's status, a removal; through any instance).
    ///
    /// See `ServiceObservation` for the delivery promise. The observation fails with
    /// `.invalidInput` (field `"pageSize"`) for a size outside 1–100, or with what the store throws.
    func observeVideos(ownerID: User.ID, pageSize: Int) -> ServiceObservation<Page<Video>>
}

extension ServiceKey where Service == any VideoLibraryService {
    /// The video library service.
    public static var library: Self { Self(.library) }
}
