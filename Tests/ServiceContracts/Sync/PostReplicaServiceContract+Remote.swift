// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Foundation
import Models
import Services
import TestSupport
import Testing

extension PostReplicaServiceContract {
    static let remoteChecks: [ContractCheck<PostReplicaServiceSubject>] = [
        ContractCheck("the server's changes are applied without queueing anything, and the cursor is kept") {
            subject in
            let author = try await subject.makeAuthor()
            let kept = subject.draftPost(by: author.id, "kept")
            let gone = subject.draftPost(by: author.id, "gone", at: 1_700_000_001_000)
            #expect(try await subject.replica.cursor(authorID: author.id) == nil)
            try await subject.replica.apply(
                PostChangeBatch(changes: [.saved(kept), .saved(gone)], cursor: "c-1"), authorID: author.id)
            #expect(try await subject.feed(of: author.id) == [gone, kept])
            try await subject.replica.apply(
                PostChangeBatch(changes: [.deleted(gone.id)], cursor: "c-2"), authorID: author.id)
            #expect(try await subject.feed(of: author.id) == [kept])
            #expect(try await subject.replica.outbox().isEmpty)
            #expect(try await subject.replica.cursor(authorID: author.id) == "c-2")
        },
        ContractCheck("a server save never brings back a post whose delete waits to be sent") { subject in
            let author = try await subject.makeAuthor()
            let post = subject.draftPost(by: author.id)
            try await subject.replica.apply(
                PostChangeBatch(changes: [.saved(post)], cursor: "c-1"), authorID: author.id)
            _ = try await subject.replica.record(.delete(postID: post.id, authorID: author.id), key: "k")
            try await subject.replica.apply(
                PostChangeBatch(changes: [.saved(post)], cursor: "c-2"), authorID: author.id)
            #expect(try await subject.feed(of: author.id).isEmpty, "the deleted post came back")
            #expect(try await subject.replica.outbox().count == 1)
        },
        ContractCheck("a post the server deleted takes its waiting publish with it") { subject in
            let author = try await subject.makeAuthor()
            let post = subject.draftPost(by: author.id)
            try await subject.recordPublish(post)
            try await subject.replica.apply(
                PostChangeBatch(changes: [.deleted(post.id)], cursor: "c-1"), authorID: author.id)
            #expect(try await subject.feed(of: author.id).isEmpty)
            #expect(try await subject.replica.outbox().isEmpty, "the publish would bring the post back")
        },
        ContractCheck("a server change under an id the device holds for another author leaves that post alone") {
            subject in
            // This device's post, refused by the server because the id is another author's there
            let mine = try await subject.makeAuthor("mine")
            let theirs = try await subject.makeAuthor("theirs")
            let post = subject.draftPost(by: mine.id, "mine")
            let command = try await subject.recordPublish(post)
            try await subject.replica.fail(command.id, reason: "the id is taken")
            let clash = Post(id: post.id, authorID: theirs.id, text: "theirs", createdAt: post.createdAt)
            try await subject.replica.apply(
                PostChangeBatch(changes: [.saved(clash)], cursor: "c-1"), authorID: theirs.id)
            try await subject.replica.apply(
                PostChangeBatch(changes: [.deleted(post.id)], cursor: "c-2"), authorID: theirs.id)
            #expect(try await subject.posts.post(id: post.id) == post, "the device's post changed")
            #expect(try await subject.feed(of: theirs.id).isEmpty)
            #expect(try await subject.replica.outbox().map(\.id) == [command.id], "the refused command went")
        },
        ContractCheck("a snapshot removes the author's posts the server lacks, except publishes not yet sent") {
            subject in
            let author = try await subject.makeAuthor()
            let stale = subject.draftPost(by: author.id, "stale")
            let current = subject.draftPost(by: author.id, "current", at: 1_700_000_001_000)
            let unsent = subject.draftPost(by: author.id, "unsent", at: 1_700_000_002_000)
            try await subject.replica.apply(
                PostChangeBatch(changes: [.saved(stale), .saved(current)], cursor: "c-1"), authorID: author.id)
            try await subject.recordPublish(unsent)
            try await subject.replica.apply(
                PostChangeBatch(changes: [.saved(current)], cursor: "c-9", isSnapshot: true), authorID: author.id)
            #expect(try await subject.feed(of: author.id) == [unsent, current])
            #expect(try await subject.replica.cursor(authorID: author.id) == "c-9")
        },
        ContractCheck("a taken publish a snapshot did not list makes the next read a snapshot once it is answered") {
            subject in
            // The publish arrived, its answer was lost, another device deleted the post, and the
            // snapshot came before the answer to a resend: the post is the server's no more.
            let author = try await subject.makeAuthor()
            let recorded = try await subject.recordPublishes(by: author.id, "deleted elsewhere", "listed", "untaken")
            let (gone, listed, untaken) = (recorded[0], recorded[1], recorded[2])
            for taken in [gone, listed] { #expect(try await subject.replica.markAttempted(taken.command.id)) }
            try await subject.replica.apply(
                PostChangeBatch(changes: [.saved(listed.post)], cursor: "c-1", isSnapshot: true), authorID: author.id)
            #expect(try await subject.feed(of: author.id).count == 3, "a post whose publish waits was removed")

            // Answered: one the snapshot listed, or no sender had taken, leaves the cursor as it is
            #expect(try await subject.replica.complete(listed.command.id, confirmed: listed.post) == false)
            #expect(try await subject.replica.complete(untaken.command.id, confirmed: untaken.post) == false)
            #expect(try await subject.replica.cursor(authorID: author.id) == "c-1")
            #expect(try await subject.replica.complete(gone.command.id, confirmed: gone.post), "said no listing is due")
            #expect(try await subject.replica.cursor(authorID: author.id) == nil, "no whole listing is due")

            // A read made before that moves the cursor, and the listing stays due until a snapshot
            try await subject.replica.apply(PostChangeBatch(changes: [], cursor: "c-2"), authorID: author.id)
            #expect(try await subject.replica.cursor(authorID: author.id) == nil, "a delta read ended the listing due")
            try await subject.replica.apply(
                PostChangeBatch(changes: [.saved(listed.post), .saved(untaken.post)], cursor: "c-3", isSnapshot: true),
                authorID: author.id)
            #expect(try await subject.feed(of: author.id).map(\.id) == [untaken.post.id, listed.post.id])
            #expect(try await subject.replica.cursor(authorID: author.id) == "c-3")
        },
        ContractCheck(
            "a whole listing made due in one process is due in another on the same store",
            requires: [.secondInstance]
        ) { subject in
            // One process's reader applied the snapshot; the other's sender got the answer.
            let author = try await subject.makeAuthor()
            let other = try await subject.secondInstance()
            let (post, publish) = try await subject.recordPublishes(by: author.id, "deleted elsewhere")[0]
            #expect(try await subject.replica.markAttempted(publish.id))
            try await other.replica.apply(
                PostChangeBatch(changes: [], cursor: "c-1", isSnapshot: true), authorID: author.id)
            try await subject.replica.complete(publish.id, confirmed: post)
            #expect(try await other.replica.cursor(authorID: author.id) == nil, "the reader would read on from c-1")
            try await other.replica.apply(
                PostChangeBatch(changes: [], cursor: "c-2", isSnapshot: true), authorID: author.id)
            #expect(try await subject.replica.cursor(authorID: author.id) == "c-2")
            #expect(try await subject.feed(of: author.id).isEmpty)
        },
        ContractCheck("changes for an author the replica does not know are refused and change nothing") { subject in
            let post = subject.draftPost(by: "stranger")
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.replica.apply(
                    PostChangeBatch(changes: [.saved(post)], cursor: "c-1"), authorID: "stranger")
            }
            // A batch that saves nothing is refused all the same: the author is checked, not the posts.
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.replica.apply(
                    PostChangeBatch(changes: [.deleted(post.id)], cursor: "c-2"), authorID: "stranger")
            }
            let cursor = try await subject.replica.cursor(authorID: "stranger")
            #expect(cursor == nil)
        },
        ContractCheck("a saved user is found by id and handle, and saving again updates them") { subject in
            let author = try await subject.makeAuthor()
            #expect(try await subject.users.user(id: author.id) == author)
            #expect(try await subject.users.user(handle: author.handle) == author)
            var renamed = author
            renamed.displayName = "Renamed"
            try await subject.replica.save(renamed)
            #expect(try await subject.users.user(id: author.id) == renamed)
        },
    ]
}
