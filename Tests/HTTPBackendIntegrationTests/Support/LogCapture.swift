import Foundation
import HTTPBackendIntegration
import HTTPSupport
import TestSupport

/// Collects the client's log lines, to check what was logged and that no token was.
final class LogCapture: Sendable {
    private let records = Locked<[String]>([])

    /// The sink to hand to the configuration.
    var sink: @Sendable (HTTPLogRecord) -> Void {
        { [records] record in records.withLock { $0.append(record.description) } }
    }

    /// Every line so far.
    var lines: [String] { records.withLock { $0 } }
}
