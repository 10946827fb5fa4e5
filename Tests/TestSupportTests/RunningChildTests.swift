import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("RunningChild")
struct RunningChildTests {
    /// A descriptor's target, as `/proc` shows it (`pipe:[1234]`), or `nil`.
    private static func target(_ path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }

    @Test(
        "every end this process keeps of a child's pipes is close-on-exec, so no other child inherits it",
        .requires(FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc (Linux)"))
    func pipesCloseOnExec() async throws {
        let child = try RunningChild(URL(fileURLWithPath: "/bin/cat"))
        defer { child.terminate() }
        let ours = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { Int32($0) }
        for stream in 0...2 {
            // The child's standard stream, and this process's descriptors on the same pipe
            let pipe = try #require(Self.target("/proc/\(child.processIdentifier)/fd/\(stream)"))
            #expect(pipe.hasPrefix("pipe:"), "stream \(stream) is \(pipe)")
            let ends = ours.filter { Self.target("/proc/self/fd/\($0)") == pipe }
            #expect(!ends.isEmpty, "this process keeps no end of stream \(stream)'s pipe")
            for end in ends {
                #expect(fcntl(end, F_GETFD) & FD_CLOEXEC != 0, "descriptor \(end) of stream \(stream) is inherited")
            }
        }
        child.closeInput()
        #expect(try await child.waitForExit() == 0)
    }
}
