// scripts/remove-service deletes this file with the service it is part of: library
import Models
import Services

extension Listing where Item == Video {
    /// An owner's saved videos, newest first, from `library`, as the library has them.
    public static func videoLibrary(_ library: any VideoLibraryService) -> Listing {
        Listing(
            name: "library",
            loadPage: { ownerID, page async throws(ServiceError) in
                try await library.videos(ownerID: ownerID, page: page)
            },
            observeFirstPage: { ownerID, pageSize in library.observeVideos(ownerID: ownerID, pageSize: pageSize) }
        )
    }
}
