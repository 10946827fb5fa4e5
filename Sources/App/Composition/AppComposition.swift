import Foundation
import Services

/// The composition root: the services the app uses and the manager that starts their integrations.
///
/// Make it once at launch, `start()` it, hand `services` to the features, and `stop()` it at exit.
public struct AppComposition: Sendable {
    /// The configuration it was built from.
    public let configuration: AppConfiguration
    /// One implementation per service, as `ServiceProvider` picked them.
    public let services: ServiceProvider
    /// Starts, stops and reports on the integrations behind `services`.
    public let integrations: IntegrationsManager

    /// Builds the integrations `configuration` needs and picks each service.
    ///
    /// Nothing is opened yet: call `start()`.
    /// - Throws: `ConfigurationError` for overrides that name an integration that cannot serve.
    public init(configuration: AppConfiguration) throws(ConfigurationError) {
        let choices = try ServiceProvider.choices(overrides: configuration.overrides)
        let set = IntegrationSet(configuration: configuration)
        self.configuration = configuration
        services = try ServiceProvider(choices: choices, integrations: set)
        integrations = IntegrationsManager(set.registrations)
    }

    /// Creates the data directory and starts every integration.
    ///
    /// - Throws: `IntegrationStartError` naming the integration that failed, why, and what to do.
    public func start() async throws(IntegrationStartError) {
        do {
            try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw IntegrationStartError(
                integration: "Data directory",
                cause: .unavailable(
                    reason: "cannot create \(configuration.dataDirectory.path): \(error.localizedDescription)",
                    retryAfter: nil)
            )
        }
        try await integrations.start()
    }

    /// Stops every integration in reverse start order.
    public func stop() async {
        await integrations.stop()
    }
}
