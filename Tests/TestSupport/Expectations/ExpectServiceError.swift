import Services
import Testing

/// Expects `body` to throw a `ServiceError` of `kind`, recording an issue at the caller's line
/// otherwise, and returns the error for further checks.
///
/// - Returns: the thrown error, or `nil` when `body` returned or threw another kind.
@discardableResult
public func expectServiceError<T>(
    _ kind: ServiceError.Kind,
    _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    performing body: () async throws(ServiceError) -> T
) async -> ServiceError? {
    do {
        let value = try await body()
        Issue.record(
            Comment(rawValue: "Expected ServiceError.\(kind.rawValue), got a result: \(value)" + suffix(comment())),
            sourceLocation: sourceLocation
        )
        return nil
    } catch {
        if error.kind != kind {
            Issue.record(
                Comment(rawValue: "Expected ServiceError.\(kind.rawValue), got \(error)" + suffix(comment())),
                sourceLocation: sourceLocation
            )
            return nil
        }
        return error
    }
}

/// Expects `body` to throw `.invalidInput` naming `field`, recording an issue at the caller's line
/// otherwise.
public func expectInvalidInput<T>(
    field: String,
    _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    performing body: () async throws(ServiceError) -> T
) async {
    let error = await expectServiceError(.invalidInput, comment(), sourceLocation: sourceLocation, performing: body)
    if let error, error.field != field {
        Issue.record(
            Comment(rawValue: "Expected invalid input for field \"\(field)\", got \(error)" + suffix(comment())),
            sourceLocation: sourceLocation
        )
    }
}

private func suffix(_ comment: Comment?) -> String {
    comment.map { " (\($0.rawValue))" } ?? ""
}
