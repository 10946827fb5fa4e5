/// The version `silo --version` prints.
enum Version {
    static let current = "1.0.0"
}
