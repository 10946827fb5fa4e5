/// What `remove-integration` needs from an integration's description in
/// `Sources/App/Integrations/<Name>.swift`, a file `new-integration` writes in one shape:
/// `public static let <property> = IntegrationDescription(name: "<configuration name>", ...`.
struct DescriptionFile {
    /// `jsonFileStore`: how `IntegrationCatalog.all` and `ServiceProvider` name it.
    let propertyName: String
    /// `json`: how configuration (`SILO_POSTS=json`) names it.
    let configurationName: String

    /// Reads the two names from `text`.
    ///
    /// - Throws: a failure naming `path` when it does not have the shape.
    init(text: String, path: String) throws(ToolFailure) {
        guard let property = Self.word(after: "public static let ", in: text, until: " "),
            let configuration = Self.word(after: "name: \"", in: text, until: "\"")
        else {
            throw .failed(
                "\(path) does not declare `public static let <name> = IntegrationDescription(name: \"...\"`; "
                    + "remove the integration by hand (Docs/README.md, \"Make it small\")")
        }
        propertyName = property
        configurationName = configuration
    }

    private static func word(after prefix: String, in text: String, until end: Character) -> String? {
        guard let start = text.range(of: prefix) else { return nil }
        let rest = text[start.upperBound...]
        guard let stop = rest.firstIndex(of: end), stop > rest.startIndex else { return nil }
        return String(rest[..<stop])
    }
}
