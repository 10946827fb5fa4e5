import Features
import Models
import Services

/// Records every call a `FeedPresenter` makes.
@MainActor
final class SpyFeedView: ListingView {
    enum Call: Equatable {
        case loading(Bool)
        case posts([Post], hasMore: Bool)
        case empty
        case error(String)
    }

    private(set) var calls: [Call] = []

    func showLoading(_ isLoading: Bool) { calls.append(.loading(isLoading)) }
    func showItems(_ posts: [Post], hasMore: Bool) { calls.append(.posts(posts, hasMore: hasMore)) }
    func showEmpty() { calls.append(.empty) }
    func showError(message: String) { calls.append(.error(message)) }
}

/// Records every call a `ComposerPresenter` makes.
@MainActor
final class SpyComposerView: ComposerView {
    enum Call: Equatable {
        case published(Post)
        case validationError(String)
        case error(String)
        case clear
    }

    private(set) var calls: [Call] = []

    func showPublished(_ post: Post) { calls.append(.published(post)) }
    func showValidationError(message: String) { calls.append(.validationError(message)) }
    func showError(message: String) { calls.append(.error(message)) }
    func clear() { calls.append(.clear) }
}

// begin part of: hosting
/// Records every call an `UploadPresenter` makes.
@MainActor
final class SpyUploadView: UploadView {
    enum Call: Equatable {
        case progress(Double)
        case processing(Video)
        case ready(Video, post: Post?)
        case error(String)
    }

    private(set) var calls: [Call] = []

    func showProgress(fractionCompleted: Double) { calls.append(.progress(fractionCompleted)) }
    func showProcessing(_ video: Video) { calls.append(.processing(video)) }
    func showReady(_ video: Video, post: Post?) { calls.append(.ready(video, post: post)) }
    func showError(message: String) { calls.append(.error(message)) }
}
// end part of: hosting

/// Records every call a `CurrentUserPresenter` makes.
@MainActor
final class SpyProfileView: ProfileView {
    enum Call: Equatable {
        case user(User)
        case error(String)
    }

    private(set) var calls: [Call] = []

    func showCurrentUser(_ user: User) { calls.append(.user(user)) }
    func showError(message: String) { calls.append(.error(message)) }
}

// begin part of: library
/// Records every call a `VideoLibraryPresenter` makes.
@MainActor
final class SpyVideoLibraryView: ListingView {
    enum Call: Equatable {
        case videos([Video], hasMore: Bool)
        case empty
        case error(String)
    }

    private(set) var calls: [Call] = []

    func showLoading(_ isLoading: Bool) {}
    func showItems(_ videos: [Video], hasMore: Bool) { calls.append(.videos(videos, hasMore: hasMore)) }
    func showEmpty() { calls.append(.empty) }
    func showError(message: String) { calls.append(.error(message)) }
}
// end part of: library

// begin part of: authentication
/// Records every call a `SignInPresenter` makes; also the anchor a vendor's sign-in is shown from.
@MainActor
final class SpySignInView: SignInView, SignInAnchor {
    enum Call: Equatable {
        case form(needsPassword: Bool)
        case signedIn(AccountSession)
        case signedOut
        case working
        case error(String)
    }

    private(set) var calls: [Call] = []

    func showForm(for flow: SignInFlow) { calls.append(.form(needsPassword: flow.needsPassword)) }
    func showSignedIn(_ session: AccountSession) { calls.append(.signedIn(session)) }
    func showSignedOut() { calls.append(.signedOut) }
    func showWorking() { calls.append(.working) }
    func showError(message: String) { calls.append(.error(message)) }
}
// end part of: authentication
