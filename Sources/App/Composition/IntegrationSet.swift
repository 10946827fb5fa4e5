import Foundation
import InMemoryIntegration
import MockVideoHostIntegration
import SQLiteIntegration

/// Builds each integration the first time a service asks for it, so only the integrations the
/// configuration uses are created, started and stopped.
///
/// Used once, on one task, while the composition root is assembled; not shared afterwards.
final class IntegrationSet {
    private let configuration: AppConfiguration
    private var sqliteIntegration: SQLiteIntegration?
    private var memoryIntegration: InMemoryIntegration?
    private var mockVideoHostIntegration: MockVideoHostIntegration?
    /// The integrations built so far, in the order they were first asked for.
    private(set) var registrations: [IntegrationsManager.Registration] = []

    init(configuration: AppConfiguration) {
        self.configuration = configuration
    }

    /// The SQLite database `silo.sqlite` in the data directory.
    func sqlite() -> SQLiteIntegration {
        if let sqliteIntegration { return sqliteIntegration }
        let integration = SQLiteIntegration(configuration: .file(named: "silo.sqlite", in: configuration.dataDirectory))
        sqliteIntegration = integration
        registrations.append(.init(integration))
        return integration
    }

    /// The in-memory reference integration.
    func memory() -> InMemoryIntegration {
        if let memoryIntegration { return memoryIntegration }
        let integration = InMemoryIntegration()
        memoryIntegration = integration
        registrations.append(.init(integration))
        return integration
    }

    /// The mock video host, storing uploads in `videos/` under the data directory.
    func mockVideoHost() -> MockVideoHostIntegration {
        if let mockVideoHostIntegration { return mockVideoHostIntegration }
        var hostConfiguration = MockVideoHostIntegration.Configuration()
        hostConfiguration.storageDirectory = configuration.dataDirectory.appendingPathComponent(
            "videos", isDirectory: true)
        hostConfiguration.apiKey = configuration.videoHostAPIKey.reveal()
        let integration = MockVideoHostIntegration(configuration: hostConfiguration)
        mockVideoHostIntegration = integration
        registrations.append(.init(integration))
        return integration
    }
}
