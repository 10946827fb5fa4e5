/// The rule every identifier the app stores or passes on keeps, whoever made it (a store, a video
/// host, a client): so one that is empty, huge or holds control characters is refused at the
/// boundary, by every integration alike, before anything stores it.
public enum IdentifierRules {
    /// The most UTF-8 bytes an identifier may hold: 128, room for any UUID or vendor id.
    public static let byteLimit = 128

    /// Returns `raw` after checking it is a usable identifier.
    ///
    /// - Throws: `ValidationError` for `field` when `raw` is empty, longer than 128 UTF-8 bytes, or
    ///   holds whitespace, a control character or a bidirectional control.
    public static func validated(_ raw: String, field: String) throws(ValidationError) -> String {
        if raw.isEmpty {
            throw ValidationError(field: field, reason: "must not be empty")
        }
        if raw.utf8.count > byteLimit {
            throw ValidationError(field: field, reason: "must be at most \(byteLimit) bytes")
        }
        // Visible ASCII (every UUID, most vendor ids) holds none of what the checks below look for,
        // which cost a Unicode property lookup per scalar: a store loading 10,000 posts reads 20,000 ids.
        if raw.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return raw }
        if raw.unicodeScalars.contains(where: { $0.properties.isWhitespace || TextRules.isControl($0) }) {
            throw ValidationError(field: field, reason: "must not contain spaces or control characters")
        }
        if raw.unicodeScalars.contains(where: TextRules.isBidirectionalControl) {
            throw ValidationError(field: field, reason: "must not contain bidirectional controls")
        }
        return raw
    }

    /// Returns `id` after checking its raw value; see `validated(_:field:)`.
    public static func validated<Subject>(_ id: Identifier<Subject>, field: String) throws(ValidationError)
        -> Identifier<Subject>
    {
        Identifier(try validated(id.rawValue, field: field))
    }
}
