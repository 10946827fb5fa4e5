import CommandLineSupport
import Services

/// A `SILO_` variable in the environment that nothing reads: a typo (`SILO_POST`), or the setting
/// of an integration or service the app does not have. The app warns and goes on: an ignored
/// setting must not pass in silence, but it is no reason to refuse to run.
public struct UnknownVariable: Equatable, Sendable, CustomStringConvertible {
    /// The variable as it is set.
    public let name: String
    /// The variable the app reads that `name` most likely meant, if one is near.
    public let closest: String?

    /// An unknown variable `name`, which most likely meant `closest`.
    public init(name: String, closest: String?) {
        self.name = name
        self.closest = closest
    }

    /// `SILO_POST is not a setting this app reads; did you mean SILO_POSTS?`
    public var description: String {
        "\(name) is not a setting this app reads; "
            + (closest.map { "did you mean \($0)?" } ?? "the help lists the settings it reads")
    }
}

extension AppConfiguration {
    /// Every variable the app reads: the data directory, verbosity, one override per service,
    /// and every setting of every integration in the catalog.
    public static var knownVariables: [String] {
        [dataDirectoryVariable, verboseVariable]
            + ServiceKind.allCases.map(variable(for:)) + IntegrationCatalog.settings.map(\.environmentVariable)
    }

    /// The `SILO_` variables of `environment` that neither the app nor `alsoRead` (an app's own,
    /// such as the sample app's `SILO_USER`) reads, sorted by name, each with the known variable
    /// nearest to it.
    public static func unknownVariables(
        in environment: [String: String], alsoRead: [String] = []
    ) -> [UnknownVariable] {
        let known = knownVariables + alsoRead
        let suffixes = known.map { String($0.dropFirst(environmentPrefix.count)) }
        return environment.keys.filter { $0.hasPrefix(environmentPrefix) && !known.contains($0) }.sorted().map { name in
            let closest = ClosestName.to(String(name.dropFirst(environmentPrefix.count)), among: suffixes)
            return UnknownVariable(name: name, closest: closest.map { environmentPrefix + $0 })
        }
    }
}
