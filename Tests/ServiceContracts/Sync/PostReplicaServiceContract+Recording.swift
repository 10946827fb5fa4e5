// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Foundation
import Models
import Services
import TestSupport
import Testing

extension PostReplicaServiceContract {
    static let recordingChecks: [ContractCheck<PostReplicaServiceSubject>] = [
        ContractCheck("a recorded publish is in the feed at once and queued under its key") { subject in
            let author = try await subject.makeAuthor()
            let post = subject.draftPost(by: author.id)
            let command = try await subject.replica.record(.publish(post), key: "the-key")
            #expect(try await subject.feed(of: author.id) == [post])
            #expect(try await subject.posts.post(id: post.id) == post)
            let outbox = try await subject.replica.outbox()
            #expect(outbox == [command])
            #expect(outbox.map(\.key) == ["the-key"])
            #expect(outbox.map(\.operation) == [.publish(post)])
            #expect(outbox.map(\.failure) == [nil])
        },
        ContractCheck("commands keep the order they were recorded in") { subject in
            let author = try await subject.makeAuthor()
            let posts = (0..<5).map {
                subject.draftPost(by: author.id, "post \($0)", at: 1_700_000_000_000 - Int64($0))
            }
            var recorded: [OutboxCommand] = []
            for post in posts { recorded.append(try await subject.recordPublish(post)) }
            let outbox = try await subject.replica.outbox()
            #expect(outbox.map(\.operation) == posts.map { .publish($0) })
            #expect(outbox.map(\.id) == recorded.map(\.id))
            #expect(outbox.map(\.id) == outbox.map(\.id).sorted() && Set(outbox.map(\.id)).count == 5)
        },
        ContractCheck("deleting a post whose publish no sender took cancels the publish and queues the delete") {
            subject in
            // The delete is queued all the same: a delete of a post the server never had is done.
            let author = try await subject.makeAuthor()
            let post = subject.draftPost(by: author.id)
            let publish = try await subject.recordPublish(post)
            let delete = try await subject.replica.record(.delete(postID: post.id, authorID: author.id), key: "k2")
            #expect(delete.operation == .delete(postID: post.id, authorID: author.id) && delete.key == "k2")
            #expect(try await subject.replica.outbox() == [delete])
            #expect(try await subject.feed(of: author.id).isEmpty)
            // Cancelled, the publish can no longer be taken for sending.
            #expect(try await subject.replica.markAttempted(publish.id) == false)
            #expect(try await subject.replica.outbox() == [delete])
        },
        ContractCheck("a publish a sender took stays queued before its post's delete, unless the server refused it") {
            subject in
            // It may be on its way, or applied with its answer lost: the server must get it before
            // the delete, or a late copy would bring the post back. A refused one never got there.
            let author = try await subject.makeAuthor()
            let published = try await subject.recordPublishes(by: author.id, "sent", "refused")
            let (sent, sentPublish) = published[0]
            let (refused, refusedPublish) = published[1]
            #expect(try await subject.replica.markAttempted(sentPublish.id))
            #expect(try await subject.replica.markAttempted(refusedPublish.id))
            try await subject.replica.fail(refusedPublish.id, reason: "text: too long")
            let deleteSent = try await subject.recordDelete(of: sent, key: "d1")
            let deleteRefused = try await subject.recordDelete(of: refused, key: "d2")
            let outbox = try await subject.replica.outbox()
            #expect(outbox.map(\.id) == [sentPublish.id, deleteSent.id, deleteRefused.id])
            #expect(outbox.map(\.isAttempted) == [true, false, false])
            #expect(outbox.first?.operation == .publish(sent) && outbox.first?.failure == nil)
            #expect(try await subject.feed(of: author.id).isEmpty)
            // Refused after its post's delete, the kept publish leaves; the delete stays to be sent.
            try await subject.replica.fail(sentPublish.id, reason: "text: too long")
            #expect(try await subject.replica.outbox().map(\.id) == [deleteSent.id, deleteRefused.id])
        },
        ContractCheck(
            "a sender and a delete in another process on the same store agree on whether a publish was taken",
            requires: [.secondInstance]
        ) { subject in
            // Each process reads the outbox on its own: the store decides, in one step each, whether
            // the sender took the publish first (the delete keeps it) or the delete cancelled it
            // first (the sender may not send it).
            let author = try await subject.makeAuthor()
            let other = try await subject.secondInstance()
            let published = try await subject.recordPublishes(by: author.id, "taken", "cancelled")
            let (taken, takenPublish) = published[0]
            let (cancelled, cancelledPublish) = published[1]
            #expect(try await subject.replica.markAttempted(takenPublish.id))
            let deleteTaken = try await other.recordDelete(of: taken, key: "d1")
            let deleteCancelled = try await other.recordDelete(of: cancelled, key: "d2")
            #expect(try await subject.replica.markAttempted(cancelledPublish.id) == false)
            #expect(
                try await subject.replica.outbox().map(\.id) == [takenPublish.id, deleteTaken.id, deleteCancelled.id])
            #expect(try await other.replica.outbox().map(\.isAttempted) == [true, false, false])
        },
        ContractCheck("a refused command can no longer be taken for sending") { subject in
            let author = try await subject.makeAuthor()
            let command = try await subject.recordPublish(subject.draftPost(by: author.id))
            try await subject.replica.fail(command.id, reason: "text: too long")
            #expect(try await subject.replica.markAttempted(command.id) == false)
            #expect(try await subject.replica.outbox().map(\.isAttempted) == [false])
        },
        ContractCheck("a delete of a confirmed post removes it locally and is queued") { subject in
            let author = try await subject.makeAuthor()
            let post = subject.draftPost(by: author.id)
            let publish = try await subject.recordPublish(post)
            try await subject.replica.complete(publish.id, confirmed: post)
            let delete = try await subject.replica.record(.delete(postID: post.id, authorID: author.id), key: "k2")
            #expect(try await subject.replica.outbox() == [delete])
            await expectServiceError(.notFound) { () throws(ServiceError) in try await subject.posts.post(id: post.id) }
        },
        ContractCheck("a confirmed publish leaves the outbox and the server's version replaces the local post") {
            subject in
            let author = try await subject.makeAuthor()
            let post = subject.draftPost(by: author.id, at: 1_700_000_000_000)
            let command = try await subject.recordPublish(post)
            let stored = Post(
                id: post.id, authorID: author.id, text: post.text,
                createdAt: Date(millisecondsSince1970: 1_700_000_005_000))
            try await subject.replica.complete(command.id, confirmed: stored)
            #expect(try await subject.replica.outbox().isEmpty)
            #expect(try await subject.posts.post(id: post.id) == stored)
        },
        ContractCheck("a refused command stays with its reason, and the post stays") { subject in
            let author = try await subject.makeAuthor()
            let post = subject.draftPost(by: author.id)
            let command = try await subject.recordPublish(post)
            try await subject.replica.fail(command.id, reason: "text: too long")
            let outbox = try await subject.replica.outbox()
            #expect(outbox.map(\.failure) == ["text: too long"])
            #expect(outbox.map(\.key) == [command.key])
            #expect(try await subject.feed(of: author.id) == [post])
        },
        ContractCheck("a refused record changes nothing: taken id, unknown author, unknown post, not the author") {
            subject in
            let author = try await subject.makeAuthor()
            let other = try await subject.makeAuthor("other")
            let post = subject.draftPost(by: author.id)
            try await subject.recordPublish(post)
            let before = try await subject.replica.outbox()
            await expectServiceError(.conflict) { () throws(ServiceError) in
                _ = try await subject.replica.record(
                    .publish(Post(id: post.id, authorID: author.id, text: "again", createdAt: post.createdAt)), key: "a"
                )
            }
            await expectServiceError(.notFound) { () throws(ServiceError) in
                _ = try await subject.replica.record(.publish(subject.draftPost(by: "nobody")), key: "b")
            }
            await expectServiceError(.notFound) { () throws(ServiceError) in
                _ = try await subject.replica.record(.delete(postID: "no-such-post", authorID: author.id), key: "c")
            }
            await expectServiceError(.forbidden) { () throws(ServiceError) in
                _ = try await subject.replica.record(.delete(postID: post.id, authorID: other.id), key: "d")
            }
            #expect(try await subject.replica.outbox() == before)
            #expect(try await subject.feed(of: author.id) == [post])
        },
        ContractCheck(
            "the outbox, its marks and failures, and cursors survive a reopen, and a whole listing due",
            requires: [.reopen]
        ) {
            subject in
            let author = try await subject.makeAuthor()
            let published = try await subject.recordPublishes(by: author.id, "first", "second")
            let (first, failed) = published[0]
            let (second, taken) = published[1]
            #expect(try await subject.replica.markAttempted(taken.id))
            try await subject.replica.fail(failed.id, reason: "refused")
            // A snapshot that lists neither: the taken one's answer makes a whole listing due
            try await subject.replica.apply(
                PostChangeBatch(changes: [], cursor: "c-1", isSnapshot: true), authorID: author.id)
            let before = try await subject.replica.outbox()
            #expect(before.map(\.isAttempted) == [false, true])
            let reopened = try await subject.reopen()
            #expect(try await reopened.replica.outbox() == before)
            #expect(try await reopened.replica.cursor(authorID: author.id) == "c-1")
            #expect(try await reopened.feed(of: author.id) == [second, first])
            try await reopened.replica.complete(taken.id, confirmed: second)
            let again = try await reopened.reopen()
            #expect(try await again.replica.cursor(authorID: author.id) == nil, "the whole listing due was lost")
        },
    ]
}
