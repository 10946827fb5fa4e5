import Foundation
import IntegrationSupport
import Services

/// The mock video host: a simulated vendor SDK (`MediaHostClient`) that stores uploads in a
/// directory it owns, processes them on an injectable clock, and is served to the app as a
/// `VideoHostingService`.
///
/// `start()` checks the API key and prepares the storage directory; `stop()` cancels uploads in
/// progress (removing their partial files) and refuses further calls. Safe to use from any task.
public final class MockVideoHostIntegration: Integration {
    /// `"Mock video host"`.
    public let name = "Mock video host"
    /// The settings the integration was made with (the API key is redacted when printed).
    public let configuration: Configuration
    /// The video hosting service; it serves between `start()` and `stop()`.
    public let videoHostingService: MockVideoHostingService

    private let client: MediaHostClient
    private let lifecycle = LifecycleHealth()

    /// Creates a stopped integration; nothing touches the disk until `start()`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        client = MediaHostClient(configuration: configuration.clientConfiguration)
        videoHostingService = MockVideoHostingService(client: client)
    }

    /// The hosting service.
    public var services: ServiceSet {
        ServiceSet().adding(.hosting, videoHostingService)
    }

    /// Checks the API key and creates the storage directory, or checks the existing one.
    ///
    /// - Throws: `.unauthorized` for a malformed API key, `.corruptData` naming the path when a
    ///   file stands where the storage directory should be, `.unavailable` when the directory
    ///   cannot be created or written. Existing files are never touched, except files of the
    ///   host's own naming that a killed upload left and no live upload holds.
    public func start() async throws(ServiceError) {
        do {
            try await client.open()
        } catch {
            let failure = ServiceError(error)
            await lifecycle.failed(failure)
            throw failure
        }
        await lifecycle.started()
    }

    /// Cancels uploads in progress, waits until their partial files are removed, and refuses
    /// further calls. Safe to call more than once, and before `start()`.
    public func stop() async {
        await client.close()
        await lifecycle.stopped()
    }

    /// Nothing to do: the host keeps no buffered writes.
    public func handle(_ event: LifecycleEvent) async {}

    /// `.healthy` while started and its storage directory is still there, `.failed` when start
    /// failed or the directory has gone, otherwise `.notStarted` or `.stopped`.
    public func health() async -> IntegrationHealth {
        let health = await lifecycle.current
        guard health == .healthy else { return health }
        var isDirectory: ObjCBool = false
        let path = configuration.storageDirectory.path
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return .failed(reason: "the storage directory \(path) is gone")
        }
        return .healthy
    }
}
