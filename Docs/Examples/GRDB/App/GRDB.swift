import GRDBIntegration

extension IntegrationDescription {
    /// The GRDB example: posts, users and sign-in in `grdb/silo.sqlite` under the data directory.
    /// Pick it with `SILO_POSTS=grdb` (users and sign-in follow posts).
    public static let grdb = IntegrationDescription(name: "grdb", services: [.posts, .users, .authentication]) {
        context in
        GRDBIntegration(
            configuration: .init(directory: context.dataDirectory.appendingPathComponent("grdb", isDirectory: true)))
    }
}
