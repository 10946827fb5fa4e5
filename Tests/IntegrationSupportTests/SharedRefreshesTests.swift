import Services
import TestSupport
import Testing

@testable import IntegrationSupport

/// A store of one number whose reads are counted, and may be held at a gate after they began.
private final class CountedStore: Sendable {
    struct State: Sendable {
        var value = 0
        var reads = 0
        /// Reads wait here after taking the value while this is true.
        var holdsReads = false
        var heldReads = 0
    }

    let signal = ChangeSignal()
    let state = AwaitableState(State())

    func set(_ value: Int) {
        state.update { $0.value = value }
        signal.notify()
    }

    /// An observation of "key" through `shared` that reads this store, collected by a `Watcher`.
    func watch(_ shared: SharedRefreshes<String, Int>) -> Watcher {
        Watcher(shared.observe("key") { () throws(ServiceError) in try await self.read() })
    }

    /// The value when the read began, delivered once the gate (if closed) opens.
    func read() async throws(ServiceError) -> Int {
        let (value, held) = state.update { state in
            state.reads += 1
            if state.holdsReads { state.heldReads += 1 }
            return (state.value, state.holdsReads)
        }
        if held {
            do {
                _ = try await state.wait { !$0.holdsReads }
            } catch {
                throw .cancelled
            }
        }
        return value
    }
}

/// Collects what one observation delivers, so a test can wait for a value.
private final class Watcher: Sendable {
    let values = AwaitableState<[Int]>([])
    let ended = AwaitableState(false)
    let task: Task<Void, Never>

    init(_ observation: ServiceObservation<Int>) {
        let (values, ended) = (values, ended)
        task = Task {
            do {
                for try await value in observation { values.update { $0.append(value) } }
            } catch {
                values.update { $0.append(-1) }
            }
            ended.update { $0 = true }
        }
    }

    func waitFor(_ value: Int) async throws {
        try await HangGuard.run("the value \(value)") { _ = try await self.values.wait { $0.last == value } }
    }

    func waitUntilEnded() async throws {
        try await HangGuard.run("the observation's end") { _ = try await self.ended.wait { $0 } }
    }
}

@Suite("SharedRefreshes: observations of one key share their reads")
struct SharedRefreshesTests {
    @Test("a stopped reader's late calls leave the next reader of its key and its observation alone")
    func stoppedReaderLeavesItsSuccessorAlone() async throws {
        // Given a reader of "key" that stopped when its only observation left, and a new
        // observation of "key" served by a second reader
        let store = CountedStore()
        let shared = SharedRefreshes<String, Int>(on: store.signal)
        let first = store.watch(shared)
        try await first.waitFor(0)
        let stopped = try #require(await shared.hub.generation(of: "key"))
        first.task.cancel()
        try await first.waitUntilEnded()
        try await HangGuard.run("the first reader's stop") {
            while await shared.readerCount > 0 { await Task.yield() }
        }
        let next = store.watch(shared)
        try await next.waitFor(0)
        #expect(await shared.hub.generation(of: "key") != stopped)

        // When the stopped reader's task calls in late, as the scheduler may let it: a read begun
        // and delivered, a failure, and the signal's end
        #expect(await shared.hub.beginRead("key", stopped) == nil)
        await shared.hub.deliver("key", stopped, 0, 42)
        await shared.hub.failAll("key", stopped, .unavailable(reason: "the old read failed", retryAfter: nil))
        await shared.hub.finishAll("key", stopped)

        // Then the new observation was given nothing of it, still runs, and sees the next change
        try #require(await shared.observationCount == 1, "the stopped reader's calls ended the new observation")
        try #require(!next.ended.current)
        #expect(next.values.current == [0])
        store.set(1)
        try await next.waitFor(1)
        #expect(next.values.current == [0, 1])
        #expect(!next.ended.current)
        next.task.cancel()
    }

    @Test("an observation that joins as the last one of its key leaves still gets its first value, 1,000 times")
    func joinAsTheLastLeaves() async throws {
        // The end-to-end form of the check above: whether a stopped reader's tasks run before or
        // after the new observation joins is up to the scheduler, so this tries the handover many
        // times. It adds rounds to what the deterministic check proves; it is not the proof.
        let store = CountedStore()
        let shared = SharedRefreshes<String, Int>(on: store.signal)
        var previous = store.watch(shared)
        try await previous.waitFor(0)
        for round in 1...1_000 {
            previous.task.cancel()
            let next = store.watch(shared)
            let gotValue = try await HangGuard.run("round \(round)'s first value or end") {
                try await withThrowingTaskGroup(of: Bool.self) { group in
                    group.addTask {
                        _ = try await next.values.wait { !$0.isEmpty }; return true
                    }
                    group.addTask {
                        _ = try await next.ended.wait { $0 }; return false
                    }
                    defer { group.cancelAll() }
                    return try await group.next() ?? false
                }
            }
            #expect(gotValue, "round \(round): the new observation ended without a value")
            #expect(next.values.current == [0], "round \(round): \(next.values.current)")
            previous = next
        }
        previous.task.cancel()
    }

    @Test("ten observers of one key cost one read per change, and each sees it")
    func oneReadPerChange() async throws {
        // Given ten observers that have their first value
        let store = CountedStore()
        let shared = SharedRefreshes<String, Int>(on: store.signal)
        let watchers = (0..<10).map { _ in
            store.watch(shared)
        }
        for watcher in watchers { try await watcher.waitFor(0) }
        let readsBefore = store.state.current.reads

        // When the store changes once
        store.set(1)
        for watcher in watchers { try await watcher.waitFor(1) }

        // Then one read served them all
        #expect(store.state.current.reads - readsBefore == 1)
        #expect(await shared.readerCount == 1)
        for watcher in watchers { watcher.task.cancel() }
    }

    @Test("a late observer's first value is read after it joined, never a value read for the others before")
    func lateObserverGetsAFreshRead() async throws {
        // Given an observer, and a read for a change that began (seeing 1) and is held
        let store = CountedStore()
        let shared = SharedRefreshes<String, Int>(on: store.signal)
        let early = store.watch(shared)
        try await early.waitFor(0)
        store.state.update { $0.holdsReads = true }
        store.set(1)
        try await HangGuard.run("the held read") { _ = try await store.state.wait { $0.heldReads == 1 } }

        // When the store changes again, a second observer joins, and the held read goes on
        store.state.update { $0.value = 2 }
        let late = store.watch(shared)
        try await HangGuard.run("the late observer's joining") {
            while await shared.observationCount < 2 { await Task.yield() }
        }
        store.state.update { $0.holdsReads = false }

        // Then the late observer's first value is the current one, and the early one ends there too
        try await late.waitFor(2)
        try await early.waitFor(2)
        #expect(late.values.current == [2], "the late observer was given a value read before it joined")
        #expect(early.values.current == [0, 1, 2])
        early.task.cancel()
        late.task.cancel()
    }

    @Test("when the last observer of a key leaves, its reader and its subscription stop")
    func lastObserverStopsTheReader() async throws {
        let store = CountedStore()
        let shared = SharedRefreshes<String, Int>(on: store.signal)
        let watchers = (0..<3).map { _ in
            store.watch(shared)
        }
        for watcher in watchers { try await watcher.waitFor(0) }
        #expect(store.signal.observerCount == 1)

        for watcher in watchers { watcher.task.cancel() }
        for watcher in watchers { try await watcher.waitUntilEnded() }

        try await HangGuard.run("the reader's stop") {
            while await shared.readerCount > 0 || store.signal.observerCount > 0 { await Task.yield() }
        }
    }

    @Test("a failed read fails every observer of its key; other keys go on")
    func failureFailsTheKey() async throws {
        let store = CountedStore()
        let shared = SharedRefreshes<String, Int>(on: store.signal)
        let failing = (0..<2).map { _ in
            Watcher(
                shared.observe("bad") { () throws(ServiceError) in
                    let value = try await store.read()
                    if value == 1 { throw .unavailable(reason: "the store went away", retryAfter: nil) }
                    return value
                })
        }
        let other = Watcher(shared.observe("good") { () throws(ServiceError) in try await store.read() })
        for watcher in failing + [other] { try await watcher.waitFor(0) }

        store.set(1)

        for watcher in failing { try await watcher.waitFor(-1) }
        try await other.waitFor(1)
        other.task.cancel()
    }

    @Test("when the signal closes (the store stopped), the observations end")
    func closingEnds() async throws {
        let store = CountedStore()
        let shared = SharedRefreshes<String, Int>(on: store.signal)
        let watcher = store.watch(shared)
        try await watcher.waitFor(0)

        store.signal.close()

        try await watcher.waitUntilEnded()
        #expect(watcher.values.current == [0])
    }
}
