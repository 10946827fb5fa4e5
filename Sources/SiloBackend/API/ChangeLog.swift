/// Counts the changes the backend accepted: the revision `GET /v1/changes` reports, so a client
/// polling with `If-None-Match` gets 304 until something changed.
///
/// It counts the changes made through this backend, which is the only writer of its store.
actor ChangeLog {
    private(set) var revision = 0

    /// The current revision and its entity tag, read together. The tag names this start of the
    /// backend, so one from before a restart never matches after it (the revision starts again at 0).
    var current: (revision: Int, etag: String) { (revision, "\"\(BackendStart.id)-r\(revision)\"") }

    /// Records one accepted change.
    func record() {
        revision += 1
    }
}
