import JSONFileStoreIntegration

extension IntegrationDescription {
    /// The JSON file store: `json/store.json` under the data directory, human-readable, for small
    /// stores. Pick it with `SILO_POSTS=json` (users follow posts) or `SILO_LIBRARY=json`. One
    /// process at a time holds it (a lock file).
    public static let jsonFileStore = IntegrationDescription(
        name: "json", services: [.posts, .users, .library, .authentication], isSharedBetweenProcesses: false
    ) { context in
        JSONFileStoreIntegration(
            configuration: .init(directory: context.dataDirectory.appendingPathComponent("json", isDirectory: true))
        )
    }
}
