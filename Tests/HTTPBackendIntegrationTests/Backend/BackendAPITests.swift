import Foundation
import TestSupport
import Testing

/// `silo-backend`'s API rules that the client never exercises: the order of checks, bodies that
/// are not what a route reads, and entity tags across a restart.
@Suite("silo-backend: API rules")
struct BackendAPITests {
    @Test("the token is checked before the body or the video is looked up")
    func tokenFirst() async throws {
        try await BackendProcess.with { backend in
            let removal = try await backend.exchange("DELETE", "/v1/videos/unknown")
            let save = try await backend.exchange("PUT", "/v1/videos/v1", body: "{}")
            #expect(removal.status == 401 && save.status == 401, "\(removal), \(save)")
        }
    }

    @Test("a PUT body's id must be the path's, and a playback URL is kept exactly or refused")
    func videoBody() async throws {
        try await BackendProcess.with { backend in
            let account = try await backend.signUp("uploader")
            let token = account.accessToken
            func video(id: String?, url: String) -> String {
                let idField = id.map { #""id": "\#($0)", "# } ?? ""
                return
                    #"{\#(idField)"owner_id": "\#(account.userID)", "title": "T", "status": {"state": "ready", "playback_url": "\#(url)"}, "created_at": "2024-03-01T12:00:00.000Z"}"#
            }
            let mismatch = try await backend.exchange(
                "PUT", "/v1/videos/v1", body: video(id: "v2", url: "https://a/b"), token: token)
            #expect(mismatch.status == 422 && mismatch.body.contains(#""field":"id""#), "\(mismatch.body)")
            let withoutID = try await backend.exchange(
                "PUT", "/v1/videos/v1", body: video(id: nil, url: "https://a/b"), token: token)
            #expect(withoutID.status == 200, "\(withoutID.body)")
            let space = try await backend.exchange(
                "PUT", "/v1/videos/v1", body: video(id: "v1", url: "a:b c"), token: token)
            #expect(space.status == 422, "\(space.body)")
        }
    }

    @Test("a body that is not a JSON object is a bad request")
    func notAnObject() async throws {
        try await BackendProcess.with { backend in
            for body in ["[]", "null", "42"] {
                let answer = try await backend.exchange("POST", "/v1/accounts", body: body)
                #expect(answer.status == 400, "\(body): \(answer.body)")
            }
        }
    }

    @Test("an entity tag from before a restart never matches after it")
    func etagAcrossRestart() async throws {
        // A port no other test takes while the backend restarts on it.
        let first = try await BackendProcess.start(arguments: ["--port", String(try QuietPort.find())])
        let before = try await first.exchange("GET", "/v1/changes")
        let etag = try #require(before.header("ETag"))
        #expect(try await first.exchange("GET", "/v1/changes", headers: ["If-None-Match": etag]).status == 304)
        let port = first.port
        try await first.kill()
        try await BackendProcess.with(arguments: ["--port", String(port)]) { second in
            let after = try await second.exchange("GET", "/v1/changes", headers: ["If-None-Match": etag])
            #expect(after.status == 200)
        }
    }

    @Test("every field error is a 422 naming the field: fractional or huge durations, five-digit years, long ids")
    func fieldErrors() async throws {
        try await BackendProcess.with { backend in
            let account = try await backend.signUp("uploader")
            let token = account.accessToken
            func video(_ fields: String) -> String {
                #"{"owner_id": "\#(account.userID)", "title": "T", "status": {"state": "processing"}, \#(fields)}"#
            }
            let date = #""created_at": "2024-03-01T12:00:00.000Z""#
            let cases: [(body: String, path: String, field: String)] = [
                (video(#""duration_ms": 1.5, \#(date)"#), "/v1/videos/v1", "duration_ms"),
                (video(#""duration_ms": 9223372036854775808, \#(date)"#), "/v1/videos/v1", "duration_ms"),
                (video(#""duration_ms": -1, \#(date)"#), "/v1/videos/v1", "duration_ms"),
                (video(#""created_at": "10000-01-01T00:00:00Z""#), "/v1/videos/v1", "created_at"),
                (video(date), "/v1/videos/" + String(repeating: "v", count: 129), "id"),
            ]
            for (body, path, field) in cases {
                let answer = try await backend.exchange("PUT", path, body: body, token: token)
                #expect(answer.status == 422, "\(body): \(answer.status) \(answer.body)")
                #expect(answer.body.contains(#""field":"\#(field)""#), "\(body): \(answer.body)")
            }
            let post = try await backend.exchange(
                "POST", "/v1/posts",
                body: #"{"body": "hi", "video_id": "\#(String(repeating: "v", count: 129))"}"#,
                token: token)
            #expect(post.status == 422 && post.body.contains(#""field":"video_id""#), "\(post.body)")
        }
    }

    @Test("a body that is not JSON is refused with 415 before it is read, not with 408 after waiting for it")
    func wrongContentTypeAtOnce() async throws {
        // Given a backend whose timeouts never pass on their own
        try await BackendProcess.with(arguments: ["--manual-clock"]) { backend in

            // When a request announces a 100-byte form body and sends none of it
            let connection = try RawConnection(port: backend.port)
            connection.send(
                "POST /v1/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: 100\r\n\r\n")

            // Then the answer is 415 at once (the clock never moved, so no timeout can have answered)
            let answer = try await connection.readResponse()
            #expect(answer.hasPrefix("HTTP/1.1 415 "), "\(answer.prefix(300))")
            #expect(answer.contains("application/json"), "\(answer.prefix(300))")
        }
    }
}
