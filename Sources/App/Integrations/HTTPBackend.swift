import Foundation
import HTTPBackendIntegration

extension IntegrationDescription {
    /// The HTTP backend: posts, users and the library on `silo-backend` (or your own server
    /// speaking Docs/HTTPBackendAPI.md). Pick it with `SILO_POSTS=http` (users follow posts) or
    /// `SILO_LIBRARY=http`. Optional: when the backend is down the app starts, and this
    /// integration reports degraded. Sessions are kept in `http/credentials.json` (mode 0600).
    public static let httpBackend = IntegrationDescription(
        name: "http", services: [.posts, .users, .library], settings: [.backendURL, .backendTimeout],
        isOptional: true, startTimeout: .seconds(15)
    ) { context in
        var configuration = HTTPBackendIntegration.Configuration(
            baseURL: URL(string: context.value(.backendURL)) ?? URL(fileURLWithPath: "/"),
            credentialsFile: context.dataDirectory.appendingPathComponent("http/credentials.json"))
        if let seconds = Double(context.value(.backendTimeout)), seconds > 0 {
            configuration.attemptTimeout = .milliseconds(Int64(seconds * 1_000))
        }
        configuration.log = { record in context.log(record.description) }
        return HTTPBackendIntegration(configuration: configuration)
    }
}

extension IntegrationSetting {
    /// Where the HTTP backend is.
    public static let backendURL = IntegrationSetting(
        "BACKEND_URL", default: "http://127.0.0.1:8080",
        help: "The HTTP backend's base URL (https, or http to a loopback host).")
    /// How long one request to the backend may take.
    public static let backendTimeout = IntegrationSetting(
        "BACKEND_TIMEOUT", default: "10", help: "Seconds one request to the HTTP backend may take before it times out.")
}
