import App
import Services

/// Which integrations the end-to-end tests run on, read from `ServiceProvider.defaultChoices` and
/// `IntegrationCatalog`, so the documented one-line swap of an integration keeps them green and
/// running: a test that needs a property of a store (posts kept between runs, a file `sqlite3` can
/// read) picks an integration that has it instead of depending on the default.
enum Defaults {
    /// The integration serving `service` with no configuration.
    static func choice(_ service: ServiceKind) -> IntegrationDescription? {
        ServiceProvider.defaultChoices[service] ?? service.servedWith.flatMap(choice)
    }

    /// Whether what the demo user stores with `service` is found again in the next `silo` run: the
    /// service's integration keeps its data, and so does the users service, so the user (whose id
    /// keys the data) is the same one next time.
    static func keeps(_ service: ServiceKind) -> Bool {
        [service, .users].allSatisfy { choice($0)?.keepsData ?? false }
    }

    /// The integrations the default choices use, each once.
    static var integrationsInUse: Set<String> { Set(ServiceKind.allCases.compactMap { choice($0)?.name }) }

    /// Choices under which `service`'s data, and the users it is keyed by, are still there in the
    /// next run (and visible to another process while one runs, when `shared`): for the service
    /// each of them is picked with (`SILO_POSTS` for users), the default integration when it keeps
    /// its data, else the first in the catalog that does and needs nothing outside this machine
    /// (not an optional one, such as a backend). `nil` when the template has none.
    static func keeping(_ service: ServiceKind, shared: Bool = false) -> [ServiceKind: IntegrationDescription]? {
        var choices: [ServiceKind: IntegrationDescription] = [:]
        for picked in Set([root(of: service), root(of: .users)]) {
            let candidates = [choice(picked)].compactMap { $0 } + IntegrationCatalog.all.filter { !$0.isOptional }
            let keeping = candidates.first { integration in
                integration.keepsData && (!shared || integration.isSharedBetweenProcesses)
                    && serving(picked).isSubset(of: integration.services)
            }
            guard let keeping else { return nil }
            choices[picked] = keeping
        }
        return choices
    }

    /// The catalog's integration called `name` (`"sqlite"`), if this template still has it.
    static func integration(named name: String) -> IntegrationDescription? {
        IntegrationCatalog.integration(named: name)
    }

    /// The variable that picks `service`'s integration: that of the service it is served with, if
    /// any (`SILO_POSTS` for users and sign-in), since those follow it.
    static func variable(choosing service: ServiceKind) -> String {
        AppConfiguration.variable(for: root(of: service))
    }

    /// `service`, the service it is served with, and every service served with that one: the
    /// services one integration must provide together.
    private static func serving(_ service: ServiceKind) -> Set<ServiceKind> {
        let root = root(of: service)
        return Set(ServiceKind.allCases.filter { self.root(of: $0) == root })
    }

    private static func root(of service: ServiceKind) -> ServiceKind {
        service.servedWith.map(root(of:)) ?? service
    }
}
