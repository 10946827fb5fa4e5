import Foundation

/// Reads a file handle to its end on a background thread, keeping the complete lines.
///
/// `@unchecked Sendable` is safe: every stored property is read and written only while holding
/// `condition`'s lock, and the reading thread touches nothing else.
public final class LineCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var completeLines: [String] = []
    private var partial = Data()
    private var reachedEnd = false

    /// Creates a collector that has read nothing yet.
    public init() {}

    /// The complete (newline-terminated) lines read so far.
    public var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return completeLines
    }

    /// Whether the end of the file was read: no more lines will come.
    public var hasEnded: Bool {
        condition.lock()
        defer { condition.unlock() }
        return reachedEnd
    }

    /// Starts a thread that reads `handle` until end of file.
    public func startReading(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                append(data)
                if data.isEmpty { return }
            }
        }
        thread.start()
    }

    /// Waits until `count` lines have arrived; `false` when the deadline passed or the output ended first.
    public func wait(forLines count: Int, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        condition.lock()
        defer { condition.unlock() }
        while completeLines.count < count {
            if reachedEnd || !waitOnce(until: deadline) { return completeLines.count >= count }
        }
        return true
    }

    /// Waits until end of file was read; `false` when `deadline` passed first.
    public func waitForEnd(until deadline: ContinuousClock.Instant) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !reachedEnd {
            if !waitOnce(until: deadline) { return reachedEnd }
        }
        return true
    }

    /// Waits for a signal or the deadline, with the lock held; `false` when the deadline has passed.
    private func waitOnce(until deadline: ContinuousClock.Instant) -> Bool {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return false }
        let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
        return condition.wait(until: Date().addingTimeInterval(seconds)) || ContinuousClock.now < deadline
    }

    private func append(_ data: Data) {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        guard !data.isEmpty else {
            reachedEnd = true
            return
        }
        partial.append(data)
        while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
            completeLines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
            partial.removeSubrange(partial.startIndex...newline)
        }
    }
}
