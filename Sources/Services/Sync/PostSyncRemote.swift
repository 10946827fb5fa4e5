// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Models

/// The server side of an offline-first integration: sends queued commands and reads the change
/// feed. The HTTP integration provides one over its API.
public protocol PostSyncRemote: Sendable {
    /// Sends `command` under its key and returns what the server holds afterwards: for a publish,
    /// the post as stored (also when it was stored by an earlier send whose answer was lost); for a
    /// delete, `nil` (also when the post was already gone).
    ///
    /// - Throws: `.invalidInput`, `.forbidden` or `.conflict` when the server refuses the command
    ///   (sending it again cannot help); `.unauthorized` when nobody is signed in for its author;
    ///   `.unavailable` (with the server's retry-after, when it said) or `.timedOut` when the server
    ///   could not be reached or answer.
    func send(_ command: OutboxCommand) async throws(ServiceError) -> Post?

    /// Asks the server for an answer and nothing else: returns when it answers, so a command sent
    /// now would reach it. Changes nothing. The sender asks before it takes a command while it has
    /// not heard from the server, so nothing is taken (and kept from a delete's cancel) while the
    /// device is offline.
    ///
    /// - Throws: `.unavailable` (with the server's retry-after, when it said) or `.timedOut` when
    ///   the server could not be reached or answer.
    func probe() async throws(ServiceError)

    /// The changes to `authorID`'s posts after `cursor` (the whole feed as a snapshot when `cursor`
    /// is `nil` or the server no longer knows it). When there are none yet, the server holds the
    /// request up to `wait` for one to happen.
    func changes(authorID: User.ID, after cursor: String?, wait: Duration) async throws(ServiceError)
        -> PostChangeBatch
}
