import Services

/// Observations of one store that share their reads: every observation of the same key (an
/// author's first page of a given size) is served by one reader, which reads once per change and
/// hands the value to each of them, so ten screens showing one feed cost a busy store one read per
/// change, not ten.
///
/// Each observation keeps `ServiceObservation.refreshing`'s promise on its own: its first value
/// comes from a read that began after it subscribed (never an older value kept for others), then a
/// value after each change that differs from the last one *it* was given, in commit order. Reads
/// are at least `minimumInterval` apart, but a new observer is read for at once. A failed read
/// fails every observation of its key; when the signal closes (the store stopped) they end. The
/// reader, and its subscription to the signal, stop when the last observation of the key ends.
///
/// Safe to use from any task.
public final class SharedRefreshes<Key: Hashable & Sendable, Value: Equatable & Sendable>: Sendable {
    /// Internal, not private: a test calls in as a stopped reader's late task would.
    let hub: RefreshHub<Key, Value>

    /// Shares reads of the observations `observe(_:read:)` makes, refreshing on `signal`.
    public init(on signal: ChangeSignal, minimumInterval: Duration = .zero) {
        hub = RefreshHub(signal: signal, minimumInterval: minimumInterval)
    }

    /// Observes `read` under `key`: every observation of `key` shares one reader, so `read` must
    /// return the same for each of them (the first observer's is the one called).
    public func observe(
        _ key: Key, read: @escaping @Sendable () async throws(ServiceError) -> Value
    ) -> ServiceObservation<Value> {
        let hub = hub
        return ServiceObservation { continuation in
            let id = await hub.join(key, continuation: continuation, read: read)
            await withTaskCancellationHandler {
                await hub.waitUntilEnded(key, id)
            } onCancel: {
                Task { await hub.leave(key, id) }
            }
        }
    }

    /// How many readers are running now, one per key observed: for tests.
    public var readerCount: Int {
        get async { await hub.readerCount }
    }

    /// How many observations are being served now, over every key: for tests.
    public var observationCount: Int {
        get async { await hub.subscriberCount }
    }
}

/// The readers of a `SharedRefreshes`, one per key, and who is subscribed to each.
///
/// A reader's task calls back with its generation; a call from a stopped reader's task (which may
/// come after a new reader of the same key has started) changes nothing.
actor RefreshHub<Key: Hashable & Sendable, Value: Equatable & Sendable> {
    private struct Subscriber {
        let continuation: ServiceObservation<Value>.Continuation
        /// The first read whose value this subscriber may be given: the next to begin after it joined.
        let firstRead: Int
        var last: Value?
        var ended: CheckedContinuation<Void, Never>?
        var hasEnded = false
    }

    private final class Reader {
        /// Tells this reader from a later one of the same key: the task of a stopped reader may
        /// still call in, and must not touch its successor.
        let generation: Int
        var subscribers: [Int: Subscriber] = [:]
        var nextRead = 0
        /// A subscriber joined since the last read began: read at once.
        var hasNewcomer = false
        let wake: AsyncStream<Void>.Continuation
        var task: Task<Void, Never>?

        init(generation: Int, wake: AsyncStream<Void>.Continuation) {
            self.generation = generation
            self.wake = wake
        }
    }

    private let signal: ChangeSignal
    private let minimumInterval: Duration
    private var readers: [Key: Reader] = [:]
    private var lastSubscriberID = 0
    private var lastGeneration = 0

    init(signal: ChangeSignal, minimumInterval: Duration) {
        self.signal = signal
        self.minimumInterval = minimumInterval
    }

    var readerCount: Int { readers.count }

    /// The generation of the running reader of `key`, or `nil` when none runs: for tests.
    func generation(of key: Key) -> Int? { readers[key]?.generation }

    var subscriberCount: Int { readers.values.reduce(0) { $0 + $1.subscribers.count } }

    func join(
        _ key: Key, continuation: ServiceObservation<Value>.Continuation,
        read: @escaping @Sendable () async throws(ServiceError) -> Value
    ) -> Int {
        lastSubscriberID += 1
        let id = lastSubscriberID
        // A reader whose signal closed (the store stopped) ends once its loop sees it; a store
        // started again meanwhile gets a reader of its own, or the newcomer would never be read for.
        if let ending = readers[key], case .terminated = ending.wake.yield() { endAll(key) }
        let reader = readers[key] ?? startReader(key, read: read)
        reader.subscribers[id] = Subscriber(continuation: continuation, firstRead: reader.nextRead)
        reader.hasNewcomer = true
        reader.wake.yield()
        return id
    }

    func waitUntilEnded(_ key: Key, _ id: Int) async {
        guard let subscriber = readers[key]?.subscribers[id], !subscriber.hasEnded else { return }
        await withCheckedContinuation { readers[key]?.subscribers[id]?.ended = $0 }
    }

    func leave(_ key: Key, _ id: Int) {
        guard let reader = readers[key], let subscriber = reader.subscribers.removeValue(forKey: id) else { return }
        subscriber.ended?.resume()
        if reader.subscribers.isEmpty { stop(key) }
    }

    /// Makes the reader of `key`: it subscribes to the signal now, before its first read, so no
    /// change committed while it reads is missed. A change wakes the reader's loop directly
    /// (`ChangeSignal.forward(to:ended:)`), so a busy store's commits cost its writer no task hop;
    /// when the signal closes (the store stopped), every observation of `key` ends.
    private func startReader(_ key: Key, read: @escaping @Sendable () async throws(ServiceError) -> Value) -> Reader {
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        lastGeneration += 1
        let generation = lastGeneration
        let reader = Reader(generation: generation, wake: wake)
        readers[key] = reader
        let signal = signal
        // The store stopping ends the observations at once, even while the loop waits out the
        // interval (ending the reader cancels that wait).
        signal.forward(to: wake) { [weak self] in Task { await self?.finishAll(key, generation) } }
        reader.task = Task { [weak self] in
            var lastRead: ContinuousClock.Instant?
            for await _ in wakes {
                guard let self, !Task.isCancelled else { return }
                if let lastRead, await !self.hasNewcomer(key, generation) {
                    let wait = lastRead.advanced(by: minimumInterval) - ContinuousClock.now
                    if wait > .zero { try? await Task.sleep(for: wait) }
                }
                // A wake left in the stream when the store stopped is no change to read.
                guard signal.isOpen else { break }
                guard let sequence = await self.beginRead(key, generation), !Task.isCancelled else { return }
                lastRead = ContinuousClock.now
                do throws(ServiceError) {
                    await self.deliver(key, generation, sequence, try await read())
                } catch {
                    await self.failAll(key, generation, error)
                    return
                }
            }
            await self?.finishAll(key, generation)
        }
        return reader
    }

    /// The reader of `key` when it is still the one of `generation`: a stopped reader's task may
    /// call in after a new reader of the same key has started, and must leave it alone.
    private func reader(_ key: Key, _ generation: Int) -> Reader? {
        guard let reader = readers[key], reader.generation == generation else { return nil }
        return reader
    }

    private func hasNewcomer(_ key: Key, _ generation: Int) -> Bool {
        reader(key, generation)?.hasNewcomer ?? false
    }

    /// Numbers the read about to begin, or `nil` when the reader has stopped.
    func beginRead(_ key: Key, _ generation: Int) -> Int? {
        guard let reader = reader(key, generation) else { return nil }
        defer { reader.nextRead += 1 }
        reader.hasNewcomer = false
        return reader.nextRead
    }

    func deliver(_ key: Key, _ generation: Int, _ sequence: Int, _ value: Value) {
        guard let reader = reader(key, generation) else { return }
        for (id, subscriber) in reader.subscribers where subscriber.firstRead <= sequence && subscriber.last != value {
            subscriber.continuation.yield(value)
            reader.subscribers[id]?.last = value
        }
    }

    func failAll(_ key: Key, _ generation: Int, _ error: ServiceError) {
        guard let reader = reader(key, generation) else { return }
        for subscriber in reader.subscribers.values { subscriber.continuation.fail(error) }
        endAll(key)
    }

    /// The signal closed: the store stopped, so every observation of `key` ends. Nothing when the
    /// reader of `generation` was stopped already (its last observation left).
    func finishAll(_ key: Key, _ generation: Int) {
        guard reader(key, generation) != nil else { return }
        endAll(key)
    }

    private func endAll(_ key: Key) {
        guard let reader = readers[key] else { return }
        for id in reader.subscribers.keys {
            reader.subscribers[id]?.hasEnded = true
            reader.subscribers[id]?.ended?.resume()
            reader.subscribers[id]?.ended = nil
        }
        stop(key)
    }

    private func stop(_ key: Key) {
        guard let reader = readers.removeValue(forKey: key) else { return }
        reader.wake.finish()
        reader.task?.cancel()
    }
}
