/// One setting an integration reads from the environment: its variable, its default, and whether
/// it is a secret (never printed, even by `--verbose`).
///
/// Declared by the integration's description; the sample app's help lists every one.
public struct IntegrationSetting: Sendable, Hashable {
    /// The variable without the app's prefix, e.g. `"VIDEO_HOST_API_KEY"`.
    public let key: String
    /// The value when the variable is unset or empty, or `nil` when there is none.
    public let defaultValue: String?
    /// Whether the value is a credential: it is handed over as a `Secret` and shown as `<redacted>`.
    public let isSecret: Bool
    /// One sentence for help texts.
    public let help: String

    /// Declares a setting.
    public init(_ key: String, default defaultValue: String? = nil, isSecret: Bool = false, help: String) {
        self.key = key
        self.defaultValue = defaultValue
        self.isSecret = isSecret
        self.help = help
    }

    /// The environment variable, e.g. `"SILO_VIDEO_HOST_API_KEY"`.
    public var environmentVariable: String { AppConfiguration.environmentPrefix + key }
}
