import Foundation
import Models

/// The position after an item in a listing ordered newest first: `(milliseconds DESC, id DESC)`.
///
/// Integrations that store data themselves use it to make opaque, tamper-evident-enough cursors:
/// the encoding carries the listing's scope (such as `feedScope(_:)`), so a cursor from another
/// listing is rejected, and a garbled cursor is rejected too, both as `.invalidInput` for field
/// `"cursor"`. Keyset paging stays stable while new items arrive: it continues strictly after
/// the last item seen, whatever was inserted before it.
public struct KeysetCursor: Hashable, Sendable {
    /// The listing this cursor belongs to.
    public let scope: String
    /// The sort timestamp of the last item returned, in milliseconds since 1970.
    public let milliseconds: Int64
    /// The id of the last item returned.
    public let id: String

    /// Creates the position after the item with `milliseconds` and `id` in listing `scope`.
    public init(scope: String, milliseconds: Int64, id: String) {
        self.scope = scope
        self.milliseconds = milliseconds
        self.id = id
    }

    /// Whether an item with `milliseconds` and `id` comes after this position in the listing's
    /// newest-first order, i.e. belongs on a later page.
    public func precedes(milliseconds otherMilliseconds: Int64, id otherID: String) -> Bool {
        otherMilliseconds < milliseconds || (otherMilliseconds == milliseconds && otherID < id)
    }

    /// The opaque cursor handed to the app: base64url of a small versioned text record,
    /// `1␊<milliseconds>␊<scope byte count>␊<scope><id>`. The length prefix keeps any scope and id
    /// apart; no JSON coder is involved, which keeps paging cheap.
    public var cursor: Cursor {
        var payload = "\(Self.version)\n\(milliseconds)\n\(scope.utf8.count)\n"
        payload += scope
        payload += id
        return Cursor(rawValue: Self.base64URL(Data(payload.utf8)))
    }

    /// Decodes a cursor issued for listing `scope`.
    ///
    /// - Throws: `.invalidInput(field: "cursor", ...)` when the cursor is not one this type produced
    ///   or belongs to another listing.
    public init(_ cursor: Cursor, scope: String) throws(ServiceError) {
        guard let decoded = Self.decode(cursor.rawValue) else {
            throw .invalidInput(field: "cursor", reason: "is not a cursor this service issued")
        }
        guard decoded.scope == scope else {
            throw .invalidInput(field: "cursor", reason: "belongs to another listing")
        }
        self = decoded
    }

    /// The scope of `authorID`'s post feed: `"posts:<authorID>"`.
    public static func feedScope(_ authorID: User.ID) -> String { "posts:\(authorID.rawValue)" }

    /// The scope of `ownerID`'s video library: `"library:<ownerID>"`.
    public static func libraryScope(_ ownerID: User.ID) -> String { "library:\(ownerID.rawValue)" }  // part of: library

    private static let version = 2

    private static func decode(_ text: String) -> KeysetCursor? {
        guard text.utf8.count <= 4_096, let data = data(base64URL: text) else { return nil }
        let bytes = Array(data)
        var fields: [String] = []
        var start = 0
        // Three newline-terminated header fields: version, milliseconds, scope length.
        while fields.count < 3 {
            guard let end = bytes[start...].firstIndex(of: 0x0A),
                let field = String(bytes: bytes[start..<end], encoding: .utf8)
            else { return nil }
            fields.append(field)
            start = end + 1
        }
        guard Int(fields[0]) == Self.version,
            let milliseconds = Int64(fields[1]),
            let scopeLength = Int(fields[2]), scopeLength >= 0, scopeLength <= bytes.count - start,
            let scope = String(bytes: bytes[start..<start + scopeLength], encoding: .utf8),
            let id = String(bytes: bytes[(start + scopeLength)...], encoding: .utf8), !id.isEmpty
        else { return nil }
        return KeysetCursor(scope: scope, milliseconds: milliseconds, id: id)
    }

    private static func base64URL(_ data: Data) -> String {
        var text = data.base64EncodedString()
        text = String(
            text.unicodeScalars.compactMap { scalar -> Character? in
                switch scalar {
                case "+": "-"
                case "/": "_"
                case "=": nil
                default: Character(scalar)
                }
            }
        )
        return text
    }

    private static func data(base64URL text: String) -> Data? {
        var base64 = String(
            text.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "-": "+"
                case "_": "/"
                default: Character(scalar)
                }
            }
        )
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
