// swift-tools-version: 6.3
import PackageDescription

// Silo's benchmarks: a package of their own beside the app (as swift-nio keeps its benchmarks), so
// the app's package and its architecture rules stay free of them. It uses the app's package like
// any other client would, through its products, and measures the raw SQLite C API through a
// system library of its own. `scripts/bench` runs it in release mode.
let package = Package(
    name: "SiloBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Silo", path: "..")
    ],
    targets: [
        .systemLibrary(
            name: "CSQLiteBaseline",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "CSQLiteBaseline",
                .product(name: "App", package: "Silo"),
                .product(name: "Commands", package: "Silo"),
                .product(name: "IntegrationSupport", package: "Silo"),
                .product(name: "Models", package: "Silo"),
                .product(name: "Services", package: "Silo"),
                .product(name: "SQLiteIntegration", package: "Silo"),
                .product(name: "JSONFileStoreIntegration", package: "Silo"),
                .product(name: "MockVideoHostIntegration", package: "Silo"),
                .product(name: "HTTPBackendIntegration", package: "Silo"),
                .product(name: "OfflineFirstIntegration", package: "Silo"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
