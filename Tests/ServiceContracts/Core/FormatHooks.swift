import Foundation
import Models
import Services

/// A document in an integration's documented format, as the docs show it, with the app models it
/// holds.
public struct FormatSample: Sendable {
    /// Where the document lives (a file under `Docs/`), for messages.
    public let name: String
    /// The document's bytes.
    public let contents: Data
    /// The users it holds.
    public let users: [User]
    /// The posts it holds.
    public let posts: [Post]
    /// The videos it holds (saved videos for a store; hosted videos for a host).
    public let videos: [Video]

    /// Creates a sample.
    public init(name: String, contents: Data, users: [User] = [], posts: [Post] = [], videos: [Video] = []) {
        self.name = name
        self.contents = contents
        self.users = users
        self.posts = posts
        self.videos = videos
    }

    /// Reads the sample document at `path` (relative to the package's root).
    ///
    /// - Parameter file: pass `#filePath` from a file in `Tests/<Target>/…`.
    public static func contents(of path: String, from file: String = #filePath) throws -> Data {
        var root = URL(fileURLWithPath: file)
        while root.pathComponents.count > 1,
            !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
        {
            root.deleteLastPathComponent()
        }
        return try Data(contentsOf: root.appendingPathComponent(path))
    }
}

/// How a fixture shows its documented format to the checks (`.documentedFormat`).
public struct FormatHooks<Subject: Sendable>: Sendable {
    let sample: FormatSample
    let openSample: @Sendable () async throws -> Subject
    let document: @Sendable () async throws -> Data
    let shape: @Sendable (Data, ServiceKind) async throws -> [String]

    /// Creates the hooks.
    ///
    /// - Parameters:
    ///   - sample: the documented example and the models it holds.
    ///   - openSample: a subject on a store that holds exactly the sample document (released by
    ///     the tear-down of the subject it was asked of).
    ///   - document: what the subject's store holds now, in its own format (the file; for a host,
    ///     the record of the newest upload).
    ///   - shape: the lines that describe the part of a document a service writes (its keys and
    ///     the kinds of their values, see `JSONShape`): what the written document must share with
    ///     the sample, whatever ids and times it holds.
    public init(
        sample: FormatSample,
        openSample: @escaping @Sendable () async throws -> Subject,
        document: @escaping @Sendable () async throws -> Data,
        shape: @escaping @Sendable (Data, ServiceKind) async throws -> [String]
    ) {
        self.sample = sample
        self.openSample = openSample
        self.document = document
        self.shape = shape
    }
}

/// The shape of a JSON document: one line per key path with the kinds of values found there
/// (`posts[].created_at: date`), so two documents that hold different data in the same format have
/// the same shape, and a key spelled otherwise, a date written another way or a number where a
/// string belongs shows as a difference.
public enum JSONShape {
    /// The shape of `data`, or of the value under `key` at its top level when given.
    ///
    /// - Throws: when `data` is not JSON.
    public static func lines(of data: Data, under key: String? = nil) throws -> [String] {
        var value = try JSONDecoder().decode(JSONValue.self, from: data)
        if let key {
            guard case .object(let members) = value else { return ["$: not an object"] }
            value = members[key] ?? .null
        }
        var kinds: [String: Set<String>] = [:]
        collect(value, path: key ?? "$", into: &kinds)
        return kinds.keys.sorted().map { "\($0): \(kinds[$0, default: []].sorted().joined(separator: "|"))" }
    }

    private static func collect(_ value: JSONValue, path: String, into kinds: inout [String: Set<String>]) {
        switch value {
        case .object(let members):
            kinds[path, default: []].insert("object")
            for (key, child) in members { collect(child, path: "\(path).\(key)", into: &kinds) }
        case .array(let elements):
            kinds[path, default: []].insert("array")
            for child in elements { collect(child, path: "\(path)[]", into: &kinds) }
        case .string(let text):
            kinds[path, default: []].insert(
                text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil ? "date" : "string")
        case .integer: kinds[path, default: []].insert("integer")
        case .number: kinds[path, default: []].insert("number")
        case .boolean: kinds[path, default: []].insert("boolean")
        case .null: kinds[path, default: []].insert("null")
        }
    }
}

/// Any JSON value, decoded exactly: booleans are never numbers, whole numbers stay integers.
private enum JSONValue: Decodable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case integer(Int64)
    case number(Double)
    case boolean(Bool)
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}
