import Foundation

/// A task executor with one thread of its own: a task that prefers it runs its nonisolated code
/// there, so a synchronous callback inside that code may block (a test holding an upload inside
/// its progress report) without taking a thread from Swift's cooperative pool.
///
/// Use it as `Task(executorPreference: executor) { ... }`, and call `shutDown()` when done: the
/// thread ends once the jobs already enqueued have run.
///
/// `@unchecked Sendable` is safe: `jobs` and `isShutDown` are only touched while holding
/// `condition`'s lock.
public final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var isShutDown = false

    /// Starts the executor's thread, named `name` (shown by debuggers).
    public init(name: String = "ThreadExecutor") {
        let thread = Thread { [self] in runJobs() }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Queues `job` to run on the executor's thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// This executor, as the runtime refers to it.
    public func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
    }

    /// Lets the thread end once it has run the jobs already enqueued.
    public func shutDown() {
        condition.lock()
        isShutDown = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty && !isShutDown { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
