import Services

extension ServiceError {
    /// The sentence a presenter shows for this error.
    ///
    /// The error's own description names what failed and, where the integration knows it, the
    /// remedy that fits the cause (a full disk, a lock, a damaged file): no generic "try again" is
    /// added, since trying again helps only some causes.
    var userMessage: String {
        switch self {
        case .unauthorized:
            "Not signed in: \(description)"
        case .corruptData:
            "Stored data could not be read. (\(description))"
        case .invalidInput, .notFound, .conflict, .forbidden, .timedOut, .cancelled, .unavailable:
            description
        }
    }
}
