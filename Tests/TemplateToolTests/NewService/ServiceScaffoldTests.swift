import Testing

@testable import TemplateTool

@Suite("Scaffolding a service: the files new-service writes")
struct ServiceScaffoldTests {
    static let add = ServiceInterface.Requirement(
        kind: .method, title: "add(_:to:by:)",
        declaration:
            "func add(_ text: String, to postID: Post.ID, by authorID: User.ID) async throws(ServiceError) -> Reply")
    static let follow = ServiceInterface.Requirement(
        kind: .method, title: "follow(postID:)",
        declaration: "func follow(postID: Post.ID) -> ServiceObservation<[Reply]>")

    @Test("names follow the key and the protocol, and each stub says which file to write it in")
    func files() throws {
        let scaffold = ServiceScaffold(
            key: "replies", protocolName: "ReplyService", requirements: [Self.add, Self.follow])
        let files = try scaffold.files()

        #expect(
            files.map(\.path) == [
                "Tests/ServiceContracts/Replies/ReplyServiceSubject.swift",
                "Tests/ServiceContracts/Replies/ReplyServiceContract.swift",
                "Tests/ServiceContractsTests/Broken/BrokenReplyService.swift",
                "Integrations/InMemory/Services/InMemoryReplyService.swift",
                "Tests/InMemoryIntegrationTests/Contracts/InMemoryReplyServiceContractTests.swift",
            ])
        let inMemory = try #require(files.first { $0.path.hasSuffix("InMemoryReplyService.swift") }).text
        #expect(inMemory.contains("public actor InMemoryReplyService: ReplyService"))
        #expect(inMemory.contains("    public func add(_ text: String, to postID: Post.ID"))
        #expect(
            inMemory.contains(
                "InMemoryReplyService.add(_:to:by:) is not written yet: write it in Integrations/InMemory/Services/InMemoryReplyService.swift"
            ))
        #expect(inMemory.contains("ServiceObservation(failing: ServiceError.unavailable("))
        let broken = try #require(files.first { $0.path.hasSuffix("BrokenReplyService.swift") }).text
        #expect(broken.contains("    func add(_ text: String") && !broken.contains("public func add"))
        let subject = try #require(files.first { $0.path.hasSuffix("ReplyServiceSubject.swift") }).text
        #expect(subject.contains("self.init(replies: try services.required(.replies), hooks: hooks)"))
    }

    @Test("a property requirement is refused, naming it, since no stub value can be guessed")
    func propertyRefused() {
        let property = ServiceInterface.Requirement(
            kind: .property, title: "limit", declaration: "var limit: Int { get }")
        let scaffold = ServiceScaffold(key: "replies", protocolName: "ReplyService", requirements: [property])
        let error = #expect(throws: ToolFailure.self) { try scaffold.files() }
        #expect(error?.message.contains("ReplyService requires `var limit: Int { get }`") == true)
    }

    @Test("a method that neither throws ServiceError nor returns an observation is refused, naming it")
    func unstubbableMethodRefused() {
        let count = ServiceInterface.Requirement(kind: .method, title: "count()", declaration: "func count() -> Int")
        let scaffold = ServiceScaffold(key: "replies", protocolName: "ReplyService", requirements: [count])
        let error = #expect(throws: ToolFailure.self) { try scaffold.files() }
        #expect(error?.message.contains("ReplyService requires `func count() -> Int`, which neither throws") == true)
    }
}
