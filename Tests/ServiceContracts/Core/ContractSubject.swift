/// A service under test, made fresh by a fixture for one contract check.
public protocol ContractSubject: Sendable {
    /// Releases everything the subject holds (closes databases, removes temporary files).
    /// Called once after the check, whether it passed or not.
    func tearDown() async
}
