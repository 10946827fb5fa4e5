/// Configuration the app cannot run with; the sample app exits with status 64 (usage) and prints
/// the description.
public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A service override names no known integration.
    case unknownIntegration(name: String, variable: String)
    /// A service override names an integration that does not implement that service.
    case unsupportedIntegration(IntegrationChoice, service: ServiceKind)
    /// Posts and users were configured to come from different integrations.
    case postsAndUsersSplit(posts: IntegrationChoice, users: IntegrationChoice)
    /// A flag needs a value that was not given.
    case missingValue(flag: String)
    /// `ServiceProvider.defaultChoices` names no integration for a service and nothing overrides it.
    case missingChoice(service: ServiceKind)

    /// One line saying what is wrong and how to fix it.
    public var description: String {
        switch self {
        case .unknownIntegration(let name, let variable):
            let names = IntegrationChoice.allCases.map(\.rawValue).joined(separator: ", ")
            return "\(variable)=\(name) names no integration; use one of: \(names)"
        case .unsupportedIntegration(let choice, let service):
            return
                "\(choice.rawValue) does not provide \(service.rawValue); unset \(service.environmentVariable) or pick another"
        case .postsAndUsersSplit(let posts, let users):
            return "posts (\(posts.rawValue)) and users (\(users.rawValue)) must come from one integration, because "
                + "publishing checks the author; set SILO_USERS to match SILO_POSTS or unset it"
        case .missingValue(let flag):
            return "\(flag) needs a value"
        case .missingChoice(let service):
            return "no integration is chosen for \(service.rawValue): add it to ServiceProvider.defaultChoices "
                + "or set \(service.environmentVariable)"
        }
    }
}
