import Foundation
import Models
import ServiceContracts
import Services
import Testing

@testable import SQLiteIntegration

/// Commits made through another connection reach an observer through the wake-ups alone: the
/// once-a-second backstop is set to an hour here, so a commit the inotify or busy-file path missed
/// would never arrive and the wait would fail.
@Suite("SQLite outside commits")
struct SQLiteOutsideCommitTests {
    @Test("every outside commit is seen, whether the file was quiet, busy, or just turning quiet")
    func everyOutsideCommitIsSeen() async throws {
        // Given an observer on one connection whose only wake-ups are the -wal watch's
        let file = try DatabaseFile(prefix: "sqlite-outside")
        let configuration = SQLiteIntegration.Configuration(
            storage: .file(file.url), changePollInterval: .milliseconds(25), changeBackstopInterval: .seconds(3_600))
        let observed = SQLiteIntegration(configuration: configuration)
        try await observed.start()
        let writer = file.integration()
        try await writer.start()
        let author = try await writer.userService.create(UserDraft(handle: "outside", displayName: "Outside"))
        let probe = ObservationProbe(observed.postService.observeFeed(authorID: author.id, pageSize: 1))
        defer { probe.cancel() }
        _ = try await probe.next("the empty first page")
        #if os(Linux)
            // The watch can be set up here, so the wake-ups below come from it, not the timer fallback.
            #expect(WALFileWatch(path: file.url.path + "-wal") != nil, "no inotify watch on the -wal file")
        #endif

        // When the other connection publishes with gaps around the watch's interval and its quiet
        // threshold (three intervals), waiting for each post to arrive before the next gap
        let gaps = [0, 5, 20, 30, 45, 60, 70, 75, 80, 90, 100, 130, 200, 400]
        for (index, gap) in gaps.enumerated() {
            try await Task.sleep(for: .milliseconds(gap))
            let post = try await writer.postService.publish(PostDraft(authorID: author.id, text: "after \(gap) ms"))

            // Then each one is the observed first page before the deadline
            _ = try await probe.values(until: { $0.items.first?.id == post.id }, "post \(index) after \(gap) ms")
        }
        await writer.stop()
        await observed.stop()
    }

    @Test("after the same integration is stopped and started, its own writes still reach an observer")
    func ownWritesAfterRestart() async throws {
        // Given an integration that wrote once, then was stopped and started again
        let file = try DatabaseFile(prefix: "sqlite-restart")
        let integration = file.integration()
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "restart", displayName: "Restart"))
        await integration.stop()
        try await integration.start()
        let probe = ObservationProbe(integration.postService.observeFeed(authorID: author.id, pageSize: 1))
        defer { probe.cancel() }
        _ = try await probe.next("the empty first page")

        // When it publishes one post (its new connection's first change)
        let post = try await integration.postService.publish(PostDraft(authorID: author.id, text: "after restart"))

        // Then the observer sees it
        _ = try await probe.values(until: { $0.items.first?.id == post.id }, "the post published after the restart")
        await integration.stop()
    }

    @Test("stopping the integration ends its observations")
    func stopEndsObservations() async throws {
        let file = try DatabaseFile(prefix: "sqlite-stop-ends")
        let integration = file.integration()
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "stopper", displayName: "Stopper"))
        let probe = ObservationProbe(integration.postService.observeFeed(authorID: author.id, pageSize: 1))
        _ = try await probe.next("the empty first page")
        await integration.stop()
        let event = await probe.nextEvent()
        #expect(event?.isFinished == true, "the observation did not end: \(String(describing: event))")
        #expect(integration.observerCount == 0)
    }
}
