import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `silo-backend`'s API rules that the client never exercises: the order of checks, bodies that
/// are not what a route reads, and entity tags across a restart.
@Suite("silo-backend: API rules")
struct BackendAPITests {
    private let session = URLSession(configuration: .ephemeral)

    private func send(
        _ backend: BackendProcess, _ method: String, _ path: String, body: String? = nil, token: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> (status: Int, body: String, headers: [AnyHashable: Any]) {
        var request = URLRequest(url: URL(string: backend.url.absoluteString + path)!)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, String(decoding: data, as: UTF8.self), http.allHeaderFields)
    }

    private func signIn(_ backend: BackendProcess, _ user: String) async throws -> String {
        let answer = try await send(backend, "POST", "/v1/sessions", body: #"{"user_id": "\#(user)"}"#)
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        return try #require(object?["access_token"] as? String)
    }

    @Test("the token is checked before the body or the video is looked up")
    func tokenFirst() async throws {
        let backend = try await BackendProcess.start()
        defer { Task { try? await backend.kill() } }
        #expect(try await send(backend, "DELETE", "/v1/videos/unknown").status == 401)
        #expect(try await send(backend, "PUT", "/v1/videos/v1", body: "{}").status == 401)
    }

    @Test("a PUT body's id must be the path's, and a playback URL is kept exactly or refused")
    func videoBody() async throws {
        let backend = try await BackendProcess.start()
        defer { Task { try? await backend.kill() } }
        let token = try await signIn(backend, "u1")
        func video(id: String?, url: String) -> String {
            let idField = id.map { #""id": "\#($0)", "# } ?? ""
            return
                #"{\#(idField)"owner_id": "u1", "title": "T", "status": {"state": "ready", "playback_url": "\#(url)"}, "created_at": "2024-03-01T12:00:00.000Z"}"#
        }
        let mismatch = try await send(
            backend, "PUT", "/v1/videos/v1", body: video(id: "v2", url: "https://a/b"), token: token)
        #expect(mismatch.status == 422 && mismatch.body.contains(#""field":"id""#), "\(mismatch.body)")
        let withoutID = try await send(
            backend, "PUT", "/v1/videos/v1", body: video(id: nil, url: "https://a/b"), token: token)
        #expect(withoutID.status == 200, "\(withoutID.body)")
        let space = try await send(backend, "PUT", "/v1/videos/v1", body: video(id: "v1", url: "a:b c"), token: token)
        #expect(space.status == 422, "\(space.body)")
    }

    @Test("a body that is not a JSON object is a bad request")
    func notAnObject() async throws {
        let backend = try await BackendProcess.start()
        defer { Task { try? await backend.kill() } }
        for body in ["[]", "null", "42"] {
            let answer = try await send(backend, "POST", "/v1/users", body: body)
            #expect(answer.status == 400, "\(body): \(answer.body)")
        }
    }

    @Test("an entity tag from before a restart never matches after it")
    func etagAcrossRestart() async throws {
        let first = try await BackendProcess.start()
        let before = try await send(first, "GET", "/v1/changes")
        let etag = try #require(before.headers["Etag"] as? String ?? before.headers["ETag"] as? String)
        #expect(try await send(first, "GET", "/v1/changes", headers: ["If-None-Match": etag]).status == 304)
        let port = first.port
        try await first.kill()
        let second = try await BackendProcess.start(arguments: ["--port", String(port)])
        defer { Task { try? await second.kill() } }
        #expect(try await send(second, "GET", "/v1/changes", headers: ["If-None-Match": etag]).status == 200)
    }
}
