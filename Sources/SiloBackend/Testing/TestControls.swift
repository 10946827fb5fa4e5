import Foundation

/// What `--test-controls` turns on: injected faults, a count of every request the backend saw,
/// and the `Silo-Test-Now` clock header. Never on in a real deployment.
actor TestControls {
    private var rules: [FaultRule] = []
    private var counts: [String: Int] = [:]

    /// Counts a request under `"METHOD /path"`.
    func count(_ request: HTTPRequest) {
        counts["\(request.method) \(request.path)", default: 0] += 1
    }

    /// The first rule that applies to the request, used up by one when it has a count.
    func fault(for request: HTTPRequest, route: Route?) -> FaultRule? {
        guard
            let index = rules.firstIndex(where: { $0.applies(method: request.method, path: request.path, route: route) }
            )
        else { return nil }
        let rule = rules[index]
        if let times = rule.times {
            if times <= 1 { rules.remove(at: index) } else { rules[index].times = times - 1 }
        }
        return rule
    }

    /// The routes under `/_test/`: add and clear faults, read and reset the request counts,
    /// expire every access token.
    func handle(_ request: HTTPRequest, sessions: Sessions) async -> HTTPResponse {
        switch (request.method, request.path) {
        case ("POST", "/_test/expire-tokens"):
            await sessions.expireAccessTokens()
            return .empty(204)
        case ("POST", "/_test/faults"):
            do {
                rules.append(try WireCoding.decode(FaultRule.self, from: request))
                return .empty(204)
            } catch {
                return error.response
            }
        case ("DELETE", "/_test/faults"):
            rules.removeAll()
            return .empty(204)
        case ("GET", "/_test/requests"):
            return .json(200, WireCoding.encode(counts))
        case ("DELETE", "/_test/requests"):
            counts.removeAll()
            return .empty(204)
        default:
            return .error(status: 404, code: .notFound, message: "no test control at \(request.method) \(request.path)")
        }
    }
}
