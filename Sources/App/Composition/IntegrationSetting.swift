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
    /// What is wrong with a value, or `nil` when it will do: checked when the app is composed, so
    /// a bad value stops start-up with a usage error (exit 64) that says how to fix it, before
    /// anything runs.
    public let check: @Sendable (String) -> String?

    /// Declares a setting; `check` says what is wrong with a value (every value will do by default).
    public init(
        _ key: String, default defaultValue: String? = nil, isSecret: Bool = false, help: String,
        check: @escaping @Sendable (String) -> String? = { _ in nil }
    ) {
        self.key = key
        self.defaultValue = defaultValue
        self.isSecret = isSecret
        self.help = help
        self.check = check
    }

    /// Settings are the same when their variables are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key }

    /// Hashes the variable.
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// The environment variable: the app's prefix and the key (`"SILO_"` and `"VENDOR_API_KEY"`).
    public var environmentVariable: String { AppConfiguration.environmentPrefix + key }
}
