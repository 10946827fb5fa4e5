import GRDB
import IntegrationSupport

/// Lets a test's `CrashSwitch` stop every commit from the moment it trips, for the contract checks
/// that every acknowledged change survives a crash.
///
/// GRDB gives the hook for free: a transaction observer whose `databaseWillCommit()` throws makes
/// GRDB roll the transaction back and rethrow, so the caller sees the failure a dead process would.
final class CrashGate: TransactionObserver {
    private let crashSwitch: CrashSwitch

    /// A gate on `crashSwitch`; add it to the writer connection for its lifetime.
    init(_ crashSwitch: CrashSwitch) {
        self.crashSwitch = crashSwitch
    }

    /// Every change: GRDB asks this observer before each commit that changed something.
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }

    /// Nothing to do per row.
    func databaseDidChange(with event: DatabaseEvent) {}

    /// Throws once the switch has tripped (or trips now), so the commit does not happen.
    func databaseWillCommit() throws {
        try crashSwitch.beforeDurableWrite()
    }

    /// Nothing to do after a commit.
    func databaseDidCommit(_ db: Database) {}

    /// Nothing to do after a rollback.
    func databaseDidRollback(_ db: Database) {}
}
