/// The known name a mistyped one most likely meant, for "did you mean …?" hints: a command
/// (`silo fed`), an option (`--prot`), a setting (`SILO_POST`).
public enum ClosestName {
    /// The candidate nearest to `typed` (ignoring case) when it is near enough to be a typo: at
    /// most one edit per three characters of `typed`, and at least one. The first of equally near
    /// candidates wins; `nil` when none is near.
    public static func to(_ typed: String, among candidates: some Sequence<String>) -> String? {
        let typedCharacters = Array(typed.lowercased())
        let allowed = max(1, typedCharacters.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typedCharacters, Array(candidate.lowercased()))
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// How many insertions, deletions, substitutions and swaps of neighbours turn `a` into `b`
    /// (optimal string alignment).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
