import Foundation

/// Reads a file handle to its end on a thread of its own, keeping the complete lines, and lets
/// tasks wait for the line they need or for the end, without polling.
public final class LineCollector: Sendable {
    /// What has been read so far.
    public struct Progress: Sendable {
        /// The complete (newline-terminated) lines, in order.
        public var lines: [String] = []
        /// Whether the end of the file was read: no more lines will come.
        public var hasEnded = false
        /// Every byte read, including a last line without a newline.
        public var bytes = Data()
        fileprivate var partial = Data()
    }

    private let state = AwaitableState(Progress())
    /// Actions waiting for their text, run on the reading thread the moment it arrives.
    private let triggers = Locked<[(text: String, action: @Sendable (String) -> Void)]>([])

    /// Creates a collector that has read nothing yet.
    public init() {}

    /// The complete (newline-terminated) lines read so far.
    public var lines: [String] { state.current.lines }

    /// Whether the end of the file was read: no more lines will come.
    public var hasEnded: Bool { state.current.hasEnded }

    /// Everything read so far, as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: state.current.bytes, as: UTF8.self) }

    /// Starts a thread that reads `handle` until end of file, then closes it (a test process that
    /// starts hundreds of children must not keep a descriptor for each).
    public func startReading(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                append(data)
                if data.isEmpty { break }
            }
            try? handle.close()
        }
        thread.start()
    }

    /// Suspends until `condition` holds for what has been read (the output may have ended), and
    /// returns it.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    @discardableResult
    public func wait(until condition: @escaping @Sendable (Progress) -> Bool) async throws -> Progress {
        try await state.wait(until: condition)
    }

    /// Runs `action` with everything read so far once that holds `text`: at once if it does
    /// already, otherwise on the reading thread as soon as the bytes arrive, without waiting for
    /// a task to be scheduled (a busy test process can take seconds to resume one).
    public func whenText(contains text: String, _ action: @escaping @Sendable (String) -> Void) {
        let now = triggers.withLock { triggers -> String? in
            let sofar = self.text
            if sofar.contains(text) { return sofar }
            triggers.append((text, action))
            return nil
        }
        if let now { action(now) }
    }

    private func append(_ data: Data) {
        state.update { progress in
            guard !data.isEmpty else {
                progress.hasEnded = true
                return
            }
            progress.bytes.append(data)
            progress.partial.append(data)
            while let newline = progress.partial.firstIndex(of: UInt8(ascii: "\n")) {
                let line = progress.partial[progress.partial.startIndex..<newline]
                progress.lines.append(String(decoding: line, as: UTF8.self))
                progress.partial.removeSubrange(progress.partial.startIndex...newline)
            }
        }
        let ready = triggers.withLock { triggers in
            let sofar = text
            let ready = triggers.filter { sofar.contains($0.text) }
            triggers.removeAll { sofar.contains($0.text) }
            return ready.map { ($0.action, sofar) }
        }
        for (action, sofar) in ready { action(sofar) }
    }
}
