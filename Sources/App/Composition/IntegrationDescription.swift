import Services

/// Everything the app needs to know about one integration, declared once, in one file of
/// `Sources/App/Integrations/`: how configuration names it, which services it provides, the
/// settings it reads, whether the app may run without it, and how to make it.
///
/// Adding an integration is its targets plus one such file (and its entry in
/// `IntegrationCatalog.all`); `scripts/new-integration` writes all of them. Nothing else in the
/// app switches over integrations: `ServiceProvider` picks services by description.
public struct IntegrationDescription: Sendable, Hashable, CustomStringConvertible {
    /// How configuration spells it, e.g. `"sqlite"` in `SILO_POSTS=sqlite`.
    public let name: String
    /// The services it provides.
    public let services: Set<ServiceKind>
    /// The settings it reads from the environment.
    public let settings: [IntegrationSetting]
    /// Whether what it stores is still there in the next run of the app (a file, a server); the
    /// in-memory integration keeps nothing.
    public let keepsData: Bool
    /// Whether several processes may use its data at once (two `silo` commands, one following the
    /// feed while the other posts); a store one process locks for itself does not allow it.
    public let isSharedBetweenProcesses: Bool
    /// Whether the app may run without it (a remote backend while offline): it then comes up
    /// degraded instead of stopping start-up.
    public let isOptional: Bool
    /// How long its start may take before it counts as failed.
    public let startTimeout: Duration
    private let make: @Sendable (IntegrationContext) -> any Integration

    /// Describes an integration.
    ///
    /// - Parameters:
    ///   - name: how configuration spells it; lowercase letters, digits and hyphens.
    ///   - services: the services the made integration provides in its `services` set.
    ///   - settings: the settings `make` reads through its context.
    ///   - keepsData: whether what it stores survives the process.
    ///   - isSharedBetweenProcesses: whether several processes may use its data at once.
    ///   - isOptional: whether the app may run while it is down.
    ///   - startTimeout: how long `start()` may take.
    ///   - make: makes the integration from the context; opens nothing (its `start()` does).
    public init(
        name: String,
        services: Set<ServiceKind>,
        settings: [IntegrationSetting] = [],
        keepsData: Bool = true,
        isSharedBetweenProcesses: Bool = true,
        isOptional: Bool = false,
        startTimeout: Duration = .seconds(10),
        make: @escaping @Sendable (IntegrationContext) -> any Integration
    ) {
        self.name = name
        self.services = services
        self.settings = settings
        self.keepsData = keepsData
        self.isSharedBetweenProcesses = isSharedBetweenProcesses
        self.isOptional = isOptional
        self.startTimeout = startTimeout
        self.make = make
    }

    /// Makes the integration for `context`; nothing is opened until it starts.
    public func makeIntegration(_ context: IntegrationContext) -> any Integration {
        make(context)
    }

    /// The name, as configuration spells it.
    public var description: String { name }

    /// Descriptions are the same integration when their names are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
