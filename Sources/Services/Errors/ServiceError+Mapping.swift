import Models

extension ServiceError {
    /// Maps a rule violation from Models to `.invalidInput` with the same field and reason.
    public init(_ error: ValidationError) {
        self = .invalidInput(field: error.field, reason: error.reason)
    }

    /// Throws `.cancelled` when the current task has been cancelled: call it between units of work
    /// so a cancelled operation stops before committing anything more.
    public static func checkCancellation() throws(ServiceError) {
        if Task.isCancelled { throw .cancelled }
    }

    /// Runs a Models validation and maps its failure to `.invalidInput`.
    public static func validating<T>(_ body: () throws(ValidationError) -> T) throws(ServiceError) -> T {
        do {
            return try body()
        } catch {
            throw ServiceError(error)
        }
    }
}
