import Testing

@testable import HTTPSupport

/// A path template is written once and filled in: each value one encoded segment.
@Suite("Path templates")
struct PathTemplateTests {
    @Test("each parameter is filled with its value, encoded as one segment")
    func filled() throws {
        let template: PathTemplate = "/v1/users/{user_id}/posts/{post_id}"
        #expect(template.parameterNames == ["user_id", "post_id"])
        let path = try template.filled(with: ["user_id": "a/b?c", "post_id": "é #1"])
        #expect(path == "/v1/users/a%2Fb%3Fc/posts/%C3%A9%20%231")
    }

    @Test("a template without a leading slash, or with a parameter in part of a segment, is refused")
    func malformed() {
        #expect(throws: HTTPFailure.transport(reason: "the path v1/health must start with /", isTransient: false)) {
            try PathTemplate("v1/health").filled(with: [:])
        }
        let partial = HTTPFailure.transport(
            reason: "in the path /v1/posts/{post_id}.json, a parameter must fill a whole segment: {post_id}.json",
            isTransient: false)
        #expect(throws: partial) { try PathTemplate("/v1/posts/{post_id}.json").filled(with: ["post_id": "p"]) }
    }

    @Test("a template without parameters is its own path")
    func literal() throws {
        #expect(try PathTemplate("/v1/health").filled(with: [:]) == "/v1/health")
    }

    @Test(
        "a parameter with no value, or an empty one, fails naming it; nothing is sent",
        arguments: [[:], ["post_id": ""]])
    func missing(_ values: [String: String]) {
        #expect(
            throws: HTTPFailure.transport(
                reason: "the path /v1/posts/{post_id} needs a value for {post_id}; the endpoint gives none",
                isTransient: false)
        ) {
            try PathTemplate("/v1/posts/{post_id}").filled(with: values)
        }
    }
}
