import Commands
import Models
import Services

/// Makes every use case of the app from the services the composition root picked.
///
/// Each method returns the abstract command type (`any Command<Response>`), so presenters depend
/// on "something that produces this response" and tests can hand them a `TestCommand` instead.
/// A plain value: safe to copy and share across tasks.
public struct UseCases: Sendable {
    private let posts: any PostService
    private let users: any UserService
    private let library: any VideoLibraryService  // part of: library
    private let hosting: any VideoHostingService  // part of: hosting
    private let authentication: any AuthenticationService  // part of: authentication
    /// How long an upload waits for processing (inject a manual clock in it in tests).
    private let uploadTiming: UploadVideo.Timing  // part of: hosting

    /// Creates the factory from the services the composition root picked.
    public init(
        posts: any PostService,
        users: any UserService,
        library: any VideoLibraryService,  // part of: library
        hosting: any VideoHostingService,  // part of: hosting
        authentication: any AuthenticationService,  // part of: authentication
        uploadTiming: UploadVideo.Timing = UploadVideo.Timing()  // part of: hosting
    ) {
        self.posts = posts
        self.users = users
        self.library = library  // part of: library
        self.hosting = hosting  // part of: hosting
        self.authentication = authentication  // part of: authentication
        self.uploadTiming = uploadTiming  // part of: hosting
    }

    /// A command that publishes a post; see `PublishPost`.
    public func publishPost(_ request: PublishPost.Request) -> any Command<PublishPost.Response> {
        PublishPost.command(request, with: posts)
    }

    /// A command that loads one feed page; see `LoadFeedPage`.
    public func loadFeedPage(_ request: LoadFeedPage.Request) -> any Command<LoadFeedPage.Response> {
        LoadFeedPage(request: request, listing: .feed(posts))
    }

    // begin part of: library
    /// A command that loads one page of the user's saved videos; see `LoadVideoLibraryPage`.
    public func loadVideoLibraryPage(_ request: LoadVideoLibraryPage.Request) -> any Command<
        LoadVideoLibraryPage.Response
    > {
        LoadVideoLibraryPage(request: request, listing: libraryListing)
    }
    // end part of: library

    /// Follows the first page of an author's feed; see `FollowFeed`.
    public func followFeed(_ request: FollowFeed.Request) -> FollowFeed {
        FollowFeed(request: request, listing: .feed(posts))
    }

    // begin part of: library
    /// Follows the first page of a user's video library; see `FollowVideoLibrary`.
    public func followVideoLibrary(_ request: FollowVideoLibrary.Request) -> FollowVideoLibrary {
        FollowVideoLibrary(request: request, listing: libraryListing)
    }

    /// The user's saved videos; a loaded page brings the videos still processing up to date with
    /// the host.
    private var libraryListing: Listing<Video> {
        Listing.videoLibrary(library)
            .reconcilingProcessing(with: hosting, library: library)  // part of: hosting
    }
    // end part of: library

    /// A command that deletes a post; see `DeletePost`.
    public func deletePost(_ request: DeletePost.Request) -> any Command<DeletePost.Response> {
        DeletePost.command(request, with: posts)
    }

    // begin part of: authentication
    /// A command that signs up; see `SignUp`.
    public func signUp(_ request: SignUp.Request) -> any Command<SignUp.Response> {
        SignUp.command(request, with: authentication)
    }

    /// A command that signs in; see `SignIn`.
    public func signIn(_ request: SignIn.Request) -> any Command<SignIn.Response> {
        SignIn.command(request, with: authentication)
    }

    /// A command that signs out; see `SignOut`.
    public func signOut(_ request: SignOut.Request) -> any Command<SignOut.Response> {
        SignOut.command(request, with: authentication)
    }

    /// A command that reads who is signed in; see `LoadSession`.
    public func loadSession(_ request: LoadSession.Request) -> any Command<LoadSession.Response> {
        LoadSession.command(request, with: authentication)
    }

    /// The makers a `SignInPresenter` needs, all from this factory.
    public var accountActions: SignInPresenter.Actions {
        SignInPresenter.Actions(signUp: signUp, signIn: signIn, signOut: signOut, loadSession: loadSession)
    }

    /// The sign-in flow of the authentication service, for a `SignInPresenter`.
    public var signInFlow: SignInFlow { authentication.signInFlow }
    // end part of: authentication

    /// A command that fetches or creates the current user; see `EnsureCurrentUser`.
    public func ensureCurrentUser(_ request: EnsureCurrentUser.Request) -> any Command<EnsureCurrentUser.Response> {
        EnsureCurrentUser.command(request, with: users)
    }

    // begin part of: hosting
    /// A command that uploads, processes and optionally publishes a video; see `UploadVideo`.
    public func uploadVideo(_ request: UploadVideo.Request) -> any Command<UploadVideo.Response> {
        let posts = posts
        return UploadVideo(
            request: request,
            hosting: hosting,
            library: library,
            timing: uploadTiming
        ) { PublishPost.command($0, with: posts) }
    }
    // end part of: hosting
}
