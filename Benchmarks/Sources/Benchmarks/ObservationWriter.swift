import Foundation

/// The other process of the observation latency benchmark: this executable started with
/// `--observation-writer <database> <author id> <commits>` publishes that many posts with the raw C
/// API, 30–70 ms apart, each stamped with the monotonic time just before its INSERT.
enum ObservationWriter {
    static let flag = "--observation-writer"

    /// Runs the writer and exits when this process was started as one; returns otherwise.
    static func runIfRequested() {
        let arguments = CommandLine.arguments
        guard arguments.count == 5, arguments[1] == flag, let commits = Int(arguments[4]) else { return }
        do {
            let database = try RawSQLiteDatabase(path: arguments[2])
            for _ in 0..<commits {
                Thread.sleep(forTimeInterval: Double.random(in: 0.030...0.070))
                try database.publish(text: "at \(monotonicNanoseconds())", authorID: arguments[3])
            }
            database.close()
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("observation writer: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Starts a writer process on `path` and returns when it has exited.
    static func spawn(path: String, authorID: String, commits: Int) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        if !FileManager.default.fileExists(atPath: "/proc/self/exe") {
            process.executableURL = Bundle.main.executableURL
        }
        process.arguments = [flag, path, authorID, String(commits)]
        let status = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        guard status == 0 else { throw SQLiteBenchmarkError("the observation writer exited with status \(status)") }
    }
}
