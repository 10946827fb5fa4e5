import Testing

@testable import TemplateTool

@Suite("Removing targets from a manifest's text")
struct ManifestEditTests {
    static let manifest = """
        let package = Package(
            products: [
                .library(name: "App", targets: ["App"]),
                .library(name: "JSONStore", targets: ["JSONStore"]),
            ],
            targets: [
                .target(name: "Models"),

                // MARK: JSON store
                .target(
                    name: "JSONStore",
                    dependencies: ["Models", "Services"],
                    path: "Integrations/JSONStore"
                ),
                // A helper process for the kill tests.
                .executableTarget(
                    name: "JSONStoreFixture", dependencies: ["JSONStore"], path: "Tests/JSONStoreFixture"),
                .testTarget(name: "JSONStoreTests", dependencies: ["JSONStore", "JSONStoreFixture"]),

                .target(
                    name: "App",
                    dependencies: [
                        "Models", "SQLite", "JSONStore",
                        "JSONStore",
                        "HTTP",
                    ]
                ),
                .testTarget(name: "AppTests", dependencies: ["JSONStore"]),
            ]
        )
        """

    @Test("a target goes with the comments right above it, its products, and every dependency on it")
    func removesTargets() {
        let edited = ManifestEdit.removing(
            targets: ["JSONStore", "JSONStoreFixture", "JSONStoreTests"], from: Self.manifest)
        #expect(
            edited == """
                let package = Package(
                    products: [
                        .library(name: "App", targets: ["App"]),
                    ],
                    targets: [
                        .target(name: "Models"),

                        .target(
                            name: "App",
                            dependencies: [
                                "Models", "SQLite",
                                "HTTP",
                            ]
                        ),
                        .testTarget(name: "AppTests", dependencies: []),
                    ]
                )
                """)
    }

    @Test("a client package loses its product dependency line")
    func removesProduct() {
        let manifest = """
            dependencies: [
                .product(name: "App", package: "Silo"),
                .product(name: "JSONStore", package: "Silo"),
            ]
            """
        #expect(
            ManifestEdit.removing(product: "JSONStore", from: manifest) == """
                dependencies: [
                    .product(name: "App", package: "Silo"),
                ]
                """)
    }

    @Test("the names a description file declares are read from the shape new-integration writes")
    func descriptionFile() throws {
        let file = try DescriptionFile(
            text: """
                extension IntegrationDescription {
                    public static let jsonFileStore = IntegrationDescription(
                        name: "json", services: [.posts]
                    ) { _ in JSON() }
                }
                """, path: "JSON.swift")
        #expect(file.propertyName == "jsonFileStore")
        #expect(file.configurationName == "json")
        #expect(throws: ToolFailure.self) { try DescriptionFile(text: "enum X {}", path: "X.swift") }
    }
}
