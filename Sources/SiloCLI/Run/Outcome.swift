/// Collects whether any view reported an error while a command ran, so `silo` can exit 1.
///
/// Main-actor isolated, like the views that write to it.
@MainActor
final class Outcome {
    private(set) var failed = false

    /// Records that the command failed; the view has already printed why.
    func recordFailure() {
        failed = true
    }

    /// `.failure` when anything failed, otherwise `.success`.
    var exitStatus: ExitStatus { failed ? .failure : .success }
}
