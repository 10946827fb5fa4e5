import Services

/// Every integration the app can use: the list configuration names (`SILO_POSTS=memory`) are
/// resolved against, and what help and error messages offer.
///
/// Each entry is declared in its own file beside this one. `scripts/new-integration` appends here.
public enum IntegrationCatalog {
    /// Every integration, in the order reports list them.
    public static let all: [IntegrationDescription] = [
        .sqlite,
        .memory,
        .mockVideoHost,
        .jsonFileStore,
        .httpBackend,
        .offlineFirst,
    ]

    /// Every setting any integration reads, each once (integrations may share
    /// one, as an integration built on another reads that one's), in catalog order.
    public static var settings: [IntegrationSetting] {
        all.settings
    }

    /// The names of the integrations that provide `service`, in catalog order.
    public static func providers(of service: ServiceKind) -> [String] {
        all.filter { $0.services.contains(service) }.map(\.name)
    }

    /// The integration configuration calls `name`, ignoring case and surrounding spaces.
    public static func integration(named name: String) -> IntegrationDescription? {
        let name = name.trimmingCharacters(in: .whitespaces).lowercased()
        return all.first { $0.name == name }
    }
}

extension Sequence<IntegrationDescription> {
    /// Every setting these integrations read, each once (integrations may share
    /// one, as an integration built on another reads that one's), in order.
    public var settings: [IntegrationSetting] {
        var seen = Set<String>()
        return flatMap(\.settings).filter { seen.insert($0.environmentVariable).inserted }
    }
}
