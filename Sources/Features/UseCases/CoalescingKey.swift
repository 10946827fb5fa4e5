/// Builds unambiguous coalescing keys from raw fields.
///
/// Each field is written as `<UTF-8 length>:<field>`, so no choice of field values can make two
/// different requests produce the same key (a plain `a|b` join would let author `a|1` collide with
/// author `a` and a cursor starting `1`).
enum CoalescingKey {
    /// The key for a use case named `kind` with `fields`.
    static func make(_ kind: String, _ fields: String...) -> String {
        fields.reduce(into: kind) { key, field in
            key += "|\(field.utf8.count):\(field)"
        }
    }
}
