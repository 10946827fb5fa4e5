import Dispatch
import Foundation

/// Runs another program to the end and hands back what it printed.
enum ChildProcess {
    /// Runs `arguments` (the program found on `PATH`) in `directory`, and returns its standard output.
    ///
    /// - Throws: `ToolFailure` naming the command, with what it printed, when it cannot start or
    ///   exits with a status other than 0.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil) throws(ToolFailure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .failed("cannot run `\(arguments.joined(separator: " "))`: \(error.localizedDescription)")
        }
        // Both pipes are read to their end before the wait, so a chatty child never blocks on a full one.
        let errorsRead = DispatchGroup()
        let errorData = ReadOnce()
        errorsRead.enter()
        DispatchQueue.global().async {
            errorData.data = errors.fileHandleForReading.readDataToEndOfFile()
            errorsRead.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        let printed = String(decoding: outputData, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData.data, as: UTF8.self)
            throw .failed(
                "`\(arguments.joined(separator: " "))` exited with \(process.terminationStatus):\n\(message)\(printed)")
        }
        return printed
    }
}

/// What one reader thread read, handed to the thread that waits for it.
///
/// `@unchecked Sendable` because the one write happens before `DispatchGroup.leave()` and the one
/// read after `wait()` returns, which orders them; nothing else touches it.
private final class ReadOnce: @unchecked Sendable {
    var data = Data()
}
