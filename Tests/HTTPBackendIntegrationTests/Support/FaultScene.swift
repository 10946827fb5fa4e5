import Foundation
import HTTPBackendIntegration
import Models
import Services
import TestSupport

/// A backend, a started client logging into a capture, and one user with one post: the stage
/// every fault case plays on. Request counts are reset once the stage is set. The client is
/// configured as the test asks (a manual clock, a transport); the stage is set before it starts.
struct FaultScene: Sendable {
    let backend: BackendProcess
    let integration: HTTPBackendIntegration
    let log: LogCapture
    let credentials: TemporaryDirectory
    let author: User
    let post: Post

    /// Starts the backend, sets the stage and starts the client `configure` describes.
    ///
    /// - Parameter setUpFaults: fault rules in force while the stage is set (cleared after), to
    ///   show that a set-up call needing a retry still sets it.
    static func make(
        backendArguments: [String] = [],
        setUpFaults: [[String: any Sendable]] = [],
        configure: @escaping @Sendable (inout HTTPBackendIntegration.Configuration) -> Void = { _ in }
    ) async throws -> FaultScene {
        // The backend's own timeouts never fire (its clock moves only when told): a client that
        // leaves a request hanging shows as a hang here, not as a slow success.
        let backend = try await BackendProcess.start(arguments: ["--manual-clock"] + backendArguments)
        let log = LogCapture()
        let credentials = try TemporaryDirectory(prefix: "http-credentials")
        let credentialsFile = credentials.file(named: "credentials.json")
        // Both clients keep their sessions in one credentials file and log into the capture.
        let client = { @Sendable (adjust: (inout HTTPBackendIntegration.Configuration) -> Void) in
            HTTPBackendIntegration(
                configuration: HTTPBackendFixtureConfiguration.make(backend, log: log) { configuration in
                    configuration.credentialsFile = credentialsFile
                    adjust(&configuration)
                })
        }
        for rule in setUpFaults { try await backend.inject(rule) }
        // The stage is set by a client of its own on the system's clock, which signs the author up
        // into the credentials file the scene's client then loads. A set-up call that needs a retry
        // (URLSession's own timeout can pass first on a loaded machine) must not wait out its
        // backoff on a manual clock that nothing moves yet: the likeliest cause of a run that hung.
        let setup = client { _ in }
        try await setup.start()
        let author = try await setup.userService.create(
            UserDraft(handle: "author\(Int.random(in: 0..<1_000_000))", displayName: "Author"))
        let post = try await setup.postService.publish(PostDraft(authorID: author.id, text: "hello"))
        await setup.stop()
        if !setUpFaults.isEmpty { try await backend.clearFaults() }
        let integration = client(configure)
        try await integration.start()
        try await backend.resetCounts()
        return FaultScene(
            backend: backend, integration: integration, log: log, credentials: credentials, author: author, post: post)
    }

    /// Makes a scene as `make` does, runs `body` on it, then stops it (client and backend) and
    /// waits for that, also when `body` throws.
    static func with<Value>(
        backendArguments: [String] = [],
        setUpFaults: [[String: any Sendable]] = [],
        configure: @escaping @Sendable (inout HTTPBackendIntegration.Configuration) -> Void = { _ in },
        _ body: (FaultScene) async throws -> Value
    ) async throws -> Value {
        let scene = try await make(backendArguments: backendArguments, setUpFaults: setUpFaults, configure: configure)
        return try await withCleanup {
            try await body(scene)
        } cleanup: {
            await scene.stop()
        }
    }

    /// Publishes a post with `text` by the scene's author, then checks that the backend holds it
    /// exactly once, however many attempts it took (each retry carries the call's idempotency key).
    ///
    /// - Throws: the publish's error, after checking that it still made the post once.
    func publishOnce(_ text: String) async throws(ServiceError) {
        var failure: ServiceError?
        do {
            _ = try await integration.postService.publish(PostDraft(authorID: author.id, text: text))
        } catch {
            failure = error
        }
        let feed = try await integration.postService.feed(authorID: author.id, page: .first(100))
        let copies = feed.items.filter { $0.text == text }.count
        if copies != 1 {
            throw .corruptData(
                location: "the backend", reason: "\(copies) posts with the text \(text.debugDescription)")
        }
        if let failure { throw failure }
    }

    /// The path of the scene's post.
    var postPath: String { "/v1/posts/\(post.id)" }

    /// Every token the client holds, from its credentials file, sorted.
    func tokens() throws -> [String] {
        let data = try Data(contentsOf: credentials.file(named: "credentials.json"))
        struct Saved: Decodable { var sessions: [String: [String: String]] }
        let saved = try JSONDecoder().decode(Saved.self, from: data)
        return saved.sessions.values.flatMap { $0.values }.sorted()
    }

    /// Log lines that show a token or an `Authorization` header.
    func leakedSecrets() throws -> [String] {
        let secrets = try tokens()
        return log.lines.filter { line in
            line.contains("Bearer") || secrets.contains { line.contains($0) }
        }
    }

    func stop() async {
        await integration.stop()
        try? await backend.kill()
    }
}
