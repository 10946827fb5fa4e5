import Commands
import Features
import Foundation
import InMemoryIntegration
import Models
import Services
import TestSupport

/// A fresh in-memory app for one test: services, a manual clock driving video processing and the
/// wait for it, and the use cases built on them.
struct World {
    let integration: InMemoryIntegration
    let clock = ManualClock()
    let useCases: UseCases

    /// Processing takes `processingTime`; uploads give up after `timeout` plus `perMebibyte` for
    /// every MiB uploaded.
    init(processingTime: Duration = .seconds(3), timeout: Duration = .seconds(60), perMebibyte: Duration = .zero) {
        let clock = clock
        integration = InMemoryIntegration(
            configuration: .init(clock: clock, processingTime: { _ in processingTime })
        )
        useCases = UseCases(
            posts: integration.postService,
            users: integration.userService,
            library: integration.videoLibraryService,  // part of: library
            hosting: integration.videoHostingService,  // part of: hosting
            authentication: integration.authenticationService,  // part of: authentication
            // begin part of: hosting
            uploadTiming: UploadVideo.Timing(
                clock: clock, processingTimeout: timeout, processingTimePerMebibyte: perMebibyte)
            // end part of: hosting
        )
    }

    var posts: any PostService { integration.postService }
    var users: any UserService { integration.userService }
    var library: any VideoLibraryService { integration.videoLibraryService }  // part of: library
    var hosting: InMemoryVideoHostingService { integration.videoHostingService }  // part of: hosting

    /// Creates a user with `handle`.
    func makeUser(_ handle: String = "alice") async throws -> User {
        try await users.create(UserDraft(handle: handle, displayName: handle.capitalized))
    }

    /// Publishes `count` posts by `author`, returning the author's feed in the service's order
    /// (posts made within one millisecond are ordered by id).
    func publish(_ count: Int, by author: User.ID) async throws -> [Post] {
        for index in 0..<count {
            _ = try await posts.publish(PostDraft(authorID: author, text: "post \(index)"))
        }
        return try await posts.feed(authorID: author, page: .first(100)).items
    }

    // begin part of: hosting
    /// Upload timing on this world's clock.
    func timing(timeout: Duration = .seconds(60)) -> UploadVideo.Timing {
        UploadVideo.Timing(
            clock: clock, processingTimeout: timeout, processingTimePerMebibyte: .zero)
    }
    // end part of: hosting
}

/// A runner with its own queue.
func makeRunner() -> UseCaseRunner {
    UseCaseRunner(queue: CommandQueue(maxConcurrentCommands: 4))
}

/// A post value for stubbed use cases.
func samplePost(_ id: String, author: User.ID = "u1", text: String = "hello") -> Post {
    Post(id: Post.ID(id), authorID: author, text: text, createdAt: Date(millisecondsSince1970: 1_000))
}

/// A user value for stubbed use cases.
func sampleUser(_ handle: String = "alice") -> User {
    // "alice" and friends are valid handles; a test that passes anything else has a typo.
    let handle = (try? Handle(handle)) ?? Handle(rawValue: "invalid_fixture")!
    return User(id: "u1", handle: handle, displayName: "Alice", createdAt: Date(millisecondsSince1970: 1_000))
}
