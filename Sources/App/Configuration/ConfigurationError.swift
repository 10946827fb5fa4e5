import CommandLineSupport
import Services

/// Configuration the app cannot run with; the sample app exits with status 64 (usage) and prints
/// the description.
public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A service override names no known integration.
    case unknownIntegration(name: String, service: ServiceKind)
    /// An override names an integration that does not provide that service.
    case unsupportedIntegration(String, service: ServiceKind)
    /// A service was configured apart from the service it must be served with.
    case servedApart(ServiceKind, from: ServiceKind, serviceChoice: String, leaderChoice: String)
    /// `ServiceProvider.defaultChoices` names no integration for a service and nothing overrides it.
    case missingChoice(service: ServiceKind)
    /// A setting of an integration in use has a value it cannot work with; `value` is `nil` for a secret.
    case invalidSetting(variable: String, value: String?, problem: String)

    /// One line saying what is wrong and how to fix it.
    public var description: String {
        switch self {
        case .unknownIntegration(let name, let service):
            let providers = IntegrationCatalog.providers(of: service)
            let hint = ClosestName.to(name, among: providers).map { "did you mean \($0)? " } ?? ""
            return "\(AppConfiguration.variable(for: service))=\(name) names no integration; \(hint)"
                + "the ones that serve \(service): \(providers.joined(separator: ", "))"
        case .unsupportedIntegration(let name, let service):
            let providers = IntegrationCatalog.providers(of: service)
            return "\(name) does not provide \(service); unset \(AppConfiguration.variable(for: service)) or use one "
                + "of: \(providers.joined(separator: ", "))"
        case .servedApart(let service, let leader, let serviceChoice, let leaderChoice):
            return "\(service) (\(serviceChoice)) must come from the same integration as \(leader) (\(leaderChoice)); "
                + "set \(AppConfiguration.variable(for: service)) to match \(AppConfiguration.variable(for: leader)) or unset it"
        case .missingChoice(let service):
            return "no integration is chosen for \(service): add it to ServiceProvider.defaultChoices or set "
                + AppConfiguration.variable(for: service)
        case .invalidSetting(let variable, let value, let problem):
            let shown = value.map { "=" + $0.debugDescription } ?? ""
            return "\(variable)\(shown) cannot be used: \(problem)"
        }
    }
}
