/// A first-in, first-out queue with amortised O(1) enqueue and dequeue.
///
/// Elements live in an array read from a moving head index; the consumed prefix is dropped once it
/// makes up more than half of the storage, so dequeuing never shifts the remaining elements one by
/// one. Not thread-safe: its owner confines it (`SlotGate`, under its lock).
struct FIFOQueue<Element> {
    private var storage: [Element] = []
    private var head = 0

    /// The number of elements not yet dequeued.
    var count: Int { storage.count - head }

    /// Whether every enqueued element has been dequeued.
    var isEmpty: Bool { head == storage.count }

    /// Appends `element` at the back.
    mutating func enqueue(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the front element, or `nil` when the queue is empty.
    mutating func dequeue() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
