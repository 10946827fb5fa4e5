import GRDB
import IntegrationSupport
import Services

extension Store {
    /// Runs `updates` in a write transaction (committed when it returns, rolled back when it
    /// throws). `meaning` names the failures the caller expects (a taken id, an unknown author).
    nonisolated func write<T: Sendable>(
        meaning: (DatabaseError) -> ServiceError? = { _ in nil },
        _ updates: @escaping @Sendable (Database) throws -> T
    ) async throws(ServiceError) -> T {
        let pool = try await openPool()
        do {
            return try await pool.write(updates)
        } catch {
            throw ServiceError(error, location: location, meaning: meaning)
        }
    }

    /// Runs `value` in a read transaction; it runs beside writes and other reads (WAL).
    nonisolated func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws(ServiceError)
        -> T
    {
        let pool = try await openPool()
        do {
            return try await pool.read(value)
        } catch {
            throw ServiceError(error, location: location)
        }
    }

    /// Observes `value` with GRDB's `ValueObservation`: the current value first, then a fresh one
    /// after each commit that touches what `value` read and changes its result, in commit order.
    ///
    /// It ends when the consumer stops or the integration stops; a failed read fails it. GRDB sees
    /// commits made through this pool only, not those of another process.
    nonisolated func observe<T: Equatable & Sendable>(_ value: @escaping @Sendable (Database) throws -> T)
        -> ServiceObservation<T>
    {
        ServiceObservation { [self] continuation in
            let stopped = lifetime.subscribe()
            let pool: DatabasePool
            do throws(ServiceError) {
                pool = try await openPool()
            } catch {
                continuation.fail(error)
                return
            }
            let location = location
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await _ in stopped {}
                }
                group.addTask {
                    do {
                        for try await current in ValueObservation.tracking(value).removeDuplicates()
                            .values(in: pool)
                        {
                            continuation.yield(current)
                        }
                    } catch  where !Task.isCancelled {
                        continuation.fail(ServiceError(error, location: location))
                    } catch {}
                }
                await group.next()
                group.cancelAll()
            }
        }
    }
}
