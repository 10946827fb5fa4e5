import Foundation
import Services

/// `new-service <key> <Protocol>`: declares a service whose protocol is written in `Services`, and
/// does its bookkeeping, so what is left to write is what only its author knows.
///
/// It reads the protocol (where it is, its summary, its requirements) from the `Services` module's
/// symbol graph, and edits the lists the app keeps once: `ServiceKind`, the contract catalog, the
/// planted-defect coverage, the in-memory integration and `ServiceProvider`. The contract and the
/// planted defects it writes fail until written, so `swift test` is the to-do list. Everything it
/// writes says it is part of the service (`OwnershipMarker`), so `remove-service <key>` takes it
/// all out again.
struct NewService {
    /// What `--help` prints.
    static let help = """
        Usage: scripts/new-service <key> <Protocol>

        Example: scripts/new-service replies ReplyService

        Write the protocol first, in Sources/Services/<Folder>/<Protocol>.swift (public, every
        method async throws(ServiceError)); its models go in Sources/Models. Then this
          declares it:   case <key> and its ServiceDeclaration in ServiceKind.swift, and the key
                         `.<key>` beside the protocol
          writes:        Tests/ServiceContracts/<Key>/<Protocol>Subject.swift      the contract's subject
                         Tests/ServiceContracts/<Key>/<Protocol>Contract.swift     one failing check: write yours
                         Tests/ServiceContractsTests/Broken/Broken<Protocol>.swift no defects yet: plant yours
                         Integrations/InMemory/Services/InMemory<Protocol>.swift   methods "not written yet"
                         Tests/InMemoryIntegrationTests/Contracts/InMemory<Protocol>ContractTests.swift
          registers it:  the contract catalog, the planted-defect coverage, the in-memory integration
                         and its capability rows' test, and ServiceProvider, which picks the
                         in-memory reference for it
        Each file and line it writes says it is "part of: <key>" (the protocol's file too, when it
        declares no other protocol; the in-memory description's services: list, which remove-service
        edits itself, aside), so scripts/remove-service <key> takes them out again.
        Docs/AddingAService.md walks through what to write in each.
        """

    let key: String
    let protocolName: String
    let tree: PackageTree

    /// What every line this tool writes ends in, so `remove-service` finds it: `part of: replies`.
    private var ownership: String { OwnershipMarker.prefix + key }
    /// `ownership` as a comment: `// part of: replies`.
    private var marker: String { "// " + ownership }

    /// Checks the arguments, writes the files and makes the edits.
    ///
    /// - Throws: a usage failure for a bad or taken key or protocol name; a failure when the
    ///   protocol is not in `Services`, a file exists already, or an edit cannot find its place.
    func run() throws(ToolFailure) {
        try checkNames()
        let interface = try ServiceInterface.load()
        let (protocolFile, summary) = try interface.declaration(of: protocolName)
        let scaffold = ServiceScaffold(
            key: key, protocolName: protocolName, requirements: try interface.requirements(of: protocolName))
        let files = try scaffold.files()
        for file in files where tree.exists(file.path) {
            throw .failed("\(file.path) exists already: move it aside, or finish the service by hand")
        }
        let keyFile = try relativePath(of: protocolFile)
        try declare(summary: summary, keyFile: keyFile)
        for file in files {
            try tree.create(file.path, header + file.text)
        }
        try register(scaffold, summary: summary)
        tree.format(files.map(\.path) + Edited.all + [keyFile])
        print(
            """

            Next (Docs/AddingAService.md, from step 4):
              swift test --filter "ServiceContractsTests|InMemoryIntegrationTests"   # what is left to write
              write \(scaffold.contract): one check per promise of \(protocolName)
              write Broken\(protocolName): one planted defect per plausible bug, naming the checks that catch it
              write \(scaffold.inMemoryType), keeping its init(now:); then regenerate Docs/ContractTests.md:
                SILO_WRITE_CONTRACT_DOCS=1 swift test --filter ContractDocsTests
            """)
    }

    /// The files every new service edits, besides its protocol's.
    private enum Edited {
        static let kind = "Sources/Services/Catalog/ServiceKind.swift"
        static let catalog = "Tests/ServiceContracts/Core/ContractCatalog.swift"
        static let coverage = "Tests/ServiceContractsTests/ContractsCatchDefectsTests.swift"
        static let memory = "Integrations/InMemory/InMemoryIntegration.swift"
        static let provider = "Sources/App/ServiceProvider.swift"
        static let description = "Sources/App/Integrations/InMemory.swift"
        static let capabilityRows = "Tests/InMemoryIntegrationTests/Contracts/InMemoryCapabilityRowsTests.swift"
        static let all = [kind, catalog, coverage, memory, provider, description, capabilityRows]
    }

    private func checkNames() throws(ToolFailure) {
        let letters = { (text: String, first: ClosedRange<Unicode.Scalar>) -> Bool in
            guard let head = text.unicodeScalars.first, first.contains(head) else { return false }
            return text.unicodeScalars.allSatisfy {
                ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
            }
        }
        guard letters(key, "a"..."z") else {
            throw .usage("'\(key)' is not a service key: use lowerCamelCase letters and digits, e.g. replies")
        }
        guard letters(protocolName, "A"..."Z") else {
            throw .usage("'\(protocolName)' is not a protocol name: use UpperCamelCase, e.g. ReplyService")
        }
        let taken = ServiceKind.declarations.first { $0.kind.rawValue == key || $0.protocolName == protocolName }
        if let taken {
            throw .usage(
                "'\(taken.kind.rawValue)' (\(taken.protocolName)) is declared already in ServiceKind.declarations: "
                    + "pick another key and protocol")
        }
    }

    /// `file` relative to the package, or a failure when the protocol is declared outside it.
    private func relativePath(of file: URL?) throws(ToolFailure) -> String {
        let root = tree.root.standardizedFileURL.path + "/"
        guard let path = file?.standardizedFileURL.path, path.hasPrefix(root) else {
            throw .failed("cannot tell which file of this package declares \(protocolName)")
        }
        return String(path.dropFirst(root.count))
    }

    /// The comment line a file this tool writes starts with.
    private var header: String { "// scripts/remove-service deletes this file with the service it is \(ownership)\n" }

    /// The case, its declaration, and the key beside the protocol in `keyFile`, which says it is
    /// part of the service when it declares no other protocol and says it is part of nothing else
    /// (else the key is a marked region); a file that says so already keeps its one header.
    private func declare(summary: String?, keyFile: String) throws(ToolFailure) {
        let kind = Edited.kind
        try tree.edit(kind, "case \(key) and its declaration") { text throws(ToolFailure) in
            let withCase = try TextEdit.insert(
                "    /// `\(protocolName)`: \(Self.lowercasedSentence(summary))\n    case \(key)  \(marker)",
                afterLastLineContaining: "    case ", in: text, file: kind)
            return try TextEdit.append(
                "ServiceDeclaration(.\(key), protocol: \"\(protocolName)\")",
                toArrayOpening: "public static let declarations", in: withCase, file: kind, comment: ownership)
        }
        try tree.edit(keyFile, "the key .\(key)") { text in
            let lines = text.components(separatedBy: "\n")
            let declaration = #"^\s*(@\w+\s+)*((public|package|internal|fileprivate|private)\s+)?protocol\s"#
            let protocols = lines.filter { $0.range(of: declaration, options: .regularExpression) != nil }
            let owners = OwnershipMarker.fileOwners(text, file: keyFile)
            let extensionLines = """
                extension ServiceKey where Service == any \(protocolName) {
                    /// `\(protocolName)`'s key in a `ServiceSet`.
                    public static var \(key): Self { Self(.\(key)) }
                }
                """
            return protocols.count == 1 && owners.isSubset(of: [key])
                ? (owners.isEmpty ? header : "") + text + "\n" + extensionLines + "\n"
                : text + "\n// begin \(ownership)\n" + extensionLines + "\n// end \(ownership)\n"
        }
    }

    /// The contract, the planted defects, the in-memory reference and the app's pick.
    private func register(_ scaffold: ServiceScaffold, summary: String?) throws(ToolFailure) {
        let catalog = Edited.catalog
        try tree.edit(catalog, "the contract") { text throws(ToolFailure) in
            try TextEdit.append(
                ".\(key): Summary(\(scaffold.contract).self)", toArrayOpening: "public static let contracts", in: text,
                file: catalog, comment: ownership)
        }
        let coverage = Edited.coverage
        try tree.edit(coverage, "the planted defects") { text throws(ToolFailure) in
            try TextEdit.append(
                ".\(key): \(scaffold.defect).allCases.flatMap(\\.caughtBy)", toArrayOpening: "static let claims",
                in: text, file: coverage, comment: ownership)
        }
        let memory = Edited.memory
        try tree.edit(memory, "the in-memory \(protocolName)") { text throws(ToolFailure) in
            var text = try TextEdit.insert(
                "    /// \(Self.sentence(summary))\n    public let \(scaffold.propertyName): \(scaffold.inMemoryType)  \(marker)",
                afterLastLineContaining: "Service: InMemory", in: text, file: memory)
            text = try TextEdit.insert(
                "        \(scaffold.propertyName) = \(scaffold.inMemoryType)(now: configuration.now)  \(marker)",
                afterLastLineContaining: "        userService = ", in: text, file: memory)
            return try TextEdit.insert(
                "            .adding(.\(key), \(scaffold.propertyName))  \(marker)",
                afterLastLineContaining: "            .adding(",
                in: text, file: memory)
        }
        let provider = Edited.provider
        try tree.edit(provider, "the in-memory pick for \(key)") { text throws(ToolFailure) in
            var text = try TextEdit.append(
                ".\(key): .memory", toArrayOpening: "public static let defaultChoices", in: text, file: provider,
                comment: ownership)
            text = try TextEdit.insert(
                "    /// \(Self.sentence(summary))\n    public let \(key): any \(protocolName)  \(marker)",
                beforeLine: "/// Which integration serves each service", in: text, file: provider)
            return try TextEdit.insert(
                "        \(key) = try pick(.\(key))  \(marker)", afterLastLineContaining: " = try pick(.", in: text,
                file: provider)
        }
        let description = Edited.description
        try tree.edit(description, "the in-memory reference serves \(key)") { text throws(ToolFailure) in
            try TextEdit.append(".\(key)", toInlineListAfter: "services: [", in: text, file: description)
        }
        let rows = Edited.capabilityRows
        try tree.edit(rows, "the in-memory fixture held to its capability rows") { text throws(ToolFailure) in
            try TextEdit.append(
                "\(scaffold.inMemoryType)ContractTests.fixture.capabilities", toArrayOpening: "static let declared",
                in: text, file: rows, comment: ownership)
        }
    }

    /// `summary` as a sentence ending in a full stop, or a reminder to describe the service.
    private static func sentence(_ summary: String?) -> String {
        guard let summary else { return "Describe this service in its protocol's doc comment." }
        return summary.hasSuffix(".") ? summary : summary + "."
    }

    /// `sentence(summary)` starting with a lowercase letter, to follow a colon.
    private static func lowercasedSentence(_ summary: String?) -> String {
        let text = sentence(summary)
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
