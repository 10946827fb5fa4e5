import Foundation

/// Runs `wrk` (the Debian package) and reads its requests per second.
enum Wrk {
    /// Requests per second for `url` with 2 threads, 10 connections, 5 seconds; `nil` without wrk.
    static func requestsPerSecond(_ url: URL) throws -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["wrk", "-t2", "-c10", "-d5s", url.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("Requests/sec:") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }
    }
}
