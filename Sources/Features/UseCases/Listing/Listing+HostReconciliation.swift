// scripts/remove-service deletes this file with the service it is part of: hosting
import Models
import Services

extension Listing where Item == Video {
    /// This listing, with each loaded page bringing the videos still `processing` up to date with
    /// `hosting`, saved back to `library`.
    ///
    /// A video stays `processing` in the library when the upload that saved it stopped waiting (it
    /// timed out, was cancelled, or the app was killed) while the host went on processing. So for
    /// each such video on a loaded page the host is asked for its status: a final status is saved
    /// to the library and shown; a video the host no longer has is saved as `.failed` saying so; a
    /// host that cannot answer now leaves the video as it is (the next load asks again). The host's
    /// failures never fail the load. Followed pages come from the library as they are.
    public func reconcilingProcessing(
        with hosting: any VideoHostingService, library: any VideoLibraryService
    ) -> Listing {
        let loadPage = loadPage
        return Listing(
            name: name,
            loadPage: { ownerID, page async throws(ServiceError) in
                var loaded = try await loadPage(ownerID, page)
                for (index, video) in loaded.items.enumerated() where video.status == .processing {
                    loaded.items[index] = try await Self.reconciled(video, library: library, hosting: hosting)
                }
                return loaded
            },
            observeFirstPage: observeFirstPage
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
