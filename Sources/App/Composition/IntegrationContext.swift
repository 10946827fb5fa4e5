import Foundation
import IntegrationSupport

/// What an integration's description gets to make the integration: where data lives, and the
/// values of the settings it declared.
public struct IntegrationContext: Sendable, CustomReflectable {
    /// Where integrations keep their files; each uses a file or folder of its own inside it.
    public let dataDirectory: URL
    private let environment: [String: String]
    private let diagnostics: (@Sendable (String) -> Void)?

    /// Creates a context over `environment`; `diagnostics` receives what integrations log (each
    /// request with its duration, what keeps a call waiting), or nothing when `nil`.
    public init(
        dataDirectory: URL, environment: [String: String], diagnostics: (@Sendable (String) -> Void)? = nil
    ) {
        self.dataDirectory = dataDirectory
        self.environment = environment
        self.diagnostics = diagnostics
    }

    /// Hands `line` to the app's diagnostics (`--verbose`); it holds no secret by the caller's promise.
    public func log(_ line: String) {
        diagnostics?(line)
    }

    /// The setting's value: the environment's when set and not empty, else its default ("" without one).
    public func value(_ setting: IntegrationSetting) -> String {
        if let value = environment[setting.environmentVariable], !value.isEmpty { return value }
        return setting.defaultValue ?? ""
    }

    /// The setting's value as a `Secret`, for credentials.
    public func secret(_ setting: IntegrationSetting) -> Secret {
        Secret(value(setting))
    }

    /// The data directory only: the environment may hold secrets, so `dump` never shows it.
    public var customMirror: Mirror {
        Mirror(self, children: ["dataDirectory": dataDirectory.path], displayStyle: .struct)
    }

    /// `KEY=value` for each of `settings`, secrets shown as `<redacted>`: for `--verbose`.
    public func describe(_ settings: [IntegrationSetting]) -> [String] {
        settings.map { setting in
            "\(setting.environmentVariable)=\(setting.isSecret ? "<redacted>" : value(setting))"
        }
    }
}
