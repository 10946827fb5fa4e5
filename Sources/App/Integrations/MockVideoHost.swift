import MockVideoHostIntegration

extension IntegrationDescription {
    /// The mock video host, storing uploads in `videos/` under the data directory.
    public static let mockVideoHost = IntegrationDescription(
        name: "mockhost", services: [.hosting], settings: [.videoHostAPIKey]
    ) { context in
        var configuration = MockVideoHostIntegration.Configuration()
        configuration.storageDirectory = context.dataDirectory.appendingPathComponent("videos", isDirectory: true)
        configuration.apiKey = context.secret(.videoHostAPIKey)
        return MockVideoHostIntegration(configuration: configuration)
    }
}

extension IntegrationSetting {
    /// The mock video host's API key.
    public static let videoHostAPIKey = IntegrationSetting(
        "VIDEO_HOST_API_KEY", default: "demo-key", isSecret: true,
        help: "The video host's API key (never printed).")
}
