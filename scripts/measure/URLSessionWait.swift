// scripts/remove-integration deletes this file with the integration it is part of: HTTPBackend
// What a URLSession request costs in CPU while it waits for an answer that never comes: on a
// connection opened for it, and on a kept-alive connection an earlier request opened. Run by
// scripts/measure-urlsession-wait; prints one line per case.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let port = CommandLine.arguments[1]
let seconds = Double(CommandLine.arguments[2]) ?? 6

/// The CPU time this process has used, user and system.
func cpuSeconds() -> Double {
    Double(clock()) / Double(CLOCKS_PER_SEC)
}

/// Sends a `GET` to `path` and waits for its answer, or for `deadline` seconds (the server's
/// `/silent` never answers; the request is then cancelled).
func get(_ path: String, on session: URLSession, deadline: Double) {
    let done = DispatchSemaphore(value: 0)
    let task = session.dataTask(with: URL(string: "http://127.0.0.1:\(port)\(path)")!) { _, _, _ in done.signal() }
    task.resume()
    if done.wait(timeout: .now() + deadline) == .timedOut {
        task.cancel()
        done.wait()
    }
}

for warm in [false, true] {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = seconds + 60
    let session = URLSession(configuration: configuration)
    if warm { get("/ok", on: session, deadline: 5) }
    let before = cpuSeconds()
    get("/silent", on: session, deadline: seconds)
    let used = cpuSeconds() - before
    let connection = warm ? "a kept-alive connection" : "a new connection"
    print(String(format: "waiting %.0f s on %@: %.2f s of CPU", seconds, connection, used))
    session.invalidateAndCancel()
}
