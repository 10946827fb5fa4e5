import BackendAPI
import Foundation

/// `GET /v1/changes` (conditional: `If-None-Match` with the last `ETag` gets 304 until something
/// changed) and `GET /v1/health`.
enum ChangeRoutes {
    /// The health answer, encoded once: every probe gets the same bytes.
    private static let healthy = WireCoding.encode(Schemas.Health.ok)

    static let all: [Route] = [
        Route("getChanges", "GET", "/v1/changes", answers: [200, 304]) { context throws(APIFailure) in
            let (revision, etag) = await context.backend.changes.current
            let headers = [(name: "ETag", value: etag), (name: "Cache-Control", value: "no-cache")]
            if let match = context.request.header("if-none-match"),
                match.split(separator: ",").contains(where: {
                    $0.trimmingCharacters(in: .whitespaces) == etag
                })
            {
                return .empty(304, headers: headers)
            }
            return .json(200, WireCoding.encode(Schemas.Changes(revision: revision)), headers: headers)
        },
        Route("getHealth", "GET", "/v1/health", answers: [200]) { _ throws(APIFailure) in
            .json(200, healthy)
        },
    ]
}
