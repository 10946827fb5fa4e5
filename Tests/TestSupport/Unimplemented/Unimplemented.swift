import Services
import Testing

/// Records a test failure naming `member` and returns the error an unimplemented double throws.
///
/// Doubles call it for every requirement the test did not provide, so a feature that reaches a
/// service the test did not expect fails the test instead of passing silently.
func unimplemented(_ member: String) -> ServiceError {
    Issue.record("Unimplemented: \(member) was called but the test did not provide it")
    return .unavailable(reason: "\(member) is unimplemented in this test", retryAfter: nil)
}
