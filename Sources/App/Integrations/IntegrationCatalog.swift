/// Every integration the app can use: the list `ServiceProvider` resolves names against.
///
/// Each entry is declared in its own file beside this one. `scripts/new-integration` appends here.
public enum IntegrationCatalog {
    /// Every integration, in the order reports list them.
    public static let all: [IntegrationDescription] = [
        .sqlite,
        .memory,
        .mockHost,
        .jsonFileStore,
    ]

    /// The integration configuration calls `name`, ignoring case and surrounding spaces.
    public static func integration(named name: String) -> IntegrationDescription? {
        let name = name.trimmingCharacters(in: .whitespaces).lowercased()
        return all.first { $0.name == name }
    }
}
