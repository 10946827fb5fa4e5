/// The services the app uses, declared once.
///
/// Everything that lists services reads this: the composition root (`ServiceProvider`, the
/// per-service overrides), the contract and planted-defect coverage tests, the template tool
/// (`scripts/new-integration` and `scripts/new-service`, which import this module) and
/// `scripts/check-architecture`, which reads the `declarations` lines below.
/// Adding a service starts with its protocol; `scripts/new-service` declares it here, and
/// Docs/AddingAService.md walks through the rest.
public enum ServiceKind: String, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `PostService`: feeds, publishing, deleting.
    case posts
    /// `UserService`: users and handles.
    case users
    /// `VideoLibraryService`: each user's saved videos.
    case library  // part of: library
    /// `VideoHostingService`: uploading and processing video files.
    case hosting  // part of: hosting
    /// `AuthenticationService`: signing up, in and out.
    case authentication  // part of: authentication

    /// One line per service: its key, the protocol every implementation conforms to, the service
    /// it must be served with, if any (declared before it: choices follow in this order), and the
    /// services its features use.
    /// The scripts read these lines; keep their shape.
    public static let declarations: [ServiceDeclaration] = [
        ServiceDeclaration(.posts, protocol: "PostService"),
        ServiceDeclaration(.users, protocol: "UserService", servedWith: .posts),
        ServiceDeclaration(.library, protocol: "VideoLibraryService"),  // part of: library
        ServiceDeclaration(.hosting, protocol: "VideoHostingService", uses: [.posts, .library]),  // part of: hosting
        // begin part of: authentication
        ServiceDeclaration(
            .authentication, protocol: "AuthenticationService", servedWith: .users,
            scaffoldValues: ["signInFlow": ".password"], scaffoldCapabilities: ["passwords"]),
        // end part of: authentication
    ]

    /// This service's declaration.
    public var declaration: ServiceDeclaration {
        Self.declarations.first { $0.kind == self } ?? ServiceDeclaration(self, protocol: rawValue)
    }

    /// The protocol every implementation conforms to, e.g. `"PostService"`.
    public var protocolName: String { declaration.protocolName }

    /// The service this one must come from the same integration as (users follow posts, because
    /// publishing checks that the author exists), or `nil`.
    public var servedWith: ServiceKind? { declaration.servedWith }

    /// The key, e.g. `"posts"`.
    public var description: String { rawValue }

    /// Orders services as they are declared: posts, users, library, hosting, authentication.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// What the app knows of one service, declared once in `ServiceKind.declarations`.
public struct ServiceDeclaration: Sendable, Hashable {
    /// The service.
    public let kind: ServiceKind
    /// The protocol every implementation conforms to.
    public let protocolName: String
    /// The service this one must come from the same integration as, if any.
    public let servedWith: ServiceKind?
    /// What each property requirement of the protocol starts as in a scaffolded integration, as
    /// Swift source (`["signInFlow": ".password"]`); `scripts/new-integration` writes these. Its
    /// methods need none: they start as "not written yet".
    public let scaffoldValues: [String: String]
    /// The contract capabilities (`ContractCapability` names) a scaffolded integration's fixture
    /// declares for this service besides those every store offers, to go with `scaffoldValues`:
    /// a `.password` sign-in flow runs the password checks (`["passwords"]`).
    public let scaffoldCapabilities: [String]
    /// The other services this one's features cannot work without, whichever integrations serve
    /// them (an upload publishes a post and saves the video to the library). `scripts/remove-service`
    /// keeps those while this one is declared.
    public let uses: [ServiceKind]

    /// Declares `kind`, implemented by conformances to `protocolName`.
    public init(
        _ kind: ServiceKind, protocol protocolName: String, servedWith: ServiceKind? = nil, uses: [ServiceKind] = [],
        scaffoldValues: [String: String] = [:], scaffoldCapabilities: [String] = []
    ) {
        self.kind = kind
        self.protocolName = protocolName
        self.servedWith = servedWith
        self.uses = uses
        self.scaffoldValues = scaffoldValues
        self.scaffoldCapabilities = scaffoldCapabilities
    }
}
