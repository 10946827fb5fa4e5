/// How `silo` exits: the documented contract scripts can rely on.
enum ExitStatus: Int32 {
    /// The command did what it was asked.
    case success = 0
    /// A service or an integration failed (invalid input included); one line on stderr says why.
    case failure = 1
    /// The command line or the configuration was malformed (BSD `EX_USAGE`).
    case usage = 64
}
