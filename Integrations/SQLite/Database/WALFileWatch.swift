#if os(Linux)
    import Foundation

    /// Tells when to look for outside commits, from the writes to one `-wal` file: inotify while the
    /// file is quiet, a `stat` per interval while it is busy.
    ///
    /// Quiet: the thread in `run` sleeps in `poll` on an inotify watch, waking once per `backstop`.
    /// The first write wakes it at once (a look), and the watch is removed, because inotify costs
    /// the writer on every `write(2)` (0.65–0.78× publish throughput with it left armed, measured
    /// during development with `scripts/bench observation`). Busy: every
    /// `interval` it compares the file's size and modification time with the last and looks; after
    /// `followUps` intervals without a change (a write is seen a moment before its commit is
    /// published in the WAL index, so one look is not enough) the watch is added back, and it goes
    /// on looking every `interval` for `followUps` more intervals: a write that came just before
    /// the watch gives no event, and neither may its file state (a log rewritten from its start,
    /// same size, within the file system's timestamp granularity). Only then does it wait for the
    /// `backstop`.
    ///
    /// The descriptors are closed only in `deinit`, once both the thread in `run` and the stream's
    /// termination handler have let go, so `stop()` never writes to a closed pipe (a `SIGPIPE`) and
    /// `run` never polls a descriptor closed under it.
    final class WALFileWatch: Sendable {
        private let path: String
        private let notifier: Int32
        private let firstWatch: Int32
        private let stopRead: Int32
        private let stopWrite: Int32

        /// Watches `path` for writes; `nil` when it cannot (no such file, the inotify limit).
        init?(path: String) {
            let notifier = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard notifier >= 0 else { return nil }
            var pipeEnds: [Int32] = [-1, -1]
            let watch = inotify_add_watch(notifier, path, UInt32(IN_MODIFY))
            guard watch >= 0, pipe(&pipeEnds) == 0 else {
                close(notifier)
                return nil
            }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            self.path = path
            self.notifier = notifier
            firstWatch = watch
            stopRead = pipeEnds[0]
            stopWrite = pipeEnds[1]
        }

        /// Calls `look` whenever a look is due (see the type's description) until `stop()`.
        func run(interval: Duration, backstop: Duration, followUps: Int, look: () -> Void) {
            var watch: Int32? = firstWatch
            // Looks still due at the interval's pace: after a write, and after the watch is added
            // back (a write just before that gave no event, and its commit may be published in
            // the WAL index only a moment later, so one look right away is not enough).
            var looksDue = 0
            var last = fileState()
            while true {
                guard wait(for: looksDue > 0 ? interval : backstop, watchingWrites: watch != nil) else { return }
                if let current = watch, drain() {
                    inotify_rm_watch(notifier, current)
                    watch = nil
                    looksDue = followUps
                    last = fileState()
                } else if watch == nil {
                    let now = fileState()
                    looksDue = now == last ? looksDue - 1 : followUps
                    last = now
                } else {
                    looksDue = max(0, looksDue - 1)
                }
                look()
                if watch == nil, looksDue <= 0 {
                    watch = rewatch()
                    last = fileState()
                    looksDue = followUps
                }
            }
        }

        /// Ends `run`; safe from any thread, before, during or after it.
        func stop() {
            var byte: UInt8 = 1
            _ = write(stopWrite, &byte, 1)
        }

        deinit {
            close(notifier)
            close(stopRead)
            close(stopWrite)
        }

        /// Adds the watch back, discarding the events of the removed one; `nil` when it cannot (the
        /// file was replaced or removed), which keeps `run` comparing file states.
        private func rewatch() -> Int32? {
            let watch = inotify_add_watch(notifier, path, UInt32(IN_MODIFY))
            _ = drain()
            return watch >= 0 ? watch : nil
        }

        /// Waits up to `timeout` for a write (when `watchingWrites`) or `stop()`; false once stopped.
        private func wait(for timeout: Duration, watchingWrites: Bool) -> Bool {
            var descriptors = [
                pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watchingWrites ? notifier : -1, events: Int16(POLLIN), revents: 0),
            ]
            let (seconds, attoseconds) = timeout.components
            let milliseconds = Int32(clamping: seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
            while true {
                let ready = poll(&descriptors, 2, milliseconds)
                if ready < 0, errno == EINTR { continue }
                return ready >= 0 && descriptors[0].revents == 0
            }
        }

        /// Reads every pending event; whether there was any.
        private func drain() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 4_096)
            var any = false
            while read(notifier, &buffer, buffer.count) > 0 { any = true }
            return any
        }

        /// The file's identity, size and modification time: what a write changes.
        private func fileState() -> [Int] {
            var info = stat()
            guard stat(path, &info) == 0 else { return [] }
            return [
                Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec),
            ]
        }
    }
#endif
