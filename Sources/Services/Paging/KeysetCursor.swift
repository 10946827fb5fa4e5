import Foundation
import Models

/// The position after an item in a listing ordered newest first: `(milliseconds DESC, id DESC)`.
///
/// Integrations that store data themselves use it to make opaque, tamper-evident-enough cursors:
/// the encoding carries the listing's scope (e.g. `"feed:<authorID>"`), so a cursor from another
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

    /// The opaque cursor handed to the app: base64url of a small versioned JSON document.
    public var cursor: Cursor {
        let payload = Payload(v: Self.version, s: scope, t: milliseconds, i: id)
        // Encoding a struct of strings and integers cannot fail.
        let data = (try? JSONEncoder().encode(payload)) ?? Data()
        return Cursor(rawValue: Self.base64URL(data))
    }

    /// Decodes a cursor issued for listing `scope`.
    ///
    /// - Throws: `.invalidInput(field: "cursor", ...)` when the cursor is not one this type produced
    ///   or belongs to another listing.
    public init(_ cursor: Cursor, scope: String) throws(ServiceError) {
        guard let data = Self.data(base64URL: cursor.rawValue),
            let payload = try? JSONDecoder().decode(Payload.self, from: data),
            payload.v == Self.version
        else {
            throw .invalidInput(field: "cursor", reason: "is not a cursor this service issued")
        }
        guard payload.s == scope else {
            throw .invalidInput(field: "cursor", reason: "belongs to another listing")
        }
        self.init(scope: payload.s, milliseconds: payload.t, id: payload.i)
    }

    private static let version = 1

    private struct Payload: Codable {
        var v: Int
        var s: String
        var t: Int64
        var i: String
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func data(base64URL text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
