/// A dictionary that remembers which keys changed since it was last asked: what lets a file-backed
/// store save only what changed (`ModelStore.takeChanges()`) instead of everything.
///
/// Every way of changing it records the key, so no change can be left out of a save; replacing the
/// whole content (`replaceAll(with:)`) records that instead, and the next save is a full one.
struct TrackedTable<Key: Hashable & Sendable, Value: Sendable> {
    /// The keys changed since the last `takeChanges()`, and whether everything was replaced.
    struct Changes {
        /// Each changed key with its value now, `nil` when it was removed.
        var changed: [Key: Value?] = [:]
        /// Everything was replaced: only a full save can hold the change.
        var isReplaced = false
    }

    private(set) var all: [Key: Value] = [:]
    private var changedKeys: Set<Key> = []
    private var isReplaced = false

    /// The values, in no order.
    var values: Dictionary<Key, Value>.Values { all.values }
    /// How many values it holds.
    var count: Int { all.count }

    subscript(key: Key) -> Value? {
        get { all[key] }
        set {
            all[key] = newValue
            changedKeys.insert(key)
        }
    }

    /// Removes and returns the value for `key`, if any.
    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        let removed = all.removeValue(forKey: key)
        if removed != nil { changedKeys.insert(key) }
        return removed
    }

    /// Replaces everything with `values`.
    mutating func replaceAll(with values: [Key: Value]) {
        all = values
        changedKeys.removeAll()
        isReplaced = true
    }

    /// What changed since the last call, and forgets it.
    mutating func takeChanges() -> Changes {
        defer {
            changedKeys.removeAll(keepingCapacity: true)
            isReplaced = false
        }
        guard !isReplaced else { return Changes(isReplaced: true) }
        var changes = Changes()
        for key in changedKeys { changes.changed[key] = .some(all[key]) }
        return changes
    }
}
