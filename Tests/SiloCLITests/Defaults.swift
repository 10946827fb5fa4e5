import App
import Services

/// What the end-to-end tests expect, read from `ServiceProvider.defaultChoices`, so the documented
/// one-line swap of an integration keeps them green.
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

    /// Whether another `silo` process can use `service`'s data while one runs (and its users').
    static func isShared(_ service: ServiceKind) -> Bool {
        [service, .users].allSatisfy { choice($0)?.isSharedBetweenProcesses ?? false }
    }

    /// Whether posts are in the SQLite file, where the `sqlite3` tool can reach them.
    static var postsInSQLite: Bool { choice(.posts) == .sqlite }

    /// The integrations the default choices use, each once.
    static var integrationsInUse: Set<String> { Set(ServiceKind.allCases.compactMap { choice($0)?.name }) }
}
