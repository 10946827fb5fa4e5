import Foundation

/// The operations `Docs/openapi.yaml` declares, read from the file: for each, its `operationId`,
/// method, path and the statuses below 400 it answers with.
///
/// It reads only the shape that file has (`paths:` at the top level, two spaces per level), not
/// YAML in general: the test that uses it fails, naming the line, on anything it cannot read.
struct APIDescription {
    /// One operation as the document declares it.
    struct Operation: Equatable, CustomStringConvertible {
        var id: String
        var method: String
        var path: String
        var successStatuses: Set<Int>

        var description: String { "\(id) (\(method) \(path), success \(successStatuses.sorted()))" }
    }

    /// The operations, in the order the document declares them.
    let operations: [Operation]

    /// What the document says that could not be read.
    struct Unreadable: Error, CustomStringConvertible {
        var line: Int
        var reason: String

        var description: String { "Docs/openapi.yaml:\(line): \(reason)" }
    }

    /// Reads `text`, the document.
    init(_ text: String) throws {
        var operations: [Operation] = []
        var path: String?
        var current: Operation?
        var inResponses = false
        var inPaths = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == " " }.count
            let content = Self.withoutComment(line.dropFirst(indent))
            if content.isEmpty || content.hasPrefix("#") { continue }
            if indent == 0 {
                inPaths = content == "paths:"
                continue
            }
            guard inPaths else { continue }
            switch indent {
            case 2:
                guard content.hasPrefix("/"), content.hasSuffix(":") else {
                    throw Unreadable(line: index + 1, reason: "expected a path such as '/v1/posts:'")
                }
                path = String(content.dropLast())
            case 4:
                if let finished = current { operations.append(finished) }
                current = nil
                guard content.hasSuffix(":") else { continue }
                let key = String(content.dropLast())
                if ["parameters", "summary", "description", "servers"].contains(key) { continue }
                let method = key.uppercased()
                guard ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(method), let path else {
                    throw Unreadable(
                        line: index + 1, reason: "'\(key)' is not a method the API uses (or this reader knows)")
                }
                current = Operation(id: "", method: method, path: path, successStatuses: [])
                inResponses = false
            case 6:
                inResponses = content == "responses:"
                if content.hasPrefix("operationId: ") {
                    current?.id = String(content.dropFirst("operationId: ".count))
                }
            case 8 where inResponses:
                let code = content.trimmingCharacters(in: CharacterSet(charactersIn: "\":"))
                guard let status = Int(code) else {
                    throw Unreadable(line: index + 1, reason: "expected a status such as '\"200\":'")
                }
                if status < 400 { current?.successStatuses.insert(status) }
            default:
                continue
            }
        }
        if let finished = current { operations.append(finished) }
        self.operations = operations
    }

    /// `line` without a trailing `# comment` (a `#` inside quotes is kept) or trailing spaces.
    private static func withoutComment(_ line: Substring) -> Substring {
        var quote: Character?
        var end = line.endIndex
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", index == line.startIndex || line[line.index(before: index)] == " " {
                end = index
                break
            }
        }
        var kept = line[..<end]
        while kept.last == " " { kept = kept.dropLast() }
        return kept
    }
}
