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
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
