import Foundation
import Testing

@testable import SiloBackend

/// The sign-in throttle counts a try in flight as a failure that may come, so guesses sent at once
/// get no more tries than guesses sent one after another.
@Suite("silo-backend: sign-in throttle")
struct SignInThrottleTests {
    private static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("tries taken at once stop at the free failures, and wait while they are in flight")
    func triesInFlight() async {
        let throttle = SignInThrottle(now: { Self.now })
        for _ in 1...5 {
            #expect(await throttle.take("ann") == nil)
        }
        #expect(await throttle.take("ann") == 1, "a sixth guess was let through while five were in flight")
        #expect(await throttle.take("bob") == nil, "bob waited for ann's tries")

        // When the five fail, the account is locked; when one was abandoned, it counts for nothing
        for _ in 1...4 { await throttle.failed("ann") }
        await throttle.abandoned("ann")
        #expect(await throttle.take("ann") == nil, "an abandoned try still counted")
        await throttle.failed("ann")
        #expect(await throttle.take("ann") == 1, "five failures did not lock")
    }

    @Test("a success ends its try and clears the count")
    func successClears() async {
        let throttle = SignInThrottle(now: { Self.now })
        for _ in 1...4 {
            #expect(await throttle.take("cy") == nil)
            await throttle.failed("cy")
        }
        #expect(await throttle.take("cy") == nil)
        #expect(await throttle.take("cy") == 1, "a second try in flight could be the one to lock")
        await throttle.succeeded("cy")
        for _ in 1...5 {
            #expect(await throttle.take("cy") == nil)
        }
    }
}
