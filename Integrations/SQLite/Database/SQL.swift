/// The text of an SQL statement, made only of string literals written in this integration.
///
/// There is no initialiser from a `String` and no string interpolation: every value reaches SQL
/// through a `?` placeholder and `SQLiteBindable`, never by splicing, and the compiler enforces it.
/// Fragments compose with `+`, so a record can declare its column list once
/// (`PostRecord.columns`) and every query reuse it.
struct SQL: ExpressibleByStringLiteral, Hashable, Sendable, CustomStringConvertible {
    /// The statement's text.
    let text: String

    /// SQL from a literal.
    init(stringLiteral value: StaticString) {
        text = value.description
    }

    private init(text: String) {
        self.text = text
    }

    /// The two fragments, one after the other.
    static func + (lhs: SQL, rhs: SQL) -> SQL {
        SQL(text: lhs.text + rhs.text)
    }

    /// The statement's text.
    var description: String { text }
}
