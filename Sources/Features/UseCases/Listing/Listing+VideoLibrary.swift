import Models
import Services

extension Listing where Item == Video {
    /// An owner's saved videos, newest first, from `library`; each page brings the videos still
    /// `processing` up to date with `hosting`.
    ///
    /// A video stays `processing` in the library when the upload that saved it stopped waiting (it
    /// timed out, was cancelled, or the app was killed) while the host went on processing. So for
    /// each such video on a loaded page the host is asked for its status: a final status is saved
    /// to the library and shown; a video the host no longer has is saved as `.failed` saying so; a
    /// host that cannot answer now leaves the video as it is (the next load asks again). The host's
    /// failures never fail the load. Followed pages come from the library as they are.
    public static func videoLibrary(_ library: any VideoLibraryService, hosting: any VideoHostingService) -> Listing {
        Listing(
            name: "library",
            loadPage: { ownerID, page async throws(ServiceError) in
                var loaded = try await library.videos(ownerID: ownerID, page: page)
                for (index, video) in loaded.items.enumerated() where video.status == .processing {
                    loaded.items[index] = try await reconciled(video, library: library, hosting: hosting)
                }
                return loaded
            },
            observeFirstPage: { ownerID, pageSize in library.observeVideos(ownerID: ownerID, pageSize: pageSize) }
        )
    }

    /// `video` with the host's current status saved to the library, when the host has moved on.
    private static func reconciled(
        _ video: Video, library: any VideoLibraryService, hosting: any VideoHostingService
    ) async throws(ServiceError) -> Video {
        var current = video
        do {
            let hosted = try await hosting.hostedVideo(id: video.id).video
            guard let updated = video.adoptingHostStatus(of: hosted) else { return video }
            current = updated
        } catch .notFound {
            current.status = .failed(reason: "the video host no longer has this video")
        } catch .cancelled {
            throw .cancelled
        } catch {
            return video
        }
        return try await library.save(current)
    }
}
