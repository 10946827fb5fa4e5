import Services

/// The durability, freshness and format bugs a store can plausibly ship with, each with the checks
/// of every store contract that catch it.
enum StoreDefect: String, CaseIterable, Sendable {
    /// A change is answered once it is in memory, and saved afterwards (an update acknowledged
    /// before its save; a group commit that acknowledges before it writes).
    case acknowledgesBeforeSave
    /// A file that cannot be read is taken for no file: the store starts empty.
    case unreadableTakenForAbsent
    /// The file spells a key of each list otherwise than the documented format, and reads back
    /// what it wrote.
    case misspelledKey
    /// A read that starts after a write joins an identical read sent before it.
    case readJoinsOlderRead

    /// The flaw of the planted store, for the defects it plants.
    var storeFlaw: StoreFlaw {
        switch self {
        case .acknowledgesBeforeSave: .acknowledgesBeforeSave
        case .unreadableTakenForAbsent: .unreadableTakenForAbsent
        case .misspelledKey: .misspelledKey
        case .readJoinsOlderRead: .none
        }
    }

    /// The checks that must fail, by service.
    var caughtBy: [ServiceKind: [String]] {
        let unreadable = "unreadable data stops start with an error naming it, and nothing is created or changed"
        switch self {
        case .acknowledgesBeforeSave:
            return [
                .posts: [
                    "every acknowledged publish and delete survives a crash at the next write",
                    "concurrent publishes when a crash strikes: every acknowledged one is there after it",
                ],
                .users: ["an acknowledged create and display-name update survive a crash at the next write"],
                // begin part of: library
                .library: ["every acknowledged save, update and removal survives a crash at the next write"],
                // end part of: library
            ]
        case .unreadableTakenForAbsent:
            return [
                .posts: [unreadable],
                .users: [unreadable],
                .library: [unreadable],  // part of: library
            ]
        case .misspelledKey:
            return [
                .users: [
                    "a store in the documented format reads as the users it documents",
                    "the users the store writes have the documented format",
                ],
                .posts: [
                    "a store in the documented format reads as the posts it documents",
                    "the posts the store writes have the documented format",
                ],
                // begin part of: library
                .library: [
                    "a store in the documented format reads as the videos it documents",
                    "the videos the store writes have the documented format",
                ],
                // end part of: library
            ]
        case .readJoinsOlderRead:
            return [
                .posts: [
                    "a feed read that starts after a publish returned shows it, while an older identical read is in flight"
                ],
                .users: [
                    "a fetch that starts after an update returned shows it, while an older identical fetch is in flight"
                ],
                // begin part of: library
                .library: [
                    "a listing that starts after a save returned shows it, while an older identical listing is in flight"
                ],
                // end part of: library
            ]
        }
    }
}

// begin part of: hosting
/// The durability, running time and format bugs a video host integration can plausibly ship with.
enum HostDefect: String, CaseIterable, Sendable {
    case acknowledgesDeleteBeforeRemoving
    case truncatesDuration
    case misspelledKey

    /// The flaw of the planted host.
    var flaw: HostFlaw {
        switch self {
        case .acknowledgesDeleteBeforeRemoving: .acknowledgesDeleteBeforeRemoving
        case .truncatesDuration: .truncatesDuration
        case .misspelledKey: .misspelledKey
        }
    }

    /// The hosting checks that must fail.
    var caughtBy: [String] {
        switch self {
        case .acknowledgesDeleteBeforeRemoving:
            ["every acknowledged upload and delete survives a crash at the next write"]
        case .truncatesDuration:
            [
                "a processed video reports its running time to the millisecond",
                "a host holding a record in the documented format reads it as the video it documents",
            ]
        case .misspelledKey:
            [
                "a host holding a record in the documented format reads it as the video it documents",
                "the records the host writes have the documented format",
            ]
        }
    }
}
// end part of: hosting
