/// A check asked a subject for something its fixture did not declare: a bug in the check's
/// requirements or in the fixture's capabilities.
public enum ContractFixtureError: Error, Hashable, Sendable {
    /// `reopen()` was called on a subject whose fixture lacks `.reopen`.
    case reopenUnsupported
    /// `storedItemCount()` was called on a subject whose fixture lacks `.storageInspection`.
    case storageInspectionUnsupported
}
