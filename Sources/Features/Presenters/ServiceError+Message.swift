import Services

extension ServiceError {
    /// The sentence a presenter shows for this error.
    var userMessage: String {
        switch self {
        case .invalidInput, .notFound, .conflict, .timedOut, .cancelled:
            description
        case .unauthorized:
            "Please sign in again. (\(description))"
        case .unavailable:
            "Something is temporarily unavailable; try again. (\(description))"
        case .corruptData:
            "Stored data could not be read. (\(description))"
        }
    }
}
