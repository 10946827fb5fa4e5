/// The three spellings of the app's name a rename replaces, each by its own: `SILO` by `ACME`,
/// `Silo` by `Acme`, `silo` by `acme`. Mixed spellings (`sIlo`) are left alone.
struct NameForms {
    /// The name being replaced, as the package spells it.
    let old: String
    /// The name it becomes.
    let new: String

    private var pairs: [(from: String, to: String)] {
        [(old.uppercased(), new.uppercased()), (old, new), (old.lowercased(), new.lowercased())]
    }

    /// `text` with each spelling of `old` replaced by the same spelling of `new`, scanning left to
    /// right so a replacement is never replaced again.
    func replacing(in text: String) -> String {
        var result = ""
        var rest = text[...]
        while !rest.isEmpty {
            if let pair = pairs.first(where: { rest.hasPrefix($0.from) }) {
                result += pair.to
                rest = rest.dropFirst(pair.from.count)
            } else {
                result.append(rest.removeFirst())
            }
        }
        return result
    }
}
