import Foundation

/// What the user asked `silo` to do, parsed from the command line.
enum CLICommand: Equatable {
    /// No arguments: a short guided tour of the whole stack.
    case tour
    /// Show the current user's feed.
    case feed(limit: Int)
    /// Publish a post as the current user.
    case post(text: String)
    /// Delete one of the current user's posts.
    case delete(postID: String)
    /// Upload a video file, wait until it is processed, and optionally publish a post with it.
    case upload(file: String, title: String, postText: String?)
    /// List the current user's saved videos.
    case videos(limit: Int)
    /// Show (and create on first use) the current user.
    case user
    /// Which integration serves each service, and its health.
    case integrations
    /// Print usage.
    case help

    /// Parses the arguments left after configuration flags.
    ///
    /// - Throws: `UsageError` with a one-line message for unknown commands, missing operands and
    ///   malformed options.
    static func parse(_ arguments: [String]) throws(UsageError) -> CLICommand {
        guard let name = arguments.first else { return .tour }
        var options = OptionParser(Array(arguments.dropFirst()), command: name)
        let command: CLICommand
        switch name {
        case "feed":
            command = .feed(limit: try options.integer("--limit", default: 20, range: 1...100))
        case "post":
            command = .post(text: try options.operand("text"))
        case "delete":
            command = .delete(postID: try options.operand("post id"))
        case "upload":
            let title = try options.value("--title")
            let postText = try options.optionalValue("--post")
            command = .upload(file: try options.operand("file"), title: title, postText: postText)
        case "videos":
            command = .videos(limit: try options.integer("--limit", default: 20, range: 1...100))
        case "user":
            command = .user
        case "integrations":
            command = .integrations
        case "help", "--help", "-h":
            command = .help
        default:
            throw UsageError("unknown command '\(name)'")
        }
        try options.finish()
        return command
    }
}

/// The command line was malformed; `silo` prints the message and exits with status 64.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in one line.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
