// scripts/remove-service deletes this file with the service it is part of: library
import Services

/// A fresh video library for one check.
public struct VideoLibraryServiceSubject: ContractSubject {
    /// The service under test.
    public let library: any VideoLibraryService
    /// Reopens, opens a second instance, tears down; see `SubjectHooks`.
    public let hooks: SubjectHooks<VideoLibraryServiceSubject>
    private let otherListing: (posts: any PostService, users: any UserService)?

    /// Creates a subject.
    ///
    /// - Parameters:
    ///   - feed: the same integration's posts and users, for fixtures declaring `.otherListing`.
    ///   - hooks: what the fixture can do besides; see `SubjectHooks.init`.
    public init(
        library: any VideoLibraryService,
        feed: (posts: any PostService, users: any UserService)? = nil,
        hooks: SubjectHooks<VideoLibraryServiceSubject> = SubjectHooks()
    ) {
        self.library = library
        self.otherListing = feed
        self.hooks = hooks
    }

    /// The same integration's posts and users, whose feed cursors the library must refuse.
    public func feed() throws -> (posts: any PostService, users: any UserService) {
        guard let otherListing else { throw ContractFixtureError.otherListingUnsupported }
        return otherListing
    }
}
