// scripts/remove-service deletes this file with the service it is part of: authentication
/// How an integration signs someone in: what the app's sign-in view asks for, or the
/// integration's own sign-in view.
///
/// The app never names an integration's sign-in screen: it asks the authentication service for
/// its flow and shows it (Features' `SignInPresenter` drives a `SignInView` with it). A vendor
/// whose SDK brings its own screen returns `.provided`, so swapping vendors is an edit of
/// `ServiceProvider`, not of a view.
public enum SignInFlow: Sendable {
    /// A person on this device, by handle alone: no password, nothing leaves the device. An
    /// unknown handle is signed up on first use when the app chooses to.
    case deviceLocal
    /// A handle and a password, checked by a server; signing up also asks for a display name.
    case password
    /// The integration's own sign-in view, shown from the app's anchor.
    case provided(ProvidedSignIn)

    /// Whether signing in asks for a password (and refuses a call without one).
    public var needsPassword: Bool {
        if case .password = self { true } else { false }
    }
}

/// A sign-in view an integration brings (a vendor SDK's account picker): the app shows it from a
/// `SignInAnchor` and gets the session it ends with.
public struct ProvidedSignIn: Sendable {
    /// The vendor's name, for the button that opens it ("Continue with Example").
    public let vendor: String
    private let run: @MainActor @Sendable (any SignInAnchor) async throws(ServiceError) -> AccountSession

    /// A flow named `vendor` that `run` shows from the anchor it is given.
    public init(
        vendor: String,
        run: @escaping @MainActor @Sendable (any SignInAnchor) async throws(ServiceError) -> AccountSession
    ) {
        self.vendor = vendor
        self.run = run
    }

    /// Shows the vendor's view from `anchor` and returns the session it signed in.
    ///
    /// - Throws: `.cancelled` when the person closes it; what the vendor's sign-in fails with,
    ///   mapped to `ServiceError` by the integration.
    @MainActor
    public func present(from anchor: any SignInAnchor) async throws(ServiceError) -> AccountSession {
        try await run(anchor)
    }
}

/// Where an integration's own sign-in view is shown from: the app's view layer conforms (a window
/// scene's root view controller on iOS, a window on macOS, the terminal in the sample app).
@MainActor
public protocol SignInAnchor: AnyObject {}
