import Foundation
import Models
import SQLiteIntegration
import Services
import TestSupport

/// A database file in its own temporary directory, with helpers to fill it through the services.
struct DatabaseFile: Sendable {
    let directory: TemporaryDirectory
    let url: URL

    init(prefix: String = "sqlite") throws {
        directory = try TemporaryDirectory(prefix: prefix)
        url = directory.file(named: "silo.sqlite")
    }

    /// A new, not yet started integration on the file.
    func integration() -> SQLiteIntegration {
        SQLiteIntegration(configuration: .init(storage: .file(url)))
    }

    /// Starts an integration on the file, runs `body` with it and stops it, also when `body` throws.
    func withStarted<Result: Sendable>(
        _ body: (SQLiteIntegration) async throws -> Result
    ) async throws -> Result {
        try await TestSupport.withStarted(integration(), body)
    }

    /// Creates a database with one author and `count` posts, stopped (checkpointed and closed).
    @discardableResult
    func populate(posts count: Int) async throws -> [Post] {
        try await withStarted { integration in
            let author = try await integration.userService.create(UserDraft(handle: "author", displayName: "Author"))
            var posts: [Post] = []
            for index in 0..<count {
                posts.append(
                    try await integration.postService.publish(
                        PostDraft(authorID: author.id, text: "post \(index) " + String(repeating: "x", count: 200))
                    )
                )
            }
            return posts
        }
    }

    /// The file's SHA-256, to prove a failed start left it unchanged.
    func digest() throws -> String {
        try SampleFile.sha256(of: url)
    }
}
