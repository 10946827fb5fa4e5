/// A one-way gate: tasks that call `wait()` suspend until `open()` is called; afterwards `wait()`
/// returns at once. Waiting is deliberately not cancellable, so a command blocked on a gate finishes
/// only when the test says so.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters {
            waiter.resume()
        }
        waiters.removeAll()
    }
}
