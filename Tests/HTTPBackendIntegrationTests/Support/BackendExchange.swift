import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the backend answered to a request sent by `BackendProcess.exchange`.
struct BackendAnswer: Sendable, CustomStringConvertible {
    /// The status code.
    let status: Int
    /// The body as text.
    let body: String
    /// The response headers, names lowercased.
    let headers: [String: String]

    /// The header named `name` (any case), if the answer had it.
    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Whether the backend replayed a stored answer (`Idempotent-Replayed: true`).
    var replayed: Bool { header("Idempotent-Replayed") == "true" }

    /// `201 {"id": …}`.
    var description: String { "\(status) \(body)" }
}

extension BackendProcess {
    /// Sends `method path` as any HTTP client would, outside the HTTP integration: `body` as JSON,
    /// `token` as a bearer token, and `headers` as given. For tests of the API's own rules.
    func exchange(
        _ method: String, _ path: String, body: String? = nil, token: String? = nil, headers: [String: String] = [:]
    ) async throws -> BackendAnswer {
        var request = URLRequest(url: URL(string: url.absoluteString + path)!)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await Self.send(request)
        guard let http = response as? HTTPURLResponse else {
            throw BackendProcessFailure(description: "\(method) \(path) got no HTTP response")
        }
        var lowercased: [String: String] = [:]
        for case let (name as String, value as String) in http.allHeaderFields { lowercased[name.lowercased()] = value }
        return BackendAnswer(status: http.statusCode, body: String(decoding: data, as: UTF8.self), headers: lowercased)
    }
}
