// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import TestSupport

/// One device of the soak: a `silo` working directory of its own (its own `.silo/offline.sqlite`),
/// running `SILO_POSTS=offline-first` against the soak's backend, or another `posts` integration
/// (`http` reads what the server holds).
struct SoakDevice {
    let name: String
    let silo: SiloRunner
    private let posts: String

    init(_ name: String, posts: String = "offline-first") throws {
        self.name = name
        self.posts = posts
        silo = try SiloRunner()
    }

    /// Runs `silo` with `arguments` on this device against `backend` as it listens now.
    func run(_ arguments: String..., backend: SoakBackend, input: String? = nil) async throws
        -> ChildProcess.Outcome
    {
        try await silo.run(arguments, environment: environment(backend), input: input)
    }

    /// Starts `silo` with `arguments` without waiting for it, to kill it mid-way.
    func start(_ arguments: String..., backend: SoakBackend) throws -> RunningChild {
        try silo.start(arguments, environment: environment(backend))
    }

    /// The posts this device shows (`silo feed --all`: local only for offline-first) by id, and the ids it marks as
    /// not synced or refused.
    func feed(backend: SoakBackend) async throws -> (ids: [String: String], marked: Set<String>) {
        let outcome = try await run("feed", "--all", backend: backend)
        guard outcome.status == 0 else { throw BackendChild.ControlFailure(description: "\(name): feed: \(outcome)") }
        return Self.parseFeed(outcome.standardOutput)
    }

    /// A feed's posts by id (their text) and the marked ids: a post is its heading line (time,
    /// two spaces, id, then a mark in brackets if any) and its text indented by two spaces.
    static func parseFeed(_ output: String) -> (ids: [String: String], marked: Set<String>) {
        var ids: [String: String] = [:]
        var marked = Set<String>()
        var current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  "), let id = current {
                ids[id, default: ""] += line.dropFirst(2)
            } else if let range = line.range(of: "  ") {
                let rest = line[range.upperBound...]
                guard let id = rest.split(separator: " ").first.map(String.init), id.count >= 8 else {
                    current = nil
                    continue
                }
                current = id
                ids[id] = ""
                if rest.contains("[") { marked.insert(id) }
            }
        }
        return (ids, marked)
    }

    private func environment(_ backend: SoakBackend) -> [String: String] {
        ["SILO_POSTS": posts, "SILO_BACKEND_URL": backend.url]
    }
}
