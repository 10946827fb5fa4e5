import Foundation
import TestSupport

/// The wall clock a contract check hands to a fixture that declares `.injectedClock`: the
/// fixture passes `now` to the integration as the source of every `createdAt`.
///
/// Two modes, chosen by the check:
/// - `.ticking`: every reading is 1 ms after the previous one, so items are strictly ordered by
///   when they were written and no two share an instant.
/// - `.manual`: the clock stands still until the check moves it (`advance(by:)`, `set(_:)`), so a
///   check makes ties on purpose and knows the exact `createdAt` a service must stamp, however
///   many times the service reads the clock.
///
/// Readings are whole milliseconds, the precision every store keeps. Safe to read from any task.
public final class ContractClock: Sendable {
    /// How the clock moves.
    public enum Mode: Sendable {
        /// Each reading advances the clock by 1 ms.
        case ticking
        /// The clock moves only when the check moves it.
        case manual
    }

    /// Where every contract clock starts: 2024-03-01T12:00:00Z.
    public static let start = Date(millisecondsSince1970: 1_709_294_400_000)

    /// How the clock moves.
    public let mode: Mode
    private let milliseconds: Locked<Int64>

    /// Creates a clock at `start` in `mode`.
    public init(mode: Mode, start: Date = ContractClock.start) {
        self.mode = mode
        milliseconds = Locked(start.millisecondsSince1970)
    }

    /// The current instant; in `.ticking` mode the clock then moves on by 1 ms.
    @Sendable public func now() -> Date {
        let reading = milliseconds.withLock { value in
            defer { if mode == .ticking { value += 1 } }
            return value
        }
        return Date(millisecondsSince1970: reading)
    }

    /// The instant the next reading returns (in `.manual` mode, every reading until the clock moves).
    public var current: Date { Date(millisecondsSince1970: milliseconds.current) }

    /// Moves the clock forward by `duration`, rounded to whole milliseconds.
    public func advance(by duration: Duration) {
        milliseconds.withLock { $0 += duration.wholeMilliseconds }
    }

    /// Sets the clock to `date`, rounded to whole milliseconds; it may move backwards.
    public func set(_ date: Date) {
        milliseconds.withLock { $0 = date.millisecondsSince1970 }
    }
}
