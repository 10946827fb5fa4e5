/// A path as an API's description writes it, `/v1/posts/{post_id}`: written once, it names the
/// request in logs and is filled in to make the path sent.
public struct PathTemplate: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The template as written.
    public let description: String

    /// A template from its text; `{name}` marks a parameter that fills one whole segment.
    public init(_ text: String) {
        description = text
    }

    /// A template from a literal: `"/v1/users/{user_id}/posts"`.
    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The names of the parameters, in order: `["user_id"]`.
    public var parameterNames: [String] {
        description.split(separator: "/").compactMap(Self.parameterName)
    }

    /// The path with each `{name}` replaced by `values[name]`, percent-encoded as one segment (a
    /// `/` in a value is escaped, so an id never changes which resource is meant).
    ///
    /// - Throws: `.transport` (not transient) naming a parameter that has no value or an empty
    ///   one, or a template that does not start with `/` or puts a parameter in part of a
    ///   segment: the endpoint is built wrong, and nothing is sent.
    public func filled(with values: [String: String]) throws(HTTPFailure) -> String {
        guard description.hasPrefix("/") else { throw Self.wrong("the path \(description) must start with /") }
        var path = ""
        for segment in description.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            path += "/"
            guard let name = Self.parameterName(segment) else {
                guard !segment.contains("{"), !segment.contains("}") else {
                    throw Self.wrong("in the path \(description), a parameter must fill a whole segment: \(segment)")
                }
                path += segment
                continue
            }
            guard let value = values[name], !value.isEmpty else {
                throw .transport(
                    reason: "the path \(description) needs a value for {\(name)}; the endpoint gives none",
                    isTransient: false)
            }
            path += PercentEncoding.encode(value)
        }
        return path
    }

    private static func wrong(_ reason: String) -> HTTPFailure {
        .transport(reason: reason, isTransient: false)
    }

    private static func parameterName(_ segment: Substring) -> String? {
        guard segment.count > 2, segment.hasPrefix("{"), segment.hasSuffix("}") else { return nil }
        return String(segment.dropFirst().dropLast())
    }
}
