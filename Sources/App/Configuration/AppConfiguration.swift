import Foundation

/// Everything the composition root needs, read from the environment and command-line flags.
///
/// With no configuration at all the app runs on the embedded default: data under `.silo/` in the
/// working directory, SQLite for posts, users and the library, the mock host for videos.
public struct AppConfiguration: Sendable, CustomStringConvertible {
    /// Where integrations keep their files (`SILO_DATA_DIR` or `--data-dir`; default `./.silo`).
    public var dataDirectory: URL
    /// Per-service integration overrides (`SILO_POSTS=memory`, ...); empty means the defaults.
    public var overrides: [ServiceKind: IntegrationChoice]
    /// The video host's API key (`SILO_VIDEO_HOST_API_KEY`); never printed.
    public var videoHostAPIKey: Secret
    /// Whether to print diagnostic detail (`SILO_VERBOSE=1` or `--verbose`).
    public var isVerbose: Bool

    /// Creates a configuration; the defaults are the embedded default described above.
    public init(
        dataDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(
            ".silo"),
        overrides: [ServiceKind: IntegrationChoice] = [:],
        videoHostAPIKey: Secret = Secret("demo-key"),
        isVerbose: Bool = false
    ) {
        self.dataDirectory = dataDirectory
        self.overrides = overrides
        self.videoHostAPIKey = videoHostAPIKey
        self.isVerbose = isVerbose
    }

    /// Reads the configuration from `environment` and the options at the start of `arguments`,
    /// returning the rest (the command and its operands, untouched).
    ///
    /// Flags: `--data-dir <path>`, `--verbose`. Environment: `SILO_DATA_DIR`, `SILO_POSTS`,
    /// `SILO_USERS`, `SILO_LIBRARY`, `SILO_VIDEOS`, `SILO_VIDEO_HOST_API_KEY`, `SILO_VERBOSE`.
    /// - Throws: `ConfigurationError` for an unknown integration name or a flag without a value.
    public static func load(
        environment: [String: String],
        arguments: [String]
    ) throws(ConfigurationError) -> (configuration: AppConfiguration, remaining: [String]) {
        var configuration = AppConfiguration()
        if let directory = environment["SILO_DATA_DIR"], !directory.isEmpty {
            configuration.dataDirectory = URL(fileURLWithPath: directory)
        }
        for service in ServiceKind.allCases {
            if let value = environment[service.environmentVariable], !value.isEmpty {
                configuration.overrides[service] = try IntegrationChoice(parsing: value, for: service)
            }
        }
        if let key = environment["SILO_VIDEO_HOST_API_KEY"], !key.isEmpty {
            configuration.videoHostAPIKey = Secret(key)
        }
        configuration.isVerbose = ["1", "true", "yes"].contains(environment["SILO_VERBOSE"]?.lowercased() ?? "")
        // Options come before the command: everything from the command on (or after `--`) is
        // left for it, so `silo post -- --verbose` publishes the text "--verbose".
        var index = arguments.startIndex
        options: while index < arguments.endIndex {
            switch arguments[index] {
            case "--verbose", "-v":
                configuration.isVerbose = true
            case "--data-dir":
                index += 1
                guard index < arguments.endIndex else { throw .missingValue(flag: "--data-dir") }
                configuration.dataDirectory = URL(fileURLWithPath: arguments[index])
            case "--":
                index += 1
                break options
            default:
                break options
            }
            index += 1
        }
        let remaining = Array(arguments[index...])
        return (configuration, remaining)
    }

    /// A multi-line summary for `--verbose` output; the API key shows as `<redacted>`.
    public var description: String {
        let overrides = ServiceKind.allCases.compactMap { service in
            self.overrides[service].map { "\(service.rawValue)=\($0.rawValue)" }
        }
        return """
            data directory: \(dataDirectory.path)
            overrides: \(overrides.isEmpty ? "none" : overrides.joined(separator: ", "))
            video host API key: \(videoHostAPIKey)
            """
    }
}
