// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Foundation
import InMemoryIntegration
import Models
import Services

/// The bugs an outbox plausibly ships with, each paired with the checks that catch it.
enum PostReplicaDefect: String, CaseIterable, Sendable {
    case publishNotQueued
    case keyNotKept
    case newestCommandFirst
    case deleteOfUnsentPublishNotQueued
    case cancelledPublishTaken
    case takenPublishCancelled
    case refusedCommandTaken
    case confirmedDeleteNotQueued
    case completionKeepsCommand
    case confirmedVersionIgnored
    case failureDropsCommand
    case anyoneCanDelete
    case cursorNotKept
    case serverSaveResurrects
    case serverDeleteKeepsPublish
    case serverChangeTakesAnotherAuthorsPost
    case snapshotIgnored
    case unlistedPublishTrusted
    case unknownAuthorAccepted
    case savedUserNotUpdated

    /// The contract checks that must fail when this defect is present.
    var caughtBy: [String] {
        switch self {
        case .publishNotQueued, .keyNotKept: ["a recorded publish is in the feed at once and queued under its key"]
        case .newestCommandFirst: ["commands keep the order they were recorded in"]
        case .deleteOfUnsentPublishNotQueued:
            ["deleting a post whose publish no sender took cancels the publish and queues the delete"]
        case .cancelledPublishTaken:
            [
                "deleting a post whose publish no sender took cancels the publish and queues the delete",
                "a sender and a delete in another process on the same store agree on whether a publish was taken",
            ]
        case .takenPublishCancelled:
            [
                "a publish a sender took stays queued before its post's delete, unless the server refused it",
                "a sender and a delete in another process on the same store agree on whether a publish was taken",
            ]
        case .refusedCommandTaken: ["a refused command can no longer be taken for sending"]
        case .confirmedDeleteNotQueued: ["a delete of a confirmed post removes it locally and is queued"]
        case .completionKeepsCommand, .confirmedVersionIgnored:
            ["a confirmed publish leaves the outbox and the server's version replaces the local post"]
        case .failureDropsCommand: ["a refused command stays with its reason, and the post stays"]
        case .anyoneCanDelete:
            ["a refused record changes nothing: taken id, unknown author, unknown post, not the author"]
        case .cursorNotKept:
            ["the server's changes are applied without queueing anything, and the cursor is kept"]
        case .serverSaveResurrects: ["a server save never brings back a post whose delete waits to be sent"]
        case .serverDeleteKeepsPublish: ["a post the server deleted takes its waiting publish with it"]
        case .serverChangeTakesAnotherAuthorsPost:
            ["a server change under an id the device holds for another author leaves that post alone"]
        case .snapshotIgnored: ["a snapshot removes the author's posts the server lacks, except publishes not yet sent"]
        case .unlistedPublishTrusted:
            [
                "a taken publish a snapshot did not list makes the next read a snapshot once it is answered",
                "a whole listing made due in one process is due in another on the same store",
            ]
        case .unknownAuthorAccepted: ["changes for an author the replica does not know are refused and change nothing"]
        case .savedUserNotUpdated: ["a saved user is found by id and handle, and saving again updates them"]
        }
    }
}

/// An in-memory replica with one planted defect.
struct BrokenPostReplica: PostReplicaService {
    let defect: PostReplicaDefect
    let base: InMemoryPostReplica
    let posts: any PostService
    let users: any UserService

    func record(_ operation: OutboxCommand.Operation, key: String) async throws(ServiceError) -> OutboxCommand {
        switch (defect, operation) {
        case (.publishNotQueued, .publish(let post)):
            let command = try await base.record(operation, key: key)
            try await base.complete(command.id, confirmed: post)
            return command
        case (.keyNotKept, _): return try await base.record(operation, key: "key")
        case (.deleteOfUnsentPublishNotQueued, .delete(let postID, _)):
            // The publish may have reached the server with its answer lost: not sending the delete
            // leaves the post there.
            let pending = await base.outbox().contains { $0.isPublish(of: postID) }
            let command = try await base.record(operation, key: key)
            if pending { try await base.complete(command.id, confirmed: nil) }
            return command
        case (.takenPublishCancelled, .delete(let postID, _)):
            // Cancels the publish whatever became of it: one already on its way can then arrive
            // after the delete and bring the post back.
            let command = try await base.record(operation, key: key)
            for publish in await base.outbox() where publish.isPublish(of: postID) {
                try await base.complete(publish.id, confirmed: nil)
            }
            return command
        case (.confirmedDeleteNotQueued, .delete):
            let command = try await base.record(operation, key: key)
            try await base.complete(command.id, confirmed: nil)
            return command
        case (.anyoneCanDelete, .delete(let postID, _)):
            let author = try await posts.post(id: postID).authorID
            return try await base.record(.delete(postID: postID, authorID: author), key: key)
        default:
            return try await base.record(operation, key: key)
        }
    }

    func markAttempted(_ id: OutboxCommand.ID) async throws(ServiceError) -> Bool {
        // Takes a command without looking whether it is still queued.
        if defect == .cancelledPublishTaken { return true }
        if defect == .refusedCommandTaken, let command = await base.outbox().first(where: { $0.id == id }) {
            // Takes it whatever the server said of it: a refused command is sent again.
            if command.failure != nil { return true }
        }
        return await base.markAttempted(id)
    }

    func outbox() async throws(ServiceError) -> [OutboxCommand] {
        let commands = await base.outbox()
        return defect == .newestCommandFirst ? commands.reversed() : commands
    }

    func complete(_ id: OutboxCommand.ID, confirmed: Post?) async throws(ServiceError) -> Bool {
        switch defect {
        case .completionKeepsCommand: false
        case .confirmedVersionIgnored: try await base.complete(id, confirmed: nil)
        default: try await base.complete(id, confirmed: confirmed)
        }
    }

    func fail(_ id: OutboxCommand.ID, reason: String) async throws(ServiceError) {
        if defect == .failureDropsCommand {
            try await base.complete(id, confirmed: nil)
            return
        }
        await base.fail(id, reason: reason)
    }

    func apply(_ batch: PostChangeBatch, authorID: User.ID) async throws(ServiceError) {
        var batch = batch
        switch defect {
        case .cursorNotKept: batch.cursor = "c-0"
        case .snapshotIgnored: batch.isSnapshot = false
        case .unlistedPublishTrusted where batch.isSnapshot:
            // Counts every taken publish as listed: once answered, a post deleted on the server
            // meanwhile stays on the device for good.
            for command in await base.outbox() where command.isAttempted && command.authorID == authorID {
                if case .publish(let post) = command.operation { batch.changes.append(.saved(post)) }
            }
        case .unknownAuthorAccepted:
            // Skips the author check: an author it has never seen is made up on the spot.
            if (try? await users.user(id: authorID)) == nil {
                let ghost = Handle(rawValue: "ghost_\(abs(authorID.rawValue.hashValue % 100_000))")
                try await base.save(
                    User(id: authorID, handle: ghost!, displayName: "?", createdAt: .distantPast))
            }
        case .serverSaveResurrects:
            let deleting = await base.outbox().compactMap(\.deletedPostID)
            for id in deleting {
                if let command = await base.outbox().first(where: { $0.deletedPostID == id }) {
                    try await base.complete(command.id, confirmed: nil)
                }
            }
        case .serverChangeTakesAnotherAuthorsPost:
            // Goes by id alone: the device's post under a changed id gives way, as if it were the
            // author's, and its command with it.
            for change in batch.changes {
                let id: Post.ID
                switch change {
                case .saved(let post): id = post.id
                case .deleted(let deleted): id = deleted
                }
                guard let held = try? await posts.post(id: id), held.authorID != authorID else { continue }
                let cursor = await base.cursor(authorID: held.authorID) ?? "c-0"
                try await base.apply(PostChangeBatch(changes: [.deleted(id)], cursor: cursor), authorID: held.authorID)
            }
        case .serverDeleteKeepsPublish:
            let kept = await base.outbox().filter { $0.publishedPostID != nil }
            try await base.apply(batch, authorID: authorID)
            for command in kept where await !base.outbox().contains(command) {
                if case .publish(let post) = command.operation {
                    _ = try await base.record(.publish(post), key: command.key)
                }
            }
            return
        default: break
        }
        try await base.apply(batch, authorID: authorID)
    }

    func cursor(authorID: User.ID) async throws(ServiceError) -> String? {
        await base.cursor(authorID: authorID)
    }

    func save(_ user: User) async throws(ServiceError) {
        if defect == .savedUserNotUpdated, (try? await users.user(id: user.id)) != nil { return }
        try await base.save(user)
    }
}
