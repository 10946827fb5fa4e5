import Testing

@testable import TemplateTool

@Suite("Taking a service out of the lists every service is in")
struct RemoveServiceTests {
    @Test("the key leaves each one-line services list and its defaultChoices line; other lines stay")
    func unlists() {
        let text = """
            name: "memory", services: [.posts, .users, .library, .authentication], keepsData: false
            name: "vault", services: [.library], settings: []
                .posts: .sqlite,
                .library: .sqlite,
            public let library: any VideoLibraryService
            """
        #expect(
            RemoveService.unlisting("library", from: text) == """
                name: "memory", services: [.posts, .users, .authentication], keepsData: false
                name: "vault", services: [], settings: []
                    .posts: .sqlite,
                public let library: any VideoLibraryService
                """)
    }
}
