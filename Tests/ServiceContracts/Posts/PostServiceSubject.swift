import Services

/// A fresh post service for one check, with the user service of the same integration so checks
/// can create authors.
public struct PostServiceSubject: ContractSubject {
    /// The service under test.
    public let posts: any PostService
    /// Creates the authors the checks publish as; from the same integration as `posts`.
    public let users: any UserService
    /// Reopens, opens a second instance, tears down; see `SubjectHooks`.
    public let hooks: SubjectHooks<PostServiceSubject>
    /// The same integration's video library (`library:`), for fixtures declaring `.otherListing`.
    private let otherListing: (any VideoLibraryService)?  // part of: library

    /// Creates a subject; `hooks` says what the fixture can do besides (see `SubjectHooks.init`).
    public init(
        posts: any PostService,
        users: any UserService,
        library: (any VideoLibraryService)? = nil,  // part of: library
        hooks: SubjectHooks<PostServiceSubject> = SubjectHooks()
    ) {
        self.posts = posts
        self.users = users
        self.otherListing = library  // part of: library
        self.hooks = hooks
    }

    // begin part of: library
    /// The same integration's video library, whose cursors the feed must refuse.
    public func library() throws -> any VideoLibraryService {
        guard let otherListing else { throw ContractFixtureError.otherListingUnsupported }
        return otherListing
    }
    // end part of: library
}
