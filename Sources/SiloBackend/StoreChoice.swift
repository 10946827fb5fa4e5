import Foundation
import InMemoryIntegration
import IntegrationSupport
import SQLiteIntegration
import Services

/// The store the backend serves from: one of the app's own store integrations.
enum StoreChoice: String, Sendable {
    /// The SQLite integration, in `<data-dir>/backend.sqlite`: data survives a restart.
    case sqlite
    /// The in-memory integration: for tests and demos; data ends with the process.
    case memory

    /// Makes the integration, stamping `createdAt` with `BackendClock.now`; `crashSwitch` (test
    /// controls only) makes its commits fail as if the process died before them.
    func makeIntegration(dataDirectory: URL, crashSwitch: CrashSwitch? = nil) -> any Integration {
        switch self {
        case .sqlite:
            var configuration = SQLiteIntegration.Configuration.file(named: "backend.sqlite", in: dataDirectory)
            configuration.now = BackendClock.now
            configuration.crashSwitch = crashSwitch
            return SQLiteIntegration(configuration: configuration)
        case .memory:
            return InMemoryIntegration(configuration: .init(now: BackendClock.now))
        }
    }
}
