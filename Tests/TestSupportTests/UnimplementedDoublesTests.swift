import Models
import Services
import TestSupport
import Testing

@Suite("Unimplemented doubles")
struct UnimplementedDoublesTests {
    @Test("Calling a requirement the test did not provide fails the test and throws unavailable")
    func unprovidedCallFails() async {
        await withKnownIssue("an unimplemented call must record an issue") {
            _ = try await UnimplementedPostService().publish(PostDraft(authorID: "u", text: "x"))
        }
        await withKnownIssue {
            _ = try await UnimplementedUserService().user(id: "u")
        }
        await withKnownIssue {
            _ = try await UnimplementedVideoLibraryService().video(id: "v")
        }
        await withKnownIssue {
            _ = try await UnimplementedVideoHostingService().hostedVideo(id: "v")
        }
    }

    @Test("A provided requirement is called and nothing is recorded")
    func providedCallPasses() async throws {
        var users = UnimplementedUserService()
        let handle = try Handle("alice")
        users.onUserByID = { id in User(id: id, handle: handle, displayName: "Alice", createdAt: .now) }
        #expect(try await users.user(id: "u1").id == "u1")
    }
}
