import Foundation
import Models
import Services

/// The reference implementation of every service, with app models held in memory.
///
/// It serves SwiftUI previews, feature tests and the HTTP dev backend, and it passes every service
/// contract, so the fakes never drift from the real integrations. Nothing survives the process.
///
/// Services work as soon as the integration is created; `start()` and `stop()` only move the
/// reported health, and `stop()` empties the store. Safe to use from any task.
public final class InMemoryIntegration: Integration {
    /// How the in-memory integration stamps and simulates time.
    public struct Configuration: Sendable {
        /// The wall clock for `createdAt` of new posts, users and videos.
        public var now: @Sendable () -> Date
        /// The clock that drives simulated video processing; inject a manual clock in tests.
        public var clock: any Clock<Duration>
        /// How long processing takes for an upload of the given size in bytes.
        public var processingTime: @Sendable (Int64) -> Duration

        /// Creates a configuration; the defaults use the system clocks and take 2 s plus 1 s per MiB
        /// to process a video.
        public init(
            now: @escaping @Sendable () -> Date = Date.init,
            clock: any Clock<Duration> = ContinuousClock(),
            processingTime: @escaping @Sendable (Int64) -> Duration = { bytes in
                .seconds(2) + .seconds(Double(bytes) / 1_048_576)
            }
        ) {
            self.now = now
            self.clock = clock
            self.processingTime = processingTime
        }
    }

    /// `"In-memory"`.
    public let name = "In-memory"
    /// Posts held in memory.
    public let postService: InMemoryPostService
    /// Users held in memory.
    public let userService: InMemoryUserService
    /// The video library held in memory.
    public let videoLibraryService: InMemoryVideoLibraryService
    /// A simulated video host that reads uploads but keeps only metadata.
    public let videoHostingService: InMemoryVideoHostingService

    private let store: InMemoryStore
    private let lifecycle = LifecycleState()

    /// Creates an empty in-memory integration.
    public init(configuration: Configuration = Configuration()) {
        let store = InMemoryStore(now: configuration.now)
        self.store = store
        postService = InMemoryPostService(store: store)
        userService = InMemoryUserService(store: store)
        videoLibraryService = InMemoryVideoLibraryService(store: store)
        videoHostingService = InMemoryVideoHostingService(
            store: store,
            elapsed: ElapsedTime(clock: configuration.clock),
            processingTime: configuration.processingTime
        )
    }

    /// Marks the integration healthy; nothing can fail.
    public func start() async throws(ServiceError) {
        await lifecycle.set(.healthy)
    }

    /// Empties the store and marks the integration stopped.
    public func stop() async {
        await store.removeAll()
        await lifecycle.set(.stopped)
    }

    /// Nothing to flush or reconnect: memory needs no lifecycle work.
    public func handle(_ event: LifecycleEvent) async {}

    /// `.notStarted`, `.healthy` or `.stopped`.
    public func health() async -> IntegrationHealth {
        await lifecycle.health
    }
}

/// The integration's reported health, changed by start and stop.
private actor LifecycleState {
    private(set) var health: IntegrationHealth = .notStarted

    func set(_ health: IntegrationHealth) {
        self.health = health
    }
}
