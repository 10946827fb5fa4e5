import App
import Services

/// `new-integration <Name> <service> [<service> ...]`: scaffolds an integration in the layout every
/// integration shares, wired into the app, whose contract tests are its to-do list.
///
/// The services come from `ServiceKind.declarations` and each stub from its protocol's
/// requirements as the compiler declares them (`ServiceInterface`); the names already taken come
/// from `IntegrationCatalog.all`. Nothing is overwritten: a name whose files exist is refused.
struct NewIntegration {
    /// What `--help` prints.
    static var help: String {
        let services = ServiceKind.declarations.map(\.kind.rawValue).joined(separator: ", ")
        return """
            Usage: scripts/new-integration <Name> <service> [<service> ...]
                   services: the keys of ServiceKind.declarations (today: \(services))

            Example: scripts/new-integration Firestore posts

            It creates
              Integrations/<Name>/<Name>Integration.swift               the integration type: start, stop, health, services
              Integrations/<Name>/Configuration/<Name>Integration+Configuration.swift
              Integrations/<Name>/Client/<Name>Client.swift              the vendor SDK or storage layer
              Integrations/<Name>/Models/<Name>Error.swift               its own types (records, DTOs, errors)
              Integrations/<Name>/Mapping/ServiceError+<Name>Error.swift one mapping per pair of types
              Integrations/<Name>/Services/<Name><Protocol>.swift        one per service
              Tests/<Name>IntegrationTests/Contracts/...                 a fixture, one contract test per service, and
                                                                         a test of its row in Docs/ContractTests.md
              Sources/App/Integrations/<Name>.swift                      how the app makes it, under the name <name>
            and adds the targets to Package.swift, the description to IntegrationCatalog.all, the
            integration to App's dependencies and its row to Docs/ContractTests.md. Services that must be served together (users with posts)
            are added for you. Every service method is generated from its protocol in Sources/Services and
            throws "not written yet" until you write it, so `swift test --filter <Name>IntegrationTests`
            lists what is left, and `\(AppConfiguration.environmentPrefix)POSTS=<name> swift run silo` already reaches your integration.
            """
    }

    /// The names of the template's own targets, which an integration may not take.
    private static let reservedNames: Set<String> = [
        "app", "models", "services", "commands", "features", "integrationsupport", "inmemory", "httpsupport",
        "backendapi",
    ]

    let name: String
    let keys: [String]
    let tree: PackageTree

    /// Checks the arguments and writes the scaffold.
    ///
    /// - Throws: a usage failure for a bad name, a name taken, or an unknown service; a failure
    ///   when a file cannot be written or an edit cannot find its place.
    func run() throws(ToolFailure) {
        try checkName()
        let declarations = try ScaffoldedService.chosen(keys) { print("  \($0)") }
        let interface = try ServiceInterface.load()
        var services: [ScaffoldedService] = []
        for declaration in declarations {
            services.append(
                ScaffoldedService(
                    declaration: declaration, requirements: try interface.requirements(of: declaration.protocolName)))
        }
        let scaffold = IntegrationScaffold(
            name: name, services: services, environmentPrefix: AppConfiguration.environmentPrefix)
        for file in try scaffold.files() {
            try tree.create(file.path, file.text)
        }
        try tree.edit("Package.swift", "the integration's targets") { text throws(ToolFailure) in
            try TextEdit.insert(scaffold.packageTargets, beforeLine: "// MARK: - App", in: text, file: "Package.swift")
        }
        try tree.edit("Package.swift", "App's dependencies") { text throws(ToolFailure) in
            try TextEdit.append(
                "\"\(name)Integration\"", toArrayOpening: "dependencies: [", after: "name: \"App\",", in: text,
                file: "Package.swift")
        }
        let catalog = "Sources/App/Integrations/IntegrationCatalog.swift"
        try tree.edit(catalog, "IntegrationCatalog.all") { text throws(ToolFailure) in
            try TextEdit.append(
                ".\(scaffold.descriptionName)", toArrayOpening: "public static let all: [IntegrationDescription] = [",
                in: text, file: catalog)
        }
        let table = IntegrationScaffold.capabilityTable
        try tree.edit(table.page, "the table of what each integration declares") { text throws(ToolFailure) in
            try TextEdit.append(row: scaffold.contractTableRow, toTableUnder: table.heading, in: text, file: table.page)
        }
        tree.format([
            "Integrations/\(name)", "Tests/\(name)IntegrationTests", "Sources/App/Integrations", "Package.swift",
        ])
        let first = services[0].key.uppercased()
        print(
            """

            Next:
              swift test --filter \(name)IntegrationTests    # the contracts: every failing check is still to do
              \(AppConfiguration.environmentPrefix)\(first)=\(scaffold.configurationName) swift run silo         # the app already reaches it ("not written yet")
              write Integrations/\(name)/Client and Services; keep \(name)'s own types in Models/ and map them in Mapping/
              when its contracts pass, make it a default in Sources/App/ServiceProvider.swift if you like
              (Docs/AddingAnIntegration.md, Docs/SwappingAnIntegration.md)
            """)
    }

    private func checkName() throws(ToolFailure) {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first),
            name.unicodeScalars.allSatisfy({
                ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
            })
        else {
            throw .usage("'\(name)' is not a type name: use UpperCamelCase letters and digits, e.g. Firestore")
        }
        guard !Self.reservedNames.contains(name.lowercased()) else {
            throw .usage("'\(name)' is taken by a target of the template; pick the name of what you integrate")
        }
        for path in ["Integrations/\(name)", "Sources/App/Integrations/\(name).swift"] where tree.exists(path) {
            throw .usage("\(path) exists already: pick another name or remove it first")
        }
        if let taken = IntegrationCatalog.all.first(where: { $0.name == name.lowercased() }) {
            throw .usage(
                "'\(taken.name)' is already the configuration name of an integration (IntegrationCatalog.all): "
                    + "pick another name")
        }
    }

}
