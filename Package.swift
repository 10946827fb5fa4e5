// swift-tools-version: 6.3
import PackageDescription

// Swift 6.3 is the floor: the contract tests report unsupported checks with `Test.cancel` (Swift
// Testing 6.3) and capture planted failures with the `filterIssues` trait (6.2). Swift 6 language
// mode, the default for tools 6.x, gives complete strict concurrency checking. Every target also
// opts into `ExistentialAny`, so each existential is spelled `any P`.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

// The dependency rules these targets follow are in Docs/Architecture.md and are checked by
// scripts/check-architecture. No package dependencies: the toolchain and the system SQLite only.
let package = Package(
    name: "Silo",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .executable(name: "silo", targets: ["SiloCLI"]),
        .executable(name: "silo-backend", targets: ["SiloBackend"]),
        .library(name: "Models", targets: ["Models"]),
        .library(name: "Services", targets: ["Services"]),
        .library(name: "Commands", targets: ["Commands"]),
        .library(name: "Features", targets: ["Features"]),
        // What integrations are built from, for one written in a package of its own (and the benchmarks).
        .library(name: "IntegrationSupport", targets: ["IntegrationSupport"]),
        .library(name: "App", targets: ["App"]),
        .executable(name: "template", targets: ["TemplateTool"]),
    ],
    targets: [
        // MARK: - Models, Services, Commands, Features
        // Pure Swift: no integration, no outside-facing framework.

        .target(name: "Models"),
        .testTarget(name: "ModelsTests", dependencies: ["Models"]),
        .target(
            name: "Services", dependencies: ["Models"],
            // SHA-256 (Services/Checksums) is pure Swift; unoptimised it hashes a few MB/s, and the
            // tests that upload and check videos kept both threads of a two-core pool busy for
            // tens of seconds. Optimised even in debug builds, it runs at over 100 MB/s.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        .testTarget(name: "ServicesTests", dependencies: ["Models", "Services", "TestSupport"]),
        .target(name: "Commands"),
        .testTarget(name: "CommandsTests", dependencies: ["Commands", "TestSupport"]),
        .target(name: "Features", dependencies: ["Models", "Services", "Commands"]),
        .testTarget(
            name: "FeaturesTests",
            dependencies: ["Features", "Commands", "Models", "Services", "InMemoryIntegration", "TestSupport"]
        ),

        // MARK: - Integrations
        // One target per third-party dependency: Models, Services (and Commands, IntegrationSupport)
        // only, never each other.

        // MARK: What integrations share (durable files, locks, ...); never an integration itself
        .target(name: "IntegrationSupport", dependencies: ["Models", "Services", "CSHA256"]),
        // SHA-256's block function on the CPU's SHA instructions, where it has them (SHA256.fastest()).
        .target(name: "CSHA256"),
        .testTarget(
            name: "IntegrationSupportTests", dependencies: ["IntegrationSupport", "Models", "Services", "TestSupport"]),

        // MARK: In-memory (the reference implementation of every service)
        .target(
            name: "InMemoryIntegration",
            dependencies: ["Models", "Services", "IntegrationSupport"],
            path: "Integrations/InMemory"
        ),
        .testTarget(
            name: "InMemoryIntegrationTests",
            dependencies: ["InMemoryIntegration", "Models", "Services", "ServiceContracts", "TestSupport"]
        ),

        // MARK: Offline-first (a local store kept in sync with a remote one, both given by App)
        .target(
            name: "OfflineFirstIntegration",
            dependencies: ["Models", "Services", "IntegrationSupport"],
            path: "Integrations/OfflineFirst"
        ),
        .testTarget(
            name: "OfflineFirstIntegrationTests",
            dependencies: [
                "OfflineFirstIntegration", "InMemoryIntegration", "Models", "Services", "ServiceContracts",
                "TestSupport",
            ]
        ),

        // MARK: SQLite (the embedded default store)
        // The system SQLite library: pkg-config finds it on Linux, the SDK provides it on Apple platforms.
        .systemLibrary(
            name: "CSQLite",
            path: "Integrations/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "SQLiteIntegration",
            dependencies: ["CSQLite", "Models", "Services", "IntegrationSupport"],
            path: "Integrations/SQLite"
        ),
        // A helper process for the kill and two-process tests; `swift test` builds it next to the tests.
        .executableTarget(
            name: "SQLiteWriterFixture",
            dependencies: ["SQLiteIntegration", "Models", "Services"],
            path: "Tests/SQLiteWriterFixture"
        ),
        .testTarget(
            name: "SQLiteIntegrationTests",
            dependencies: [
                "SQLiteIntegration", "SQLiteWriterFixture", "IntegrationSupport", "Models", "Services",
                "ServiceContracts",
                "TestSupport",
            ]
        ),

        // MARK: Mock video host (a simulated vendor SDK storing uploads on disk)
        .target(
            name: "MockVideoHostIntegration",
            dependencies: ["Models", "Services", "IntegrationSupport"],
            path: "Integrations/MockVideoHost"
        ),
        // A helper process for the two-process tests; `swift test` builds it next to the tests.
        .executableTarget(
            name: "MockVideoHostUploadFixture",
            dependencies: ["MockVideoHostIntegration", "IntegrationSupport", "Models", "Services"],
            path: "Tests/MockVideoHostUploadFixture"
        ),
        .testTarget(
            name: "MockVideoHostIntegrationTests",
            dependencies: [
                "MockVideoHostIntegration", "MockVideoHostUploadFixture", "IntegrationSupport", "Models", "Services",
                "ServiceContracts", "TestSupport",
            ]
        ),

        // MARK: JSON file store (human-readable JSON on disk, for small stores)
        .target(
            name: "JSONFileStoreIntegration",
            dependencies: ["Models", "Services", "IntegrationSupport"],
            path: "Integrations/JSONFileStore"
        ),
        // A helper process for the kill and lock tests; `swift test` builds it next to the tests.
        .executableTarget(
            name: "JSONStoreWriterFixture",
            dependencies: ["JSONFileStoreIntegration", "Models", "Services"],
            path: "Tests/JSONStoreWriterFixture"
        ),
        .testTarget(
            name: "JSONFileStoreIntegrationTests",
            dependencies: [
                "JSONFileStoreIntegration", "JSONStoreWriterFixture", "IntegrationSupport", "Models", "Services",
                "ServiceContracts", "TestSupport",
            ]
        ),

        // MARK: What REST integrations share: the HTTP client (over URLSession or its own sockets)
        .target(
            name: "HTTPSupport",
            dependencies: ["Models", "Services", "Commands", "IntegrationSupport"],
            path: "Integrations/HTTPSupport"
        ),
        .testTarget(
            name: "HTTPSupportTests",
            dependencies: ["HTTPSupport", "IntegrationSupport", "Models", "Services", "TestSupport"]
        ),

        // MARK: The HTTP backend's API: its schemas, shared by the client integration and silo-backend
        .target(name: "BackendAPI", dependencies: ["Models"], path: "Integrations/BackendAPI"),

        // MARK: HTTP backend (REST requests as commands, sent by HTTPSupport's client)
        .target(
            name: "HTTPBackendIntegration",
            dependencies: ["Models", "Services", "IntegrationSupport", "HTTPSupport", "BackendAPI"],
            path: "Integrations/HTTPBackend"
        ),
        .testTarget(
            name: "HTTPBackendIntegrationTests",
            dependencies: [
                "HTTPBackendIntegration", "BackendAPI", "HTTPSupport", "SiloBackend", "IntegrationSupport", "Models",
                "Services", "ServiceContracts", "TestSupport",
            ]
        ),
        // The development server the HTTP integration talks to: a composition root over the store
        // integrations, like App. `swift test` builds it next to the tests, which run it as a process.
        .executableTarget(
            name: "SiloBackend",
            dependencies: [
                "Models", "Services", "IntegrationSupport", "BackendAPI", "InMemoryIntegration", "SQLiteIntegration",
                "CommandLineSupport",
            ]
        ),

        // MARK: - App (the composition root) and the sample app

        // What the executables share about the command line: help in swift-argument-parser's
        // layout, usage errors, "did you mean" (App uses it for settings too), and signals
        // delivered as ordinary calls.
        .target(name: "CommandLineSupport"),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport", "TestSupport"]),
        .target(
            name: "App",
            dependencies: [
                "Models", "Services", "IntegrationSupport", "CommandLineSupport",
                "InMemoryIntegration", "SQLiteIntegration", "MockVideoHostIntegration", "JSONFileStoreIntegration",
                "HTTPBackendIntegration", "OfflineFirstIntegration",
                "HTTPSupport",  // part of: HTTPBackend
            ]
        ),
        .testTarget(
            name: "AppTests",
            dependencies: ["App", "Models", "Services", "InMemoryIntegration", "TestSupport"]
        ),
        .executableTarget(
            name: "SiloCLI",
            dependencies: ["App", "Features", "Models", "Services", "CommandLineSupport"]
        ),
        // End-to-end: runs the built `silo` binary as a subprocess in a temporary directory.
        .testTarget(
            name: "SiloCLITests",
            dependencies: ["SiloCLI", "SiloBackend", "App", "Services", "TestSupport"]
        ),

        // MARK: - The template's own tool
        // `new-integration`, `remove-integration` and `rename` (the scripts of those names): it reads
        // the services and integrations through App and Services, protocols through their symbol graph
        // and targets through `swift package dump-package`.

        .executableTarget(name: "TemplateTool", dependencies: ["App", "Services"]),
        .testTarget(name: "TemplateToolTests", dependencies: ["TemplateTool"]),

        // MARK: - Test support and contracts
        // Plain targets that import Testing and belong to no product: only test targets depend on them.

        .target(
            name: "TestSupport",
            dependencies: ["Models", "Services", "Commands"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport", "Models", "Services"]),
        .target(
            name: "ServiceContracts",
            dependencies: ["Models", "Services", "TestSupport"],
            path: "Tests/ServiceContracts"
        ),
        .testTarget(
            name: "ServiceContractsTests",
            dependencies: [
                "InMemoryIntegration", "IntegrationSupport", "Models", "Services", "ServiceContracts", "TestSupport",
            ]
        ),
    ]
)

// Each integration is also a product of its own, for a package that composes integrations itself
// (the benchmarks in Benchmarks/): derived from the targets, so adding an integration adds nothing here.
package.products += package.targets.filter { $0.type == .regular && $0.name.hasSuffix("Integration") }
    .map { .library(name: $0.name, targets: [$0.name]) }

// Swift settings apply to targets with Swift sources, not to system libraries or a vendor's binary framework.
for target in package.targets where target.type != .system && target.type != .binary {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
