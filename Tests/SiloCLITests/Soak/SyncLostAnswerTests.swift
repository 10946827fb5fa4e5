// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import TestSupport
import Testing

/// The interleaving the sync soak met by chance once (seed 14), made to happen every run: a post
/// published on one device, its answer lost, and deleted on another. When the first device reads
/// its whole feed (the backend restarted and forgot every cursor) before its resend is answered,
/// the listing cannot say whether the post was deleted or has not arrived yet, so the post stays;
/// once the answer comes, the device must read the feed whole again to learn it is gone.
@Suite("Sync with a lost answer")
struct SyncLostAnswerTests {
    private static let password = "a lost answer's password"

    @Test("a post deleted elsewhere while its publish's answer was lost does not stay on the device that published it")
    func deletedElsewhere() async throws {
        // Given a post whose publish reached the server while its device was killed
        let backend = try await SoakBackend()
        let device = try SoakDevice("A")
        let elsewhere = try SoakDevice("B", posts: "http")
        let signedUp = try await device.run(
            "sign-up", "lost_answer", "--password-stdin", backend: backend, input: Self.password)
        try #require(signedUp.status == 0, "\(signedUp)")
        let signedIn = try await elsewhere.run(
            "sign-in", "lost_answer", "--password-stdin", backend: backend, input: Self.password)
        try #require(signedIn.status == 0, "\(signedIn)")
        // Read once, so each later reader asks for changes after the device's cursor: a first,
        // whole, read would wait for the held send (none is read while a publish is on its way),
        // and the device would never park in the long-poll the test waits for.
        let synced = try await device.run("sync", backend: backend)
        try #require(synced.status == 0, "\(synced)")
        try await backend.inject(#"{"method": "POST", "path": "/v1/posts", "status": 503}"#)
        let posted = try await device.run("post", "deleted elsewhere", backend: backend)
        try #require(posted.status == 0 && posted.standardOutput.hasPrefix("Published "), "\(posted)")
        let id = String(posted.standardOutput.dropFirst("Published ".count).filter { !$0.isWhitespace })
        try await backend.clearFaults()
        try await sendHeld(on: device, backend: backend) { sync in try await sync.kill() }

        // When another device deletes it, the backend restarts, and the device's reader lists the
        // feed while the answer to its resend is held
        let deleted = try await elsewhere.run("delete", id, backend: backend)
        try #require(deleted.status == 0, "\(deleted)")
        try await backend.restart()
        try await sendHeld(on: device, backend: backend) { sync in
            try await backend.waitForLongPolls(1)
            try await backend.releaseHeldRequests()
            #expect(try await sync.waitForExit() == 0, "\(sync.errorOutput)")
        }

        // Then the device shows it no more
        let shown = try await device.feed(backend: backend)
        #expect(shown.ids[id] == nil, "the post deleted elsewhere is still shown: \(shown)")
        #expect(shown.marked.isEmpty, "\(shown)")
    }

    /// Starts `silo sync` on `device` with the backend holding the answer to its next publish,
    /// and runs `then` on it once that answer is held; the answer is let go afterwards.
    private func sendHeld(
        on device: SoakDevice, backend: SoakBackend, then: (RunningChild) async throws -> Void
    ) async throws {
        try await backend.inject(#"{"method": "POST", "path": "/v1/posts", "hold": true, "times": 1}"#)
        let sync = try device.start("sync", backend: backend)
        try await backend.waitForHeldRequests(1)
        try await then(sync)
        try await backend.releaseHeldRequests()
    }
}
