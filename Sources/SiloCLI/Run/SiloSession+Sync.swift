// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import App
import Services

extension SiloSession {
    /// `silo sync`: one sync, then what this run did (also what the background sync did since the
    /// integration started, which may have sent and been refused before this sync). Exits 1 when
    /// something was refused in this run, the server could not be reached, or no integration in
    /// use syncs.
    func sync() async {
        guard let sync = composition.sync else {
            outcome.recordFailure()
            terminal.printError(
                "no integration in use keeps a local copy to sync; pick one with SILO_POSTS=offline-first")
            return
        }
        let report = await sync.syncNow()
        let status = await sync.status()
        let refused = status.refusedSinceStart
        terminal.print(
            "Sent \(status.sentSinceStart), received \(status.receivedSinceStart), refused \(refused.count).")
        for refusal in refused { terminal.print("  refused: \(refusal)") }
        if status.pendingCount > 0 { terminal.print("\(status.pendingCount) change(s) still wait to be sent.") }
        if let reason = report.stoppedBecause {
            outcome.recordFailure()
            terminal.printError("sync stopped: \(reason)")
        } else if !refused.isEmpty {
            outcome.recordFailure()
        }
    }
}
