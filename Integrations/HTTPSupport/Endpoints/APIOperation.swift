/// One operation of an API as its description (an OpenAPI document) declares it: the name it
/// gives it, the method, the path template and the statuses that mean success.
///
/// Each endpoint declares its operation once; the client builds requests from it and accepts the
/// statuses it names, and a test can hold every operation against the API's description.
public struct APIOperation: Sendable, Hashable, CustomStringConvertible {
    /// The description's `operationId`, e.g. `listPosts`; the endpoint type is named after it.
    public let id: String
    /// The method.
    public let method: HTTPMethod
    /// The path template, e.g. `/v1/users/{user_id}/posts`.
    public let path: PathTemplate
    /// The statuses a successful call answers with, e.g. `[201]`.
    public let successStatuses: Set<Int>

    /// An operation named `id`, sent as `method` to `path`, succeeding with `successStatuses`.
    public init(_ id: String, _ method: HTTPMethod, _ path: PathTemplate, success successStatuses: Set<Int>) {
        self.id = id
        self.method = method
        self.path = path
        self.successStatuses = successStatuses
    }

    /// `GET /v1/posts/{post_id}`: how the operation is named in logs and messages.
    public var description: String { "\(method.rawValue) \(path)" }
}
