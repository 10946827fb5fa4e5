/// The body of `GET /v1/changes`: a number that grows with every change the backend accepts.
struct WireChanges: Codable, Sendable {
    var revision: Int
}
