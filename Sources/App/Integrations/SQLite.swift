import SQLiteIntegration

extension IntegrationDescription {
    /// The SQLite database `silo.sqlite` in the data directory: the embedded default store.
    public static let sqlite = IntegrationDescription(
        name: "sqlite", services: [.posts, .users, .library, .authentication]
    ) {
        context in
        SQLiteIntegration(configuration: .file(named: "silo.sqlite", in: context.dataDirectory))
    }
}
