import Foundation

/// The requirements of the app's service protocols, as the compiler sees them: read from the
/// `Services` module's symbol graph (`swift-symbolgraph-extract`, as DocC reads it), never by
/// parsing Swift source.
struct ServiceInterface {
    /// One requirement of a protocol.
    struct Requirement: Equatable {
        /// `method` or `property`.
        enum Kind: Equatable {
            case method
            case property
        }

        /// A method or a property.
        let kind: Kind
        /// The name with its argument labels: `feed(authorID:page:)`, `signInFlow`.
        let title: String
        /// The declaration as written: `func feed(authorID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Post>`.
        let declaration: String

        /// What a scaffold can write for a requirement.
        enum Stub: Equatable {
            /// A property, which needs a start value.
            case property
            /// A method returning a `ServiceObservation`, stubbed as one that fails.
            case observation
            /// A method throwing `ServiceError`, stubbed as one that throws.
            case throwing
        }

        /// How a scaffold stubs this requirement of `protocolName`.
        ///
        /// - Throws: a failure naming it when it is a method that neither throws `ServiceError` nor
        ///   returns a `ServiceObservation`, which no stub can fail with "not written yet".
        func stub(in protocolName: String) throws(ToolFailure) -> Stub {
            if kind == .property { return .property }
            if declaration.contains("-> ServiceObservation<") { return .observation }
            guard declaration.contains("throws(ServiceError)") else {
                throw .failed(
                    "\(protocolName) requires `\(declaration)`, which neither throws ServiceError nor returns a "
                        + "ServiceObservation; the scaffold stubs requirements as \"not written yet\": write that one "
                        + "by hand")
            }
            return .throwing
        }
    }

    private let graph: SymbolGraph

    /// Reads the symbol graph of the `Services` module this tool was built with (its
    /// `.swiftmodule` is in the `Modules` folder beside the tool's executable).
    ///
    /// - Throws: a failure naming the command when the graph cannot be extracted or read.
    static func load() throws(ToolFailure) -> ServiceInterface {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let modules = executable.deletingLastPathComponent().appendingPathComponent("Modules")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "template-symbols-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: output) }
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw .failed("cannot make \(output.path): \(error.localizedDescription)")
        }
        try ChildProcess.run(
            extractor + [
                "-module-name", "Services", "-I", modules.path, "-target", try targetTriple(),
                "-minimum-access-level", "public", "-output-dir", output.path,
            ] + sdk)
        let file = output.appendingPathComponent("Services.symbols.json")
        do {
            return ServiceInterface(graph: try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: file)))
        } catch {
            throw .failed("cannot read the symbol graph \(file.path): \(error)")
        }
    }

    /// Where `protocolName` is declared, and the first line of its doc comment (its summary).
    ///
    /// - Throws: a failure when `Services` declares no public protocol of that name.
    func declaration(of protocolName: String) throws(ToolFailure) -> (file: URL?, summary: String?) {
        let symbol = try protocolSymbol(protocolName)
        let file = symbol.location.flatMap { URL(string: $0.uri) }
        let summary = symbol.docComment?.lines.first?.text.trimmingCharacters(in: .whitespaces)
        return (file, summary?.isEmpty == false ? summary : nil)
    }

    /// The requirements of `protocolName`, in the order they are declared.
    ///
    /// - Throws: a failure when `Services` declares no public protocol of that name.
    func requirements(of protocolName: String) throws(ToolFailure) -> [Requirement] {
        let owner = try protocolSymbol(protocolName)
        let ids = Set(
            graph.relationships.filter { $0.kind == "requirementOf" && $0.target == owner.identifier.precise }
                .map(\.source))
        return graph.symbols.filter { ids.contains($0.identifier.precise) }
            .sorted { ($0.location?.position.line ?? 0) < ($1.location?.position.line ?? 0) }
            .map { symbol in
                Requirement(
                    kind: symbol.kind.identifier == "swift.property" ? .property : .method,
                    title: symbol.names.title,
                    declaration: (symbol.declarationFragments ?? []).map(\.spelling).joined())
            }
    }

    private func protocolSymbol(_ protocolName: String) throws(ToolFailure) -> SymbolGraph.Symbol {
        guard
            let symbol = graph.symbols.first(where: {
                $0.kind.identifier == "swift.protocol" && $0.names.title == protocolName
            })
        else {
            throw .failed("Services declares no public protocol \(protocolName); declare it before scaffolding for it")
        }
        return symbol
    }

    /// How to run the extractor: through `xcrun` on Apple platforms, from `PATH` elsewhere.
    private static var extractor: [String] {
        #if os(macOS)
            ["xcrun", "swift-symbolgraph-extract"]
        #else
            ["swift-symbolgraph-extract"]
        #endif
    }

    /// The SDK to read system modules from: Apple platforms need one, Linux does not.
    private static var sdk: [String] {
        #if os(macOS)
            (try? ChildProcess.run(["xcrun", "--show-sdk-path"]))
                .map { ["-sdk", $0.trimmingCharacters(in: .whitespacesAndNewlines)] } ?? []
        #else
            []
        #endif
    }

    /// The triple the toolchain builds for (`x86_64-unknown-linux-gnu`, `arm64-apple-macosx15.0`).
    private static func targetTriple() throws(ToolFailure) -> String {
        struct TargetInfo: Decodable {
            struct Target: Decodable { let triple: String }
            let target: Target
        }
        let json = try ChildProcess.run(["swift", "-print-target-info"])
        do {
            return try JSONDecoder().decode(TargetInfo.self, from: Data(json.utf8)).target.triple
        } catch {
            throw .failed("`swift -print-target-info` printed no target triple: \(json)")
        }
    }
}

/// The parts of a symbol graph file (`<Module>.symbols.json`) this tool reads.
private struct SymbolGraph: Decodable {
    struct Symbol: Decodable {
        struct Identifier: Decodable { let precise: String }
        struct Names: Decodable { let title: String }
        struct Kind: Decodable { let identifier: String }
        struct Fragment: Decodable { let spelling: String }
        struct Location: Decodable {
            struct Position: Decodable { let line: Int }
            let uri: String
            let position: Position
        }
        struct DocComment: Decodable {
            struct Line: Decodable { let text: String }
            let lines: [Line]
        }

        let identifier: Identifier
        let names: Names
        let kind: Kind
        let declarationFragments: [Fragment]?
        let location: Location?
        let docComment: DocComment?
    }

    struct Relationship: Decodable {
        let kind: String
        let source: String
        let target: String
    }

    let symbols: [Symbol]
    let relationships: [Relationship]
}
