import Foundation
import HTTPSupport
import Testing

@testable import HTTPBackendIntegration
@testable import SiloBackend

/// The client's endpoints and the server's routes against `Docs/openapi.yaml`: every operation
/// the document declares has an endpoint named after its `operationId` and a route with that id,
/// and all three agree on the method, the path and the statuses that mean success.
///
/// Adding an operation is the document plus one file in `Integrations/HTTPBackend/Endpoints/`
/// (and a route): this test names whichever is missing or disagrees.
@Suite("The HTTP API against its description")
struct APIDescriptionTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func description() throws -> APIDescription {
        try APIDescription(String(contentsOf: root.appendingPathComponent("Docs/openapi.yaml"), encoding: .utf8))
    }

    /// The endpoint type an operation's id names: `listPosts` is `ListPosts`.
    static func endpointName(_ operationID: String) -> String {
        operationID.prefix(1).uppercased() + operationID.dropFirst()
    }

    /// The endpoint type `Operations.<name>` in HTTPBackendIntegration, found by the runtime from
    /// its mangled name (module, the `Operations` enum, the type, `V` for a struct), so no list of
    /// endpoints has to be kept by hand. A name that repeats a word of the module's or of
    /// `Operations` (`GetIntegrationStatus`) mangles with a word substitution this does not make:
    /// the test then says so rather than passing.
    static func endpointType(named name: String) -> (any Endpoint.Type)? {
        let module = "HTTPBackendIntegration"
        let namespace = "Operations"
        let mangled = "\(module.utf8.count)\(module)\(namespace.utf8.count)\(namespace)O\(name.utf8.count)\(name)V"
        return _typeByName(mangled) as? any Endpoint.Type
    }

    @Test("the description is read: every operation has an id and a success status")
    func readable() throws {
        let operations = try Self.description().operations
        #expect(operations.count >= 18)
        for operation in operations {
            #expect(!operation.id.isEmpty, "\(operation.method) \(operation.path) has no operationId")
            #expect(!operation.successStatuses.isEmpty, "\(operation) declares no success status")
        }
        #expect(Set(operations.map(\.id)).count == operations.count, "an operationId is declared twice")
    }

    @Test("every operation has a client endpoint named after it, with its method, path and success statuses")
    func endpoints() throws {
        for expected in try Self.description().operations {
            let name = Self.endpointName(expected.id)
            guard let type = Self.endpointType(named: name) else {
                let file = "Integrations/HTTPBackend/Endpoints/\(name).swift"
                let exists = FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(file).path)
                let problem =
                    exists
                    ? "\(file) exists, but Operations.\(name) was not found by its mangled name: a name sharing "
                        + "a word with HTTPBackendIntegration or Operations mangles differently; rename the operation's endpoint"
                    : "no endpoint for \(expected): add \(file)"
                Issue.record("\(problem)")
                continue
            }
            let declared = type.operation
            let actual = APIDescription.Operation(
                id: declared.id, method: declared.method.rawValue, path: declared.path.description,
                successStatuses: declared.successStatuses)
            #expect(actual == expected, "\(name) declares \(actual); the description says \(expected)")
        }
    }

    @Test("every file in Endpoints/ is an endpoint of an operation the description declares")
    func noEndpointWithoutOperation() throws {
        let names = Set(try Self.description().operations.map { Self.endpointName($0.id) })
        let folder = Self.root.appendingPathComponent("Integrations/HTTPBackend/Endpoints")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files.sorted() {
            let name = String(file.dropLast(".swift".count))
            #expect(names.contains(name), "Endpoints/\(file) calls no operation of Docs/openapi.yaml; declare it there")
        }
    }

    @Test(
        "every operation has one route of the same id, method, path and success statuses, and every route one operation"
    )
    func routes() throws {
        let operations = try Self.description().operations
        for expected in operations {
            let matching = Backend.routes.filter { $0.operationID == expected.id }
            guard let route = matching.first, matching.count == 1 else {
                Issue.record("silo-backend has \(matching.count) routes for \(expected); it needs one")
                continue
            }
            let actual = APIDescription.Operation(
                id: route.operationID, method: route.method, path: route.pattern,
                successStatuses: route.successStatuses)
            #expect(actual == expected, "the route declares \(actual); the description says \(expected)")
        }
        let declared = Set(operations.map(\.id))
        for route in Backend.routes where !declared.contains(route.operationID) {
            Issue.record("silo-backend's route \(route.operationID) is not in Docs/openapi.yaml")
        }
    }
}
