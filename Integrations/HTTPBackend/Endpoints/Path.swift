/// Builds endpoint paths.
enum Path {
    /// `value` encoded as one path segment: `/` and every other reserved character is escaped.
    static func segment(_ value: String) -> String {
        PercentEncoding.encode(value)
    }
}
