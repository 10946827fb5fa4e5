/// Something a contract check needs from a fixture beyond a fresh service.
///
/// A fixture declares what it can do; checks that need more are filtered out of its case list
/// and reported as cancelled by `ServiceContract.cancelUnsupportedChecks(for:)`.
public enum ContractCapability: String, Hashable, Sendable, CaseIterable, Comparable {
    /// The fixture can close the service and open it again on the same data (stores on disk, a
    /// vendor that keeps your media).
    case reopen
    /// The fixture hands the `ContractClock` it is given to the integration as its wall clock, so
    /// every `createdAt` the service stamps is the clock's reading: ties and order are decided by
    /// the check, never by two writes happening to land in the same millisecond.
    case injectedClock
    /// The fixture can open a second service instance on the same data (a second connection, a
    /// second process, a second client) while the first stays open: races between instances.
    case secondInstance
    /// The subject also carries the same integration's other listing (the video library beside the
    /// post feed, and the reverse), so a cursor from one can be handed to the other.
    case otherListing  // part of: library
    /// The fixture can advance the service's processing clock (video hosts simulate processing time).
    case controlledClock  // part of: hosting
    /// The fixture can count what the service holds in its own storage (to prove nothing was left).
    case storageInspection  // part of: hosting
    /// The fixture can tell the host that processing of the next uploads fails.
    case failableProcessing  // part of: hosting

    /// The fixture can count the observations its store is running (`ChangeSignal.observerCount`),
    /// to prove that a cancelled observation left nothing behind.
    case observerCount
    /// The fixture can crash the store at its next durable write (no clean stop, nothing written
    /// from then on) and open what is on disk: every acknowledged change must be there.
    case crashRecovery
    /// The integration has a documented on-disk or wire format: the fixture declares the sample
    /// document the docs show, opens a store holding it, and shows what the store wrote.
    case documentedFormat
    /// The fixture can make the store's data unreadable (an I/O error, not a missing file) and
    /// start on it: the start must fail with a clear error and create nothing.
    case unreadableStore
    /// The fixture can hold every read the service sends until released (a slow answer), so a
    /// check decides how long an older read stays in flight.
    case heldReads
    /// The fixture knows the running time the host reports for a file of a given size, to the
    /// millisecond.
    case knownDuration  // part of: hosting
    /// The authentication service signs in with a password checked by a server (a `.password`
    /// flow): checks of wrong, missing and short passwords.
    case passwords  // part of: authentication
    /// The authentication service signs in on the device by handle alone (a `.deviceLocal` flow).
    case deviceLocalSignIn  // part of: authentication
    /// Orders capabilities by name, for stable messages.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
