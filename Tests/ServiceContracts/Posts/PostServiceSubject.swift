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
    private let otherListing: (any VideoLibraryService)?

    /// Creates a subject.
    ///
    /// - Parameters:
    ///   - library: the same integration's video library, for fixtures declaring `.otherListing`.
    ///   - hooks: what the fixture can do besides; see `SubjectHooks.init`.
    public init(
        posts: any PostService,
        users: any UserService,
        library: (any VideoLibraryService)? = nil,
        hooks: SubjectHooks<PostServiceSubject> = SubjectHooks()
    ) {
        self.posts = posts
        self.users = users
        self.otherListing = library
        self.hooks = hooks
    }

    /// The same integration's video library, whose cursors the feed must refuse.
    public func library() throws -> any VideoLibraryService {
        guard let otherListing else { throw ContractFixtureError.otherListingUnsupported }
        return otherListing
    }
}
