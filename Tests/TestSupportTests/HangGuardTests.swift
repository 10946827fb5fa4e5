import TestSupport
import Testing

@Suite("HangGuard")
struct HangGuardTests {
    @Test("the limit is five minutes unless HANG_GUARD_SECONDS names a positive number of seconds")
    func limitFromEnvironment() {
        #expect(HangGuard.limit(in: [:]) == .seconds(300))
        #expect(HangGuard.limit(in: ["HANG_GUARD_SECONDS": "600"]) == .seconds(600))
        for ignored in ["0", "-5", "ten", "", "1.5"] {
            #expect(HangGuard.limit(in: ["HANG_GUARD_SECONDS": ignored]) == .seconds(300), "\(ignored)")
        }
    }

    @Test("a wait that outlasts its limit fails naming what it waited for")
    func hangNamesTheWait() async {
        let error = await #expect(throws: HangGuard.Hang.self) {
            try await HangGuard.run("a value that never comes", limit: .milliseconds(1)) {
                await suspendUntilCancelled()
            }
        }
        #expect(error?.description == "hung: a value that never comes did not happen within 0.001 seconds")
    }
}
