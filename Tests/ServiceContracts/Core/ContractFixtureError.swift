/// A check asked a subject for something its fixture did not declare: a bug in the check's
/// requirements or in the fixture's capabilities.
public enum ContractFixtureError: Error, Hashable, Sendable {
    /// `reopen()` was called on a subject whose fixture lacks `.reopen`.
    case reopenUnsupported
    /// `secondInstance()` was called on a subject whose fixture lacks `.secondInstance`.
    case secondInstanceUnsupported
    /// The other listing was asked of a subject whose fixture lacks `.otherListing`.
    case otherListingUnsupported  // part of: library
    /// `storedItemCount()` was called on a subject whose fixture lacks `.storageInspection`.
    case storageInspectionUnsupported  // part of: hosting
    /// `failProcessing()` was called on a subject whose fixture lacks `.failableProcessing`.
    case failableProcessingUnsupported  // part of: hosting
    /// `observerCount()` was called on a subject whose fixture lacks `.observerCount`.
    case observerCountUnsupported
    /// A crash hook was called on a subject whose fixture lacks `.crashRecovery`.
    case crashRecoveryUnsupported
    /// The documented format was asked of a subject whose fixture lacks `.documentedFormat`.
    case documentedFormatUnsupported
    /// `startOnUnreadableStore()` was called on a subject whose fixture lacks `.unreadableStore`.
    case unreadableStoreUnsupported
    /// Held reads were asked of a subject whose fixture lacks `.heldReads`.
    case heldReadsUnsupported
    /// The expected duration was asked of a subject whose fixture lacks `.knownDuration`.
    case knownDurationUnsupported  // part of: hosting
}
