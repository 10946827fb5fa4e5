/// Counts the changes the backend accepted: the revision `GET /v1/changes` reports, so a client
/// polling with `If-None-Match` gets 304 until something changed.
///
/// It counts the changes made through this backend, which is the only writer of its store.
actor ChangeLog {
    private(set) var revision = 0
    /// This start of the backend, so an `ETag` from before a restart never matches after it (the
    /// revision starts again at 0).
    nonisolated let boot = BackendStart.id

    /// The current revision and its entity tag, read together.
    var current: (revision: Int, etag: String) { (revision, "\"\(boot)-r\(revision)\"") }

    /// Records one accepted change.
    func record() {
        revision += 1
    }
}
