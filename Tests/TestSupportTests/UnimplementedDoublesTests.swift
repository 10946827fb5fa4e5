import Models
import Services
import TestSupport
import Testing

@Suite("Unimplemented doubles")
struct UnimplementedDoublesTests {
    @Test("Calling a requirement the test did not provide fails the test and throws unavailable", .capturesIssues)
    func unprovidedCallFails() async {
        let calls: [(String, @Sendable () async throws -> Void)] = [
            (
                "PostService.publish",
                { _ = try await UnimplementedPostService().publish(PostDraft(authorID: "u", text: "x")) }
            ),
            ("UserService.user(id:)", { _ = try await UnimplementedUserService().user(id: "u") }),
            // begin part of: library
            ("VideoLibraryService.video(id:)", { _ = try await UnimplementedVideoLibraryService().video(id: "v") }),
            // end part of: library
            // begin part of: hosting
            (
                "VideoHostingService.hostedVideo",
                { _ = try await UnimplementedVideoHostingService().hostedVideo(id: "v") }
            ),
            // end part of: hosting
        ]
        for (member, call) in calls {
            let issues = await IssueCapture.issues(in: call)
            #expect(issues.contains { $0.contains("Unimplemented: \(member)") }, "\(member): \(issues)")
            #expect(issues.contains { $0.hasPrefix("threw Unavailable") }, "\(member): \(issues)")
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
