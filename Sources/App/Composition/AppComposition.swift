import Foundation
import Services

/// The composition root: the services the app uses and the `IntegrationsManager` that starts their integrations.
///
/// Make it once at launch, `start()` it, hand `services` to the features, and `stop()` it at exit.
public struct AppComposition: Sendable {
    /// The configuration it was built from.
    public let configuration: AppConfiguration
    /// One implementation per service, as `ServiceProvider` picked them.
    public let services: ServiceProvider
    /// Starts, stops and reports on the integrations behind `services`.
    public let integrations: IntegrationsManager
    /// The integrations in use, each once, in the order services are declared.
    public let integrationsInUse: [IntegrationDescription]
    /// Where the integrations in use read their settings.
    private let context: IntegrationContext
    /// Sync on demand and its status, when an integration in use keeps a synced local copy (as
    /// offline-first does); `nil` otherwise.
    public let sync: (any SyncService)?  // part of: OfflineFirst

    /// Makes the integrations `configuration` needs (only those: nothing is opened yet) and picks
    /// each service from them.
    ///
    /// - Throws: `ConfigurationError` for overrides that name an integration that cannot serve, or
    ///   a setting of an integration in use whose value it cannot work with.
    public init(
        configuration: AppConfiguration, diagnostics: (@Sendable (String) -> Void)? = nil
    ) throws(ConfigurationError) {
        let choices = try ServiceProvider.choices(overrides: configuration.overrides)
        var inUse: [IntegrationDescription] = []
        for service in ServiceKind.allCases {
            if let choice = choices[service], !inUse.contains(choice) {
                inUse.append(choice)
            }
        }
        let context = IntegrationContext(
            dataDirectory: configuration.dataDirectory, environment: configuration.environment,
            diagnostics: diagnostics)
        for setting in inUse.settings {
            let value = context.value(setting)
            if let problem = setting.check(value) {
                throw .invalidSetting(
                    variable: setting.environmentVariable, value: setting.isSecret ? nil : value, problem: problem)
            }
        }
        let made = inUse.map { ($0, $0.makeIntegration(context)) }
        sync = made.lazy.compactMap { ($0.1 as? any SyncingIntegration)?.syncService }.first  // part of: OfflineFirst
        self.context = context
        self.configuration = configuration
        integrationsInUse = inUse
        services = try ServiceProvider(
            choices: choices,
            integrations: Dictionary(uniqueKeysWithValues: made.map { ($0.0.name, $0.1.services) })
        )
        integrations = IntegrationsManager(
            made.map { description, integration in
                .init(
                    integration, id: description.name, isOptional: description.isOptional,
                    startTimeout: description.startTimeout)
            }
        )
    }

    /// `KEY=value` for every setting of the integrations in use, secrets redacted: for `--verbose`.
    public var settingsReport: [String] {
        context.describe(integrationsInUse.settings)
    }

    /// Creates the data directory and starts the integrations that serve `services` (every one when
    /// `nil`), so a command is never held up by an integration it does not use.
    ///
    /// - Throws: `IntegrationStartError` naming the integration that failed, why, and what to do.
    public func start(for services: Set<ServiceKind>? = nil) async throws(IntegrationStartError) {
        try createDataDirectory()
        let names = services.map { Set($0.compactMap { self.services.choices[$0]?.name }) }
        try await integrations.start(only: names)
    }

    /// Creates the data directory and starts every integration, keeping each that comes up, and
    /// returns the health of each one (failed ones included): for a report.
    public func startEach() async -> [IntegrationsManager.HealthEntry] {
        do {
            try createDataDirectory()
        } catch {
            return [
                IntegrationsManager.HealthEntry(
                    name: error.integration, isOptional: false, health: .failed(reason: error.cause.description))
            ]
        }
        return await integrations.startEach()
    }

    /// Stops every integration in reverse start order.
    public func stop() async {
        await integrations.stop()
    }

    private func createDataDirectory() throws(IntegrationStartError) {
        do {
            try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw IntegrationStartError(
                integration: "Data directory",
                cause: .unavailable(
                    reason: "cannot create \(configuration.dataDirectory.path) (\(error.localizedDescription)): check "
                        + "that its parent exists and this user can write there",
                    retryAfter: nil)
            )
        }
    }
}
