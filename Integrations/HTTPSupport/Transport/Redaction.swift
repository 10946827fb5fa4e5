/// Keeps secrets out of logs.
enum Redaction {
    /// Query items whose values are credentials, compared in lowercase.
    static let secretQueryNames: Set<String> = [
        "access_token", "refresh_token", "token", "id_token", "api_key", "apikey", "key", "password", "secret",
        "client_secret", "signature", "sig", "code", "auth", "authorization", "session",
    ]

    /// The request's path and query, with the value of every token-like query item replaced by
    /// `<redacted>`.
    static func target(_ request: HTTPRequest) -> String {
        guard !request.query.isEmpty else { return request.path }
        let items = request.query.map { item in
            let value = secretQueryNames.contains(item.name.lowercased()) ? "<redacted>" : (item.value ?? "")
            return PercentEncoding.encode(item.name) + "="
                + (value == "<redacted>" ? value : PercentEncoding.encode(value))
        }
        return request.path + "?" + items.joined(separator: "&")
    }

    /// A failure in a few words for the log (no response body: it may echo what was sent).
    static func summary(_ failure: HTTPFailure) -> String {
        switch failure {
        case .transport(let reason, _), .badAnswer(let reason): reason
        case .timedOut(let after, _): "timed out after \(after)"
        case .cancelled: "cancelled"
        case .status(let code, _, _): String(code)
        case .decoding(let path, _): "undecodable at \(path)"
        case .tooLarge(let bytes, _): "\(bytes)-byte body over the limit"
        case .notSignedIn: "not signed in"
        }
    }
}
