import Services

/// What the user asked `silo` to do, with its values checked.
enum CLICommand: Equatable {
    /// How much of a listing to show.
    struct Listing: Equatable {
        /// Items per page (1–100).
        var pageSize: Int
        /// Where to start: after this cursor, or at the top.
        var after: String?
        /// Whether to show every page.
        var all: Bool
        /// Whether to keep showing changes until interrupted (the feed only).
        var follow = false
    }

    /// A short guided tour of the whole stack.
    case tour
    /// Show the current user's feed.
    case feed(Listing)
    /// Publish a post as the current user.
    case post(text: String)
    /// Delete one of the current user's posts.
    case delete(postID: String)
    /// Upload a video file, wait until it is processed, and optionally publish a post with it.
    case upload(file: String, title: String, postText: String?)  // part of: hosting
    /// List the current user's saved videos.
    case library(Listing)  // part of: library
    /// Show (and create on first use) the current user.
    case user
    /// Which integration serves each service, and its health.
    case integrations
    /// Make a new user with an account and sign in as them; the password from standard input
    /// when `passwordFromStandardInput`, else from the terminal.
    case signUp(handle: String, displayName: String?, passwordFromStandardInput: Bool)  // part of: authentication
    /// Sign in as an existing user; the password as for `signUp`.
    case signIn(handle: String, passwordFromStandardInput: Bool)  // part of: authentication
    /// Sign the current user out.
    case signOut  // part of: authentication
    /// Show who is signed in.
    case whoami  // part of: authentication
    /// `silo sync`: send what waits to be sent and bring the server's changes down, then report.
    case sync  // part of: OfflineFirst

    /// The command `invocation` asks for.
    ///
    /// - Throws: `UsageError` for a missing or extra operand, a missing required option, or a
    ///   value out of range.
    init(_ invocation: Invocation) throws(UsageError) {
        let name = invocation.command
        let operands = invocation.operands
        func expectOperands(_ names: [String]) throws(UsageError) {
            if operands.count < names.count {
                throw UsageError("Missing expected argument '<\(names[operands.count])>'", command: name)
            }
            if operands.count > names.count {
                throw UsageError("Unexpected argument '\(operands[names.count])'", command: name)
            }
        }
        switch name {
        case "feed":
            try expectOperands([])
            self = .feed(try Self.listing(invocation))
        // begin part of: library
        case "library":
            try expectOperands([])
            self = .library(try Self.listing(invocation))
        // end part of: library
        case "post":
            try expectOperands(["text"])
            self = .post(text: operands[0])
        case "delete":
            try expectOperands(["post-id"])
            self = .delete(postID: operands[0])
        // begin part of: hosting
        case "upload":
            try expectOperands(["file"])
            guard let title = invocation.values["--title"] else {
                throw UsageError("Missing expected argument '--title <title>'", command: name)
            }
            self = .upload(file: operands[0], title: title, postText: invocation.values["--post"])
        // end part of: hosting
        case "user":
            try expectOperands([])
            self = .user
        case "integrations":
            try expectOperands([])
            self = .integrations
        // begin part of: authentication
        case "sign-up":
            try expectOperands(["handle"])
            self = .signUp(
                handle: operands[0], displayName: invocation.values["--name"],
                passwordFromStandardInput: invocation.flags.contains("--password-stdin"))
        case "sign-in":
            try expectOperands(["handle"])
            self = .signIn(
                handle: operands[0], passwordFromStandardInput: invocation.flags.contains("--password-stdin"))
        case "sign-out", "whoami":
            try expectOperands([])
            self = name == "whoami" ? .whoami : .signOut
        // end part of: authentication
        // begin part of: OfflineFirst
        case "sync":
            try expectOperands([])
            self = .sync
        // end part of: OfflineFirst
        default:
            try expectOperands([])
            self = .tour
        }
    }

    /// Whether Ctrl-C is how the command ends when all went well (`feed --follow`): it then exits 0.
    var endsWithInterrupt: Bool {
        if case .feed(let listing) = self { listing.follow } else { false }
    }

    /// The services the command uses: only their integrations are started, so a command is never
    /// held up by an integration it does not need.
    var services: Set<ServiceKind> {
        switch self {
        case .tour, .integrations: Set(ServiceKind.allCases)
        case .feed, .post, .delete, .user:
            Set([.posts, .users])
                .union([.authentication])  // part of: authentication
        // begin part of: hosting
        case .upload:
            Set([.posts, .users, .library, .hosting])
                .union([.authentication])  // part of: authentication
        // end part of: hosting
        // begin part of: library
        // The library's pages ask the host about videos still processing.
        case .library:
            Set([.users, .library])
                .union([.authentication])  // part of: authentication
                .union([.hosting])  // part of: hosting
        // end part of: library
        case .signUp, .signIn, .signOut, .whoami: [.users, .authentication]  // part of: authentication
        // begin part of: OfflineFirst
        case .sync:
            Set([.posts, .users])
                .union([.authentication])  // part of: authentication
        // end part of: OfflineFirst
        }
    }

    private static func listing(_ invocation: Invocation) throws(UsageError) -> Listing {
        var pageSize = 20
        if let text = invocation.values["--limit"] {
            guard let value = Int(text), (1...100).contains(value) else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--limit <n>': give a whole number from 1 to 100",
                    command: invocation.command)
            }
            pageSize = value
        }
        let follow = invocation.flags.contains("--follow")
        if follow, invocation.values["--after"] != nil || invocation.flags.contains("--all") {
            throw UsageError(
                "--follow shows the newest posts: leave out --after and --all", command: invocation.command)
        }
        return Listing(
            pageSize: pageSize, after: invocation.values["--after"], all: invocation.flags.contains("--all"),
            follow: follow)
    }
}
