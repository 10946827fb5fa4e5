import Foundation
import HTTPBackendIntegration
import HTTPSupport
import Services

extension IntegrationDescription {
    /// The HTTP backend: posts, users and the library on `silo-backend` (or your own server
    /// speaking Docs/HTTPBackendAPI.md). Pick it with `SILO_POSTS=http` (users follow posts) or
    /// `SILO_LIBRARY=http`. Optional: when the backend is down the app starts, and this
    /// integration reports degraded. Sessions are kept in `http/credentials.json` (mode 0600).
    public static let httpBackend = IntegrationDescription(
        name: "http", services: [.posts, .users, .library, .authentication],
        settings: [.backendURL, .backendTimeout, .backendTransport],
        isOptional: true, startTimeout: .seconds(15)
    ) { context in
        makeHTTPBackend(context)
    }

    /// The HTTP backend integration `context`'s settings describe; both settings were checked when
    /// the app was composed (their `check`s below).
    static func makeHTTPBackend(_ context: IntegrationContext) -> HTTPBackendIntegration {
        var configuration = HTTPBackendIntegration.Configuration(
            baseURL: URL(string: context.value(.backendURL)) ?? URL(fileURLWithPath: "/"),
            credentialsFile: context.dataDirectory.appendingPathComponent("http/credentials.json"))
        if let timeout = IntegrationSetting.attemptTimeout(context.value(.backendTimeout)) {
            configuration.attemptTimeout = timeout
        }
        configuration.transport = IntegrationSetting.transport(context.value(.backendTransport)) ?? .automatic
        configuration.log = { record in context.log("request: \(record)") }
        configuration.diagnostics = { line in context.log(line) }
        return HTTPBackendIntegration(configuration: configuration)
    }
}

extension IntegrationSetting {
    /// Where the HTTP backend is.
    public static let backendURL = IntegrationSetting(
        "BACKEND_URL", default: "http://127.0.0.1:8080",
        help: "The HTTP backend's base URL (https, or http to a loopback host)."
    ) { text in
        guard let url = URL(string: text) else {
            return "it is not a URL; use one such as http://127.0.0.1:8080"
        }
        do throws(ServiceError) {
            try HTTPBackendIntegration.Configuration(baseURL: url).validate()
            return nil
        } catch {
            if case .invalidInput(_, let reason) = error { return reason }
            return error.description
        }
    }

    /// How long one request to the backend may take.
    public static let backendTimeout = IntegrationSetting(
        "BACKEND_TIMEOUT", default: "10",
        help: "Seconds one request to the HTTP backend may take before it times out (0.1 to 3600)."
    ) { text in
        attemptTimeout(text) == nil ? "give a number of seconds from 0.1 to 3600, such as 10 or 2.5" : nil
    }

    /// What sends the requests to the backend.
    public static let backendTransport = IntegrationSetting(
        "BACKEND_TRANSPORT", default: "automatic",
        help: "What sends requests to the HTTP backend: automatic, sockets (plain http only) or urlsession."
    ) { text in
        transport(text) == nil ? "give automatic, sockets or urlsession" : nil
    }

    /// The transport `text` names, else `nil`.
    static func transport(_ text: String) -> HTTPTransportKind? {
        switch text {
        case "automatic": .automatic
        case "sockets": .sockets
        case "urlsession": .urlSession
        default: nil
        }
    }

    /// The attempt timeout `text` gives: a number of seconds from 0.1 to 3,600, else `nil`.
    static func attemptTimeout(_ text: String) -> Duration? {
        guard let seconds = Double(text), seconds.isFinite, (0.1...3_600).contains(seconds) else { return nil }
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }
}
