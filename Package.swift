// swift-tools-version: 6.0
import PackageDescription

// Swift 6 language mode (the default for tools 6.0) gives complete strict concurrency checking.
// Every target also opts into `ExistentialAny`, so each existential is spelled `any P`.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "Silo",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "Models", targets: ["Models"]),
        .library(name: "Services", targets: ["Services"]),
    ],
    targets: [
        // MARK: - Models & Services

        .target(name: "Models"),
        .testTarget(name: "ModelsTests", dependencies: ["Models"]),
        .target(name: "Services", dependencies: ["Models"]),
        .testTarget(name: "ServicesTests", dependencies: ["Models", "Services"]),

        // MARK: - Integrations

        // MARK: In-memory (the reference implementation of every service)
        .target(
            name: "InMemoryIntegration",
            dependencies: ["Models", "Services"],
            path: "Integrations/InMemory"
        ),
        .testTarget(
            name: "InMemoryIntegrationTests",
            dependencies: ["InMemoryIntegration", "Models", "Services", "ServiceContracts", "TestSupport"]
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
            dependencies: ["CSQLite", "Models", "Services"],
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
                "SQLiteIntegration", "SQLiteWriterFixture", "Models", "Services", "ServiceContracts", "TestSupport",
            ]
        ),

        // MARK: Mock video host (a simulated vendor SDK storing uploads on disk)
        .target(
            name: "MockVideoHostIntegration",
            dependencies: ["Models", "Services"],
            path: "Integrations/MockVideoHost"
        ),
        .testTarget(
            name: "MockVideoHostIntegrationTests",
            dependencies: ["MockVideoHostIntegration", "Models", "Services", "ServiceContracts", "TestSupport"]
        ),

        // MARK: - App (the composition root) and the sample app

        .target(
            name: "App",
            dependencies: [
                "Models", "Services", "InMemoryIntegration", "SQLiteIntegration", "MockVideoHostIntegration",
            ]
        ),
        .testTarget(
            name: "AppTests",
            dependencies: ["App", "Models", "Services", "InMemoryIntegration", "TestSupport"]
        ),

        // MARK: - Test support and contracts
        // Plain targets that import Testing and belong to no product: only test targets depend on them.

        .target(
            name: "TestSupport",
            dependencies: ["Models", "Services"],
            path: "Tests/TestSupport"
        ),
        .target(
            name: "ServiceContracts",
            dependencies: ["Models", "Services", "TestSupport"],
            path: "Tests/ServiceContracts"
        ),
        .testTarget(
            name: "ServiceContractsTests",
            dependencies: ["InMemoryIntegration", "Models", "Services", "ServiceContracts", "TestSupport"]
        ),
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
