/// The files of a new integration named `name` that provides `services`: each file's path and text,
/// in the layout every integration shares. Pure: it writes nothing (`NewIntegration` does).
struct IntegrationScaffold {
    /// The integration's name, e.g. `Firestore`.
    let name: String
    /// What it provides.
    let services: [ScaffoldedService]
    /// The app's environment prefix, e.g. `SILO_`.
    let environmentPrefix: String

    /// The configuration name: `firestore`.
    var configurationName: String { name.lowercased() }
    /// The name of its description in `IntegrationCatalog`: `firestore`, `httpThing`.
    var descriptionName: String { lowerFirst(name) }

    /// Every file to create, by path relative to the package's root.
    ///
    /// - Throws: a failure naming a requirement the scaffold cannot stub (see `serviceFile`).
    func files() throws(ToolFailure) -> [(path: String, text: String)] {
        let integration = "Integrations/\(name)"
        let tests = "Tests/\(name)IntegrationTests/Contracts"
        var files: [(path: String, text: String)] = [
            ("\(integration)/\(name)Integration.swift", integrationFile),
            ("\(integration)/Configuration/\(name)Integration+Configuration.swift", configurationFile),
            ("\(integration)/Client/\(name)Client.swift", clientFile),
            ("\(integration)/Models/\(name)Error.swift", errorFile),
            ("\(integration)/Mapping/ServiceError+\(name)Error.swift", mappingFile),
        ]
        for service in services {
            files.append(("\(integration)/Services/\(name)\(service.protocolName).swift", try serviceFile(service)))
            files.append(("\(tests)/\(name)\(service.protocolName)ContractTests.swift", contractTestFile(service)))
        }
        files.append(("\(tests)/\(name)ContractFixtures.swift", fixturesFile))
        files.append(("\(tests)/\(name)CapabilityRowsTests.swift", capabilityRowsTestFile))
        files.append(("Sources/App/Integrations/\(name).swift", descriptionFile))
        return files
    }

    /// The target blocks the manifest gets, before its `// MARK: - App` heading.
    var packageTargets: String {
        #"""
                // MARK: \#(name)
                .target(
                    name: "\#(name)Integration",
                    dependencies: ["Models", "Services", "IntegrationSupport"],
                    path: "Integrations/\#(name)"
                ),
                .testTarget(
                    name: "\#(name)IntegrationTests",
                    dependencies: ["\#(name)Integration", "Models", "Services", "ServiceContracts", "TestSupport"]
                ),

        """#
    }

    // MARK: - The integration

    private var integrationFile: String {
        let properties = services.map {
            "    /// The `\($0.protocolName)` this integration provides.\n"
                + "    public let \($0.propertyName): \(name)\($0.protocolName)"
        }
        let assignments = services.map { "        \($0.propertyName) = \(name)\($0.protocolName)(client: client)" }
        let adding = services.map { ".adding(.\($0.key), \($0.propertyName))" }.joined()
        let keys = services.map(\.key).joined(separator: ", ")
        return #"""
            import IntegrationSupport
            import Services

            /// The \#(name) integration: everything that talks to \#(name) lives in this folder.
            ///
            /// The app makes it from its description in `Sources/App/Integrations/\#(name).swift`, starts it
            /// through `IntegrationsManager`, and picks its services in `ServiceProvider`. Safe to use from any
            /// task.
            public final class \#(name)Integration: Integration {
                /// `"\#(name)"`.
                public let name = "\#(name)"
                /// Where it keeps its files and how it reaches \#(name).
                public let configuration: Configuration
            \#(properties.joined(separator: "\n"))

                private let client: \#(name)Client
                private let lifecycle = LifecycleHealth()

                /// Creates the integration; nothing is opened until `start()`.
                public init(configuration: Configuration) {
                    self.configuration = configuration
                    let client = \#(name)Client(configuration: configuration)
                    self.client = client
            \#(assignments.joined(separator: "\n"))
                }

                /// Its services: \#(keys).
                public var services: ServiceSet {
                    ServiceSet()\#(adding)
                }

                /// Connects to \#(name) and checks it is usable.
                ///
                /// - Throws: the `ServiceError` its client's failure maps to; health then reports it.
                public func start() async throws(ServiceError) {
                    do {
                        try await client.connect()
                    } catch {
                        let failure = ServiceError(error)
                        await lifecycle.failed(failure)
                        throw failure
                    }
                    await lifecycle.started()
                }

                /// Releases everything. Safe to call more than once, and without a start.
                public func stop() async {
                    await client.close()
                    await lifecycle.stopped()
                }

                /// Reacts to app lifecycle events (flush on `.didEnterBackground`, reconnect on foreground).
                public func handle(_ event: LifecycleEvent) async {}

                /// `.notStarted`, `.healthy`, `.failed` after a failed start, or `.stopped`.
                public func health() async -> IntegrationHealth {
                    await lifecycle.current
                }

                /// How many observations are running (`client.changes` counts those built on it): the
                /// contract checks that a cancelled observation leaves none behind.
                public var observerCount: Int { client.changes.observerCount }
            }

            """#
    }

    private var configurationFile: String {
        #"""
        import Foundation

        extension \#(name)Integration {
            /// What the \#(name) integration needs to run; made by the app from its settings.
            public struct Configuration: Sendable {
                /// A directory of its own for files it keeps (a cache, a database), inside the app's data
                /// directory.
                public var directory: URL
                /// The clock every time it stamps (`createdAt`) is read from; the contract tests hand it
                /// their own, so order and ties are theirs to decide.
                public var now: @Sendable () -> Date

                /// Creates a configuration keeping files in `directory`, reading times from `now`.
                public init(directory: URL, now: @escaping @Sendable () -> Date = { Date() }) {
                    self.directory = directory
                    self.now = now
                }
            }
        }

        """#
    }

    private var clientFile: String {
        #"""
        import IntegrationSupport

        /// The only code that talks to \#(name): its SDK, its HTTP API or its files.
        ///
        /// Services call it and translate; it speaks \#(name)'s own types (Models/) and throws `\#(name)Error`.
        /// An actor, so the connection state it will hold is safe to share.
        actor \#(name)Client {
            /// Rings after every change, so observations refresh; counts the observations running.
            nonisolated let changes = ChangeSignal()
            private let configuration: \#(name)Integration.Configuration
            private var isConnected = false

            init(configuration: \#(name)Integration.Configuration) {
                self.configuration = configuration
            }

            /// Opens the connection or the files; called once by `\#(name)Integration.start()`.
            func connect() throws(\#(name)Error) {
                isConnected = true
            }

            /// Releases what `connect()` opened.
            func close() {
                isConnected = false
            }

            /// Fails with `.notWrittenYet`: what each generated service method calls until it is written.
            func notWrittenYet<Output: Sendable>(_ operation: String) throws(\#(name)Error) -> Output {
                throw .notWrittenYet(operation: operation)
            }
        }

        """#
    }

    private var errorFile: String {
        #"""
        /// What can go wrong talking to \#(name), in \#(name)'s terms.
        ///
        /// It never leaves the integration: `ServiceError(_:)` in Mapping/ turns each case into the app's
        /// error vocabulary. Add a case per failure \#(name) reports that needs its own message or remedy.
        enum \#(name)Error: Error, Sendable, Equatable {
            /// The operation has no implementation yet (as scaffolded by scripts/new-integration).
            case notWrittenYet(operation: String)
        }

        """#
    }

    private var mappingFile: String {
        #"""
        import Services

        extension ServiceError {
            /// Maps a \#(name) failure to the app's error vocabulary, so no `\#(name)Error` leaves the
            /// integration. Each message names what failed and a remedy that fits the cause.
            init(_ error: \#(name)Error) {
                switch error {
                case .notWrittenYet(let operation):
                    self = .unavailable(
                        reason: "\(operation) is not written yet: implement it in Integrations/\#(name) "
                            + "(swift test --filter \#(name)IntegrationTests lists what is left)",
                        retryAfter: nil)
                }
            }
        }

        """#
    }

    /// A service whose every method is "not written yet", and whose properties start with the
    /// values its declaration gives.
    ///
    /// - Throws: a failure naming a requirement that is neither a method throwing `ServiceError`
    ///   nor returning a `ServiceObservation`, nor a property with a scaffold value.
    private func serviceFile(_ service: ScaffoldedService) throws(ToolFailure) -> String {
        var members: [String] = []
        for requirement in service.requirements {
            members.append(try stub(requirement, of: service))
        }
        return #"""
            import Models
            import Services

            /// A `\#(service.protocolName)` backed by \#(name).
            ///
            /// Get it from `\#(name)Integration.services`. It is done when its contract passes:
            /// `swift test --filter \#(name)IntegrationTests`. Talk to \#(name) through `client`, read its answers
            /// into the types in Models/, map them to app models in Mapping/, and map every failure to
            /// `ServiceError` with `ServiceError(_:)`, so nothing of \#(name) leaves the integration.
            public struct \#(name)\#(service.protocolName): \#(service.protocolName) {
                let client: \#(name)Client

            \#(members.joined(separator: "\n\n"))
            }

            """#
    }

    private func stub(_ requirement: ServiceInterface.Requirement, of service: ScaffoldedService) throws(ToolFailure)
        -> String
    {
        let declaration = requirement.declaration
        let operation = "\(name)\(service.protocolName).\(requirement.title)"
        switch try requirement.stub(in: service.protocolName) {
        case .property:
            guard let value = service.declaration.scaffoldValues[requirement.title],
                let getter = declaration.range(of: " { get }")
            else {
                throw .failed(
                    "\(service.protocolName) requires `\(declaration)`; give it a start value in its "
                        + "ServiceDeclaration's scaffoldValues (Sources/Services/Catalog/ServiceKind.swift), "
                        + "or write it by hand")
            }
            return """
                    /// Where this service starts; decide what \(name) does and change it.
                    public \(declaration[..<getter.lowerBound]) { \(value) }
                """
        case .observation:
            return """
                    /// Not written yet: the observation fails with `.unavailable` until you implement it
                    /// (on `client.changes`, so `observerCount` counts it).
                    public \(declaration) {
                        ServiceObservation(failing: ServiceError(\(name)Error.notWrittenYet(operation: "\(operation)")))
                    }
                """
        case .throwing:
            return """
                    /// Not written yet: throws `.unavailable` until you implement it over `client`.
                    public \(declaration) {
                        do {
                            return try await client.notWrittenYet("\(operation)")
                        } catch {
                            throw ServiceError(error)
                        }
                    }
                """
        }
    }

    // MARK: - Its tests and description

    private var fixturesFile: String {
        let fixtures = services.map { service in
            let extra = service.declaration.scaffoldCapabilities.map { ".\($0)" }.joined(separator: ", ")
            let arguments = extra.isEmpty ? "" : "(capabilities: [\(extra)])"
            return "    static let \(service.key) = fixture\(arguments) { "
                + "try \(service.subject)(services: $0.services, hooks: $1) }"
        }
        return #"""
            import Foundation
            import \#(name)Integration
            import ServiceContracts
            import TestSupport

            /// Fixtures that run every contract against a fresh \#(name) integration.
            ///
            /// They declare every capability a store can offer, with its hook, so the checks that need one
            /// run, and fail until the integration does what they check:
            /// - `.injectedClock`: the integration stamps every time with `configuration.now`, which is the
            ///   check's clock, so order and ties are the check's to decide.
            /// - `.reopen`: a stop and a start on the same configuration keep every change.
            /// - `.secondInstance`: two integrations on the same configuration see each other's changes.
            /// - `.observerCount`: `observerCount` counts the observations running, so a cancelled one is
            ///   seen to leave nothing behind.
            /// Remove one only if \#(name) cannot offer it: its checks are then reported as cancelled, with
            /// the reason. Crash recovery, a documented format, unreadable data and held reads need hooks of
            /// their own; Docs/ContractTests.md lists every capability and how the other fixtures do it.
            enum \#(name)ContractFixtures {
                static let integration = "\#(name)"
                static let capabilities: Set<ContractCapability> = [\#(Self.storeCapabilities.map { ".\($0)" }.joined(separator: ", "))]

                /// The integrations one check started, all on one directory and clock, so tear-down stops them.
                actor Stores {
                    let directory: TemporaryDirectory
                    let clock: ContractClock
                    private var started: [\#(name)Integration] = []

                    init(clock: ContractClock) throws {
                        directory = try TemporaryDirectory(prefix: "\#(descriptionName)-contract")
                        self.clock = clock
                    }

                    /// Starts another integration on the directory and clock.
                    func start() async throws -> \#(name)Integration {
                        let integration = \#(name)Integration(configuration: .init(directory: directory.url, now: clock.now))
                        try await integration.start()
                        started.append(integration)
                        return integration
                    }

                    func stopAll() async {
                        for integration in started.reversed() { await integration.stop() }
                    }
                }

                /// Makes a subject from a started integration and its hooks.
                typealias MakeSubject<Subject> = @Sendable (\#(name)Integration, SubjectHooks<Subject>) throws -> Subject

                /// A fixture with `capabilities` and those of `extra`.
                static func fixture<Subject: ContractSubject>(
                    capabilities extra: Set<ContractCapability> = [], _ make: @escaping MakeSubject<Subject>
                ) -> ContractFixture<Subject> {
                    ContractFixture(integration: integration, capabilities: capabilities.union(extra)) { clock in
                        try await subject(on: Stores(clock: clock), make: make)
                    }
                }

                private static func subject<Subject: ContractSubject>(
                    on stores: Stores, make: @escaping MakeSubject<Subject>
                ) async throws -> Subject {
                    let integration = try await stores.start()
                    let hooks = SubjectHooks<Subject>(
                        reopen: {
                            await integration.stop()
                            return try await subject(on: stores, make: make)
                        },
                        secondInstance: { try await subject(on: stores, make: make) },
                        tearDown: { await stores.stopAll() },
                        observerCount: { integration.observerCount }
                    )
                    return try make(integration, hooks)
                }

            \#(fixtures.joined(separator: "\n"))
            }

            """#
    }

    /// The capabilities every scaffolded fixture declares, each with a working hook.
    static let storeCapabilities = ["injectedClock", "reopen", "secondInstance", "observerCount"]

    /// The page and the heading of the table that says what each integration's fixtures declare;
    /// `ContractDocs` in Tests/ServiceContracts reads it under the same heading.
    static let capabilityTable = (page: "Docs/ContractTests.md", heading: "### Which integration declares what")

    /// The row the capability table gets: every capability the fixtures declare, by name as the
    /// table lists them, marked as part of the integration.
    var contractTableRow: String {
        let names = Set(Self.storeCapabilities + services.flatMap(\.declaration.scaffoldCapabilities)).sorted()
        let declared = names.map { "`.\($0)`" }.joined(separator: ", ")
        return "| \(name) | \(declared) | <!-- part of: \(name) -->"
    }

    private var capabilityRowsTestFile: String {
        let fixtures = services.map { "\(name)ContractFixtures.\($0.key).capabilities" }
            .joined(separator: ", ")
        return #"""
            import ServiceContracts
            import Testing

            @Suite("\#(name) capability rows")
            struct \#(name)CapabilityRowsTests {
                @Test("Docs/ContractTests.md lists what the \#(name) fixtures declare")
                func docsListCapabilities() throws {
                    try ContractDocs.expectListed(\#(name)ContractFixtures.integration, declaring: [\#(fixtures)])
                }
            }

            """#
    }

    private func contractTestFile(_ service: ScaffoldedService) -> String {
        let contract = "\(service.protocolName)Contract"
        return #"""
            import ServiceContracts
            import Testing

            @Suite("\#(name) \#(service.protocolName) contract")
            struct \#(name)\#(service.protocolName)ContractTests {
                static let fixture = \#(name)ContractFixtures.\#(service.key)

                @Test("\#(name) \#(service.protocolName) contract", arguments: \#(contract).checks(supportedBy: fixture))
                func contract(_ check: ContractCheck<\#(service.subject)>) async throws {
                    try await check.run(with: Self.fixture)
                }

                @Test("\#(name) \#(service.protocolName) contract: checks this fixture cannot run")
                func unsupportedChecks() throws {
                    try \#(contract).cancelUnsupportedChecks(for: Self.fixture)
                }
            }

            """#
    }

    private var descriptionFile: String {
        let keys = services.map { ".\($0.key)" }.joined(separator: ", ")
        return #"""
            import \#(name)Integration

            extension IntegrationDescription {
                /// \#(name), keeping its files in `\#(configurationName)/` under the data directory. Pick it for a service with
                /// `\#(environmentPrefix)<SERVICE>=\#(configurationName)`, or make it the default in `ServiceProvider.defaultChoices`.
                ///
                /// Declare the settings it reads (`IntegrationSetting`, with defaults and which are secret) in
                /// `settings:`, read them with `context.value(_:)` or `context.secret(_:)`, and say whether the
                /// app may start without it (`isOptional`) and how long its start may take (`startTimeout`).
                public static let \#(descriptionName) = IntegrationDescription(name: "\#(configurationName)", services: [\#(keys)]) { context in
                    \#(name)Integration(
                        configuration: .init(directory: context.dataDirectory.appendingPathComponent("\#(configurationName)", isDirectory: true))
                    )
                }
            }

            """#
    }
}

/// `firestore` for `Firestore`, `httpThing` for `HTTPThing`: Swift's casing for a property.
func lowerFirst(_ name: String) -> String {
    let uppercase = name.prefix { $0.isUppercase }
    if uppercase.count == name.count { return name.lowercased() }
    guard uppercase.count > 1 else { return name.prefix(1).lowercased() + name.dropFirst() }
    // An acronym: all of it but the capital that starts the next word.
    let acronym = uppercase.dropLast()
    return acronym.lowercased() + name.dropFirst(acronym.count)
}
