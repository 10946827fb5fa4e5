import Foundation

/// An integration a service can be served by, as named in configuration (`SILO_POSTS=memory`).
public enum IntegrationChoice: String, CaseIterable, Sendable, Hashable {
    /// The SQLite database under the data directory: the embedded default for stores.
    case sqlite
    /// The in-memory reference integration: nothing survives the process.
    case memory
    /// The simulated video host, storing uploads under the data directory.
    case mockhost

    /// Parses a configuration value, ignoring case and surrounding spaces.
    ///
    /// - Throws: `ConfigurationError.unknownIntegration` listing the valid names.
    public init(parsing text: String, for service: ServiceKind) throws(ConfigurationError) {
        let name = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let choice = IntegrationChoice(rawValue: name) else {
            throw .unknownIntegration(name: text, variable: service.environmentVariable)
        }
        self = choice
    }
}
