// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Silo",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        // MARK: - Commands
        .target(
            name: "Commands",
            path: "Sources/Commands",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "CommandsTests",
            dependencies: ["Commands"],
            path: "Tests/CommandsTests",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),

        // MARK: - Benchmarks
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["Commands"],
            path: "Sources/Benchmarks",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
