import Foundation
import IntegrationSupport
import JSONFileStoreIntegration
import ServiceContracts
import Services
import TestSupport

/// Fixtures that run every contract against a JSON file store in a fresh temporary directory.
///
/// Reopen is stop, then start a new integration on the same directory: what comes back was read
/// from the file. A crash trips the integration's `CrashSwitch` (nothing more is written), then
/// opens the file as it is. There is no second instance: a second integration on the same
/// directory is refused by the lock while the first is open (`JSONStoreLockTests`), so the checks
/// that need one are reported as cancelled.
enum JSONFileStoreContractFixtures {
    static let integration = "JSON file store"
    static let capabilities: Set<ContractCapability> = [
        .reopen, .injectedClock, .otherListing, .observerCount, .crashRecovery, .documentedFormat, .unreadableStore,
        .deviceLocalSignIn,
    ]

    /// The store directories of one check and every integration started on them, so tear-down
    /// stops them all.
    actor Directories {
        let main: TemporaryDirectory
        let clock: ContractClock
        private var extra: [TemporaryDirectory] = []
        private var started: [JSONFileStoreIntegration] = []

        init(clock: ContractClock) throws {
            main = try TemporaryDirectory(prefix: "json-contract")
            self.clock = clock
        }

        /// Starts an integration on `directory` (the main one by default) with a switch of its own.
        func start(in directory: URL? = nil) async throws -> (JSONFileStoreIntegration, CrashSwitch) {
            let crashSwitch = CrashSwitch()
            let integration = JSONFileStoreIntegration(
                configuration: .init(directory: directory ?? main.url, now: clock.now, crashSwitch: crashSwitch))
            try await integration.start()
            started.append(integration)
            return (integration, crashSwitch)
        }

        /// Starts an integration on a new directory whose store file is `contents`.
        func start(holding contents: Data) async throws -> JSONFileStoreIntegration {
            let directory = try TemporaryDirectory(prefix: "json-sample")
            extra.append(directory)
            try contents.write(to: JSONFileStoreIntegration.Configuration(directory: directory.url).file)
            return try await start(in: directory.url).0
        }

        func stopAll() async {
            for integration in started.reversed() { await integration.stop() }
        }
    }

    /// Makes a subject from a started integration and its hooks.
    typealias MakeSubject<Subject> = @Sendable (JSONFileStoreIntegration, SubjectHooks<Subject>) throws -> Subject

    static func fixture<Subject: ContractSubject>(_ make: @escaping MakeSubject<Subject>) -> ContractFixture<Subject> {
        ContractFixture(integration: integration, capabilities: capabilities) { clock in
            try await subject(on: try Directories(clock: clock), make: make)
        }
    }

    private static func subject<Subject: ContractSubject>(
        on directories: Directories,
        make: @escaping MakeSubject<Subject>
    ) async throws -> Subject {
        let (integration, crashSwitch) = try await directories.start()
        let file = integration.configuration.file
        let hooks = SubjectHooks<Subject>(
            reopen: {
                await integration.stop()
                return try await subject(on: directories, make: make)
            },
            tearDown: { await directories.stopAll() },
            observerCount: { integration.observerCount },
            crash: CrashHooks(
                arm: { crashSwitch.arm() },
                hasCrashed: { crashSwitch.hasCrashed },
                recover: {
                    crashSwitch.crashNow()
                    // Stopping writes nothing now (the switch refuses every save); it lets the lock go.
                    await integration.stop()
                    return try await subject(on: directories, make: make)
                }),
            format: FormatHooks(
                sample: try JSONFileStoreFormatSample.make(),
                openSample: {
                    let sample = try JSONFileStoreFormatSample.make()
                    let opened = try await directories.start(holding: sample.contents)
                    return try make(opened, SubjectHooks(tearDown: { await directories.stopAll() }))
                },
                document: {
                    // Everything into store.json first: a running store keeps recent saves in its journal.
                    try await integration.compact()
                    return try Data(contentsOf: file)
                },
                shape: { document, service in try JSONShape.lines(of: document, under: section(of: service)) }),
            unreadableStart: {
                await integration.stop()
                return try await UnreadableStart.attempt(on: file) { _ = try await directories.start() }
            }
        )
        return try make(integration, hooks)
    }

    /// The key of the store file's list that holds `service`'s models: the service's own key (no
    /// switch here, so a service added by Docs/AddingAService.md needs no edit in this file).
    private static func section(of service: ServiceKind) -> String {
        service.rawValue
    }

    static let posts = fixture { try PostServiceSubject(services: $0.services, hooks: $1) }
    static let users = fixture { try UserServiceSubject(services: $0.services, hooks: $1) }
    static let authentication = fixture { try AuthenticationServiceSubject(services: $0.services, hooks: $1) }
    static let library = fixture { try VideoLibraryServiceSubject(services: $0.services, hooks: $1) }
}
