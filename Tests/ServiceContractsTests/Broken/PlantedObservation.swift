import Foundation
import IntegrationSupport
import Models
import Services

/// The mistakes an observation of a listing (a feed, a library) can plausibly ship with.
enum ObservationFlaw: Sendable {
    case none
    /// Delivers an empty page first instead of the current one.
    case startsEmpty
    /// Refreshes only after removals through this instance.
    case missesAdditions
    /// Refreshes only after additions and updates through this instance.
    case missesRemovals
    /// Refreshes only after writes through this instance, never another's.
    case missesOtherInstances
    /// Delivers the first value and one change, then nothing more.
    case stopsAfterFirstChange
    /// Delivers each value, then the one before it again.
    case deliversOutOfOrder
    /// Lists every owner's items, not only the observed owner's.
    case seesOtherOwners
    /// Delivers a value after every change anywhere, changed or not.
    case repeatsUnchangedValues
    /// Keeps observing in a task nobody cancels after the consumer has gone.
    case leaksWhenCancelled
    /// Clamps an invalid page size instead of failing.
    case ignoresPageSize
}

/// Builds broken observations of one owner's first page over a correct base service, and hears
/// about the writes made through the broken service so the flaws can miss some of them.
///
/// `Shared` is shared by the instances of one broken store; each instance has its own signals.
struct PlantedObserver<Item: Sendable & Equatable>: Sendable {
    /// A signal for every write through any instance of one broken store.
    final class Shared: Sendable {
        let changes = ChangeSignal()
    }

    typealias Observe = @Sendable (User.ID, Int) -> ServiceObservation<Page<Item>>
    typealias Read = @Sendable (User.ID, Int) async throws(ServiceError) -> Page<Item>
    typealias ReadEveryone = @Sendable (Int) async throws(ServiceError) -> Page<Item>

    let flaw: ObservationFlaw
    let shared: Shared
    let observe: Observe
    let read: Read
    let readEveryone: ReadEveryone
    private let additions = ChangeSignal()
    private let removals = ChangeSignal()
    private let ownWrites = ChangeSignal()

    init(
        _ flaw: ObservationFlaw, shared: Shared, observe: @escaping Observe, read: @escaping Read,
        readEveryone: @escaping ReadEveryone
    ) {
        self.flaw = flaw
        self.shared = shared
        self.observe = observe
        self.read = read
        self.readEveryone = readEveryone
    }

    /// Tells the observer that an item was added or updated through this instance.
    func didAdd() {
        for signal in [additions, ownWrites, shared.changes] { signal.notify() }
    }

    /// Tells the observer that an item was removed through this instance.
    func didRemove() {
        for signal in [removals, ownWrites, shared.changes] { signal.notify() }
    }

    /// The observation of `owner`'s first page, with the flaw.
    func observation(of owner: User.ID, pageSize: Int) -> ServiceObservation<Page<Item>> {
        let read = read
        let readOwn: @Sendable () async throws(ServiceError) -> Page<Item> = { () throws(ServiceError) in
            try await read(owner, pageSize)
        }
        switch flaw {
        case .none: return observe(owner, pageSize)
        case .startsEmpty:
            return relay(observe(owner, pageSize)) {
                var isFirst = true
                return { value, continuation in
                    continuation.yield(isFirst ? Page(items: [], nextCursor: nil) : value)
                    isFirst = false
                }
            }
        case .missesAdditions: return .refreshing(on: removals, read: readOwn)
        case .missesRemovals: return .refreshing(on: additions, read: readOwn)
        case .missesOtherInstances: return .refreshing(on: ownWrites, read: readOwn)
        case .stopsAfterFirstChange:
            return relay(observe(owner, pageSize)) {
                var delivered = 0
                return { value, continuation in
                    if delivered < 2 { continuation.yield(value) }
                    delivered += 1
                }
            }
        case .deliversOutOfOrder:
            return relay(observe(owner, pageSize)) {
                var previous: Page<Item>?
                return { value, continuation in
                    continuation.yield(value)
                    if let previous { continuation.yield(previous) }
                    previous = value
                }
            }
        case .seesOtherOwners:
            let readEveryone = readEveryone
            return .refreshing(on: shared.changes) { () throws(ServiceError) in try await readEveryone(pageSize) }
        case .repeatsUnchangedValues: return everyChange(readOwn)
        case .leaksWhenCancelled: return leaking(observe(owner, pageSize))
        case .ignoresPageSize: return observe(owner, min(max(pageSize, 1), 100))
        }
    }

    /// `base`, with each value handed to a delivery closure made once per iteration.
    private func relay(
        _ base: ServiceObservation<Page<Item>>,
        _ makeDelivery: @escaping @Sendable () -> (Page<Item>, ServiceObservation<Page<Item>>.Continuation) -> Void
    ) -> ServiceObservation<Page<Item>> {
        ServiceObservation { continuation in
            let deliver = makeDelivery()
            var values = base.makeAsyncIterator()
            do throws(ServiceError) {
                while let value = try await values.next() { deliver(value, continuation) }
            } catch {
                continuation.fail(error)
            }
        }
    }

    /// Reads and delivers after every change to the store, whoever's it was and whatever it changed.
    private func everyChange(
        _ read: @escaping @Sendable () async throws(ServiceError) -> Page<Item>
    ) -> ServiceObservation<Page<Item>> {
        let changes = shared.changes
        return ServiceObservation { continuation in
            var wakes = changes.subscribe().makeAsyncIterator()
            do throws(ServiceError) {
                continuation.yield(try await read())
                while await wakes.next() != nil {
                    continuation.yield(try await read())
                }
            } catch {
                continuation.fail(error)
            }
        }
    }

    /// `base` consumed by a detached task that outlives the consumer.
    private func leaking(_ base: ServiceObservation<Page<Item>>) -> ServiceObservation<Page<Item>> {
        ServiceObservation { continuation in
            Task.detached {
                var values = base.makeAsyncIterator()
                while let value = try? await values.next() { continuation.yield(value) }
            }
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(10)) }
        }
    }
}
