import CommandLineSupport
import Foundation
import Services

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How `silo-backend` ends: the store is stopped once (SQLite closed cleanly), then the process
/// exits with the status of whatever asked first.
///
/// - SIGINT or SIGTERM: 128 + the signal; a second signal exits at once.
/// - With `--exit-when-input-closes`, the end of standard input: 0. Whoever held the other end
///   closed it or ended (the kernel closes a dead process's descriptors), so a test process that
///   crashes still ends its server. Standard input that cannot be read ends it with 1.
///
/// `@unchecked Sendable` is safe: `began` is only touched while holding `lock`, and `store` is
/// itself `Sendable`.
final class Shutdown: @unchecked Sendable {
    private let store: any Integration
    private let lock = NSLock()
    private var began = false

    /// A shutdown of `store`; nothing happens until a trigger is installed and fires.
    init(store: any Integration) {
        self.store = store
    }

    /// Stops on SIGINT and SIGTERM. Signals come through a `SignalPipe`, so none is lost.
    func onSignals() {
        SignalPipe.install([SIGINT, SIGTERM]) { [self] number, count in
            guard count == 1 else { exit(128 + number) }
            begin(status: 128 + number)
        }
    }

    /// Stops once standard input ends. Read on a thread of its own, which the blocking `read`
    /// holds.
    func whenInputEnds() {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count > 0 || (count < 0 && errno == EINTR) { continue }
                if count < 0 {
                    let reason = String(cString: strerror(errno))
                    FileHandle.standardError.write(
                        Data(
                            ("silo-backend: --exit-when-input-closes cannot read standard input (\(reason)); "
                                + "give it a pipe that stays open while the server should run\n").utf8))
                }
                begin(status: count == 0 ? 0 : 1)
                return
            }
        }
    }

    /// Stops the store and exits with `status`, unless a shutdown already began: that one's status
    /// stands.
    private func begin(status: Int32) {
        let first = lock.withLock {
            defer { began = true }
            return !began
        }
        guard first else { return }
        Task { [store] in
            await store.stop()
            exit(status)
        }
    }
}
