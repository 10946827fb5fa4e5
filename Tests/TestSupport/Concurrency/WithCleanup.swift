/// Runs `body`, then awaits `cleanup`, also when `body` throws, and returns what `body` returned.
///
/// The `defer` an async test needs to stop what it started: a `defer` cannot await, and a `Task`
/// started in one may not run before the test process exits, so a test that stops a server or an
/// integration there has not waited for it to stop.
public func withCleanup<Value>(
    _ body: () async throws -> Value,
    cleanup: () async -> Void
) async throws -> Value {
    let value: Value
    do {
        value = try await body()
    } catch {
        await cleanup()
        throw error
    }
    await cleanup()
    return value
}
