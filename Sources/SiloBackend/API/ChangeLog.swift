/// Counts the changes the backend accepted: the revision `GET /v1/changes` reports, so a client
/// polling with `If-None-Match` gets 304 until something changed.
///
/// It counts the changes made through this backend, which is the only writer of its store.
actor ChangeLog {
    private(set) var revision = 0

    /// Records one accepted change.
    func record() {
        revision += 1
    }
}
