// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Models

/// The local side of an offline-first integration: posts and users as this device knows them,
/// the changes made here that the server has not confirmed (the outbox), and where the server's
/// change feed was last read. Its `PostService` and `UserService` read the same data.
///
/// The contract every implementation keeps (checked by `PostReplicaServiceContract`):
/// - `record(_:key:)` applies the change locally and queues it in one step: after a crash either
///   both happened or neither did. Commands keep the order they were recorded in.
/// - Deleting a post whose publish no sender has attempted (or the server refused) cancels that
///   publish, and queues the delete all the same (a delete of a post the server never had is
///   done). A publish a sender has attempted may be on its way, or applied with its answer lost:
///   it stays queued, and the delete after it, so the server gets the publish before the delete
///   and a late copy of it meets its idempotency key instead of bringing the post back (for as
///   long as the server keeps the key).
/// - A sender marks each command attempted before sending it (`markAttempted(_:)`), and sends
///   only the ones it could mark: across processes sharing the store, a delete either cancels a
///   publish before any sender took it, or finds it taken and keeps it.
/// - `apply(_:authorID:)` brings in the server's changes without queueing anything; it never
///   brings back a post with a delete waiting to be sent, and a post the server deleted takes its
///   waiting publish with it (the server is the authority).
/// - A snapshot cannot speak for a post whose publish a sender took and the server has not
///   answered: it may not have arrived yet, or have arrived and been deleted since (by another
///   device). Such a post stays. Once its publish leaves the outbox confirmed (`complete`),
///   `cursor(authorID:)` is `nil` until a snapshot is applied, so the next read lists the
///   author's feed whole and settles it. (A sync engine reads such a listing between its sends:
///   one read while a publish is on its way would lack it, and make another listing due.)
/// - Everything survives a restart when the store keeps data.
/// - Every method throws only `ServiceError`; a failed call changes nothing.
public protocol PostReplicaService: Sendable {
    /// Applies `operation` locally and queues it under `key`.
    ///
    /// A publish stores the post as given (validated by the caller); a delete removes it. Returns
    /// the queued command.
    /// - Throws: `.notFound` for an unknown author (publish) or post (delete), `.conflict` for a
    ///   publish under a taken id, `.forbidden` for a delete by someone other than the author.
    func record(_ operation: OutboxCommand.Operation, key: String) async throws(ServiceError) -> OutboxCommand

    /// Marks the command as taken for sending, before it is sent: from now on it may reach the
    /// server. Returns `false`, marking nothing, when the command is no longer queued (a delete
    /// cancelled it, or it was completed) or was refused: it must not be sent.
    func markAttempted(_ id: OutboxCommand.ID) async throws(ServiceError) -> Bool

    /// Every queued command, failed ones included, oldest first.
    func outbox() async throws(ServiceError) -> [OutboxCommand]

    /// Removes a command the server confirmed; for a publish, `confirmed` is the post as the server
    /// stored it, and replaces the local one if that is still there. Returns whether this made a
    /// whole listing of the author due that was not (a snapshot had lacked the post, and the
    /// author's cursor was set): a sync engine reads it now rather than when its reader next reads.
    @discardableResult
    func complete(_ id: OutboxCommand.ID, confirmed: Post?) async throws(ServiceError) -> Bool

    /// Marks a command the server refused as failed with `reason`; it stays, and is not sent again
    /// (it can no longer be marked attempted). A refused publish whose post has a delete queued
    /// leaves the outbox instead: the post is gone here, and the delete is still sent.
    func fail(_ id: OutboxCommand.ID, reason: String) async throws(ServiceError)

    /// Applies a batch of the server's changes to `authorID`'s posts and keeps its cursor.
    ///
    /// - Throws: `.notFound` when the author is not known locally (`save(_:)` them first).
    func apply(_ batch: PostChangeBatch, authorID: User.ID) async throws(ServiceError)

    /// The cursor of the last batch applied for `authorID`, or `nil` before the first and while a
    /// whole listing is due (see above: a batch that is not a snapshot moves the cursor, but the
    /// listing stays due).
    func cursor(authorID: User.ID) async throws(ServiceError) -> String?

    /// Keeps `user` as the server knows them (id, handle and display name), replacing what was kept.
    ///
    /// - Throws: `.conflict` when another user holds the handle locally.
    func save(_ user: User) async throws(ServiceError)
}
