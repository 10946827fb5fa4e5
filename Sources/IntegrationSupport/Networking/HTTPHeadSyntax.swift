import Foundation

/// What a head of HTTP/1.x says the same way in a request and in a response: its header fields,
/// tokens, decimal lengths and whether the connection stays open. A server reads request heads with
/// it, and HTTPSupport's socket transport reads response heads.
public enum HTTPHeadSyntax {
    /// Why a header field line was refused.
    public enum FieldError: Error, Equatable, Sendable {
        /// The line is not `Name: value` with a token for a name (a folded line is not either).
        case malformed
        /// The value of field `name` holds a control character other than a tab.
        case controlCharacters(name: String)
    }

    /// The fields of `lines` (the head's lines after its first), by lowercased name; a repeated
    /// field's values are joined with `, `.
    ///
    /// - Throws: `FieldError` for the first line that is not a valid field.
    public static func fields(_ lines: some Sequence<Substring>) throws(FieldError) -> [String: String] {
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), isToken(line[..<colon]) else { throw .malformed }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
            guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
                throw .controlCharacters(name: name)
            }
            fields[name] = fields[name].map { "\($0), \(value)" } ?? value
        }
        return fields
    }

    /// Whether `text` is a token (RFC 9110 §5.6.2), as a method or a field name must be.
    public static func isToken(_ text: some StringProtocol) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (0x21...0x7E).contains(byte) && !"\"(),/:;<=>?@[\\]{}".utf8.contains(byte)
            }
    }

    /// The number `text` is when it is one decimal number of at most 18 digits (a
    /// `Content-Length`), else `nil`: no sign, no spaces, no list.
    public static func decimal(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(text)
    }

    /// Whether the connection stays open after a message of `version` (`HTTP/1.1`, `HTTP/1.0`)
    /// with these `fields`: HTTP/1.1 unless `Connection` lists `close`, HTTP/1.0 only when it
    /// lists `keep-alive`.
    public static func keepsAlive(version: some StringProtocol, fields: [String: String]) -> Bool {
        let options = Set(
            (fields["connection"] ?? "").lowercased().split(separator: ",").map {
                $0.trimmingCharacters(in: [" ", "\t"])
            })
        return version == "HTTP/1.0" ? options.contains("keep-alive") : !options.contains("close")
    }
}
