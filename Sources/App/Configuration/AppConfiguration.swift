import Foundation
import Services

/// What the composition root needs from outside the code: where data lives, per-service
/// overrides, and the environment each integration reads its own settings from.
///
/// With no configuration at all the app runs on the embedded default: data under `.silo/` in the
/// working directory, each service on its `ServiceProvider.defaultChoices`. It knows no integration's
/// settings: those are declared by the integrations' descriptions and read through
/// `IntegrationContext`. An app applies its own command-line flags on top.
public struct AppConfiguration: Sendable, CustomStringConvertible, CustomReflectable {
    /// The prefix of every variable the app reads: `SILO_`.
    public static let environmentPrefix = "SILO_"
    /// The variable naming the data directory: `SILO_DATA_DIR`.
    public static let dataDirectoryVariable = environmentPrefix + "DATA_DIR"
    /// The variable asking for diagnostic detail: `SILO_VERBOSE`.
    public static let verboseVariable = environmentPrefix + "VERBOSE"

    /// Where integrations keep their files (`SILO_DATA_DIR`; default `./.silo`).
    public var dataDirectory: URL
    /// Per-service integration overrides (`SILO_POSTS=memory`, ...); empty means the defaults.
    public var overrides: [ServiceKind: IntegrationDescription]
    /// Whether to print diagnostic detail (`SILO_VERBOSE=1`).
    public var isVerbose: Bool
    /// The environment integrations read their settings from.
    public var environment: [String: String]

    /// Creates a configuration; the defaults are the embedded default described above.
    public init(
        dataDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(
            ".silo"),
        overrides: [ServiceKind: IntegrationDescription] = [:],
        isVerbose: Bool = false,
        environment: [String: String] = [:]
    ) {
        self.dataDirectory = dataDirectory
        self.overrides = overrides
        self.isVerbose = isVerbose
        self.environment = environment
    }

    /// The variable that overrides the integration of `service`, e.g. `SILO_POSTS`.
    public static func variable(for service: ServiceKind) -> String {
        environmentPrefix + service.rawValue.uppercased()
    }

    /// Reads the configuration from `environment`, starting from the defaults.
    ///
    /// Variables: `SILO_DATA_DIR`, one `SILO_<SERVICE>` per service (`SILO_POSTS`, `SILO_USERS`,
    /// `SILO_LIBRARY`, `SILO_HOSTING`), `SILO_VERBOSE`; an empty value counts as unset. Integration
    /// settings stay in `environment` for the integrations to read.
    /// - Throws: `ConfigurationError.unknownIntegration` for an override naming no integration.
    public static func load(environment: [String: String]) throws(ConfigurationError) -> AppConfiguration {
        var configuration = AppConfiguration(environment: environment)
        if let directory = environment[dataDirectoryVariable], !directory.isEmpty {
            configuration.dataDirectory = URL(fileURLWithPath: directory)
        }
        for service in ServiceKind.allCases {
            let variable = variable(for: service)
            guard let value = environment[variable], !value.isEmpty else { continue }
            guard let choice = IntegrationCatalog.integration(named: value) else {
                throw .unknownIntegration(name: value, service: service)
            }
            configuration.overrides[service] = choice
        }
        let verbose = environment[verboseVariable]?.lowercased() ?? ""
        configuration.isVerbose = ["1", "true", "yes"].contains(verbose)
        return configuration
    }

    /// The data directory, overrides and verbosity, without the environment (which may hold
    /// secrets), so `dump` cannot print a credential.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["dataDirectory": dataDirectory.path, "overrides": overrides, "isVerbose": isVerbose],
            displayStyle: .struct)
    }

    /// A multi-line summary for `--verbose` output: the data directory and the overrides.
    public var description: String {
        let overrides = ServiceKind.allCases.compactMap { service in
            self.overrides[service].map { "\(service)=\($0.name)" }
        }
        return """
            data directory: \(dataDirectory.path)
            overrides: \(overrides.isEmpty ? "none" : overrides.joined(separator: ", "))
            """
    }
}
