/// How `silo` exits: the documented contract scripts can rely on.
enum ExitStatus: Equatable {
    /// The command did what it was asked.
    case success
    /// A service or an integration failed (invalid input included); one line on stderr says why.
    case failure
    /// The command line or the configuration was malformed (BSD `EX_USAGE`).
    case usage
    /// A signal stopped the command after it cleaned up: 128 + the signal number (130 for SIGINT).
    case interrupted(signal: Int32)

    /// The process exit status.
    var code: Int32 {
        switch self {
        case .success: 0
        case .failure: 1
        case .usage: 64
        case .interrupted(let signal): 128 + signal
        }
    }
}
