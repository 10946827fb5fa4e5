extension Array where Element == any CodingKey {
    /// The key path as messages name it, `posts[3].created_at`; empty for the top level.
    public var dottedPath: String {
        var text = ""
        for key in self {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
