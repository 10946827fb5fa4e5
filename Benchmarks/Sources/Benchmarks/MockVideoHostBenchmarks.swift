import Foundation
import IntegrationSupport
import MockVideoHostIntegration
import Models
import Services

/// One row of the mock video host's benchmark table: a measurement against its baseline.
struct MockVideoHostBenchmarkRow: Sendable {
    /// What was measured.
    var name: String
    /// The baseline's result, with its unit.
    var baseline: String
    /// The mock host's result, with its unit.
    var subject: String
    /// How many times the baseline's speed the subject's cost is (subject time / baseline time),
    /// or `nil` when the row is not a comparison of times.
    var ratio: Double?
    /// How to read the row.
    var note: String
}

/// Measures the mock video host on a large upload (run in release mode).
///
/// Uploads a sparse file through `MockVideoHostingService` (chunked copy into the host's storage
/// plus SHA-256 of every byte) and copies the same file with `cp` in the same run; then reports
/// the process's peak resident memory during the upload against its resident memory before it.
enum MockVideoHostBenchmarks {
    /// Runs the measurements on a sparse file of `byteCount` bytes (1 GiB by default) in a fresh
    /// temporary directory, removed afterwards.
    static func run(byteCount: Int64 = 1 << 30) async throws -> [MockVideoHostBenchmarkRow] {
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("silo-bench-mockhost-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let source = work.appendingPathComponent("source.mp4", isDirectory: false)
        try makeSparseFile(at: source, byteCount: byteCount)

        let copy = work.appendingPathComponent("copy.mp4", isDirectory: false)
        let host = MockVideoHostIntegration(
            configuration: .init(storageDirectory: work.appendingPathComponent("host", isDirectory: true))
        )
        try await host.start()
        defer { Task { await host.stop() } }

        // Three rounds, each timing the four in turn; every timing starts with nothing dirty in the
        // page cache (`sync`), so none pays for the write-back of the one before.
        var cpTimes: [Duration] = []
        var denseTimes: [Duration] = []
        var durableTimes: [Duration] = []
        var uploadTimes: [Duration] = []
        var hashTimes: [Duration] = []
        var memoryBefore: Int64?
        var peak: Int64?
        for round in 0..<3 {
            for (arguments, durable, into) in [
                ([source.path, copy.path], false, 0), (["--sparse=never", source.path, copy.path], false, 1),
                (["--sparse=never", source.path, copy.path], true, 2),
            ] {
                sync()
                let time = try timeCopy(arguments: arguments, syncing: durable ? copy : nil)
                try FileManager.default.removeItem(at: copy)
                switch into {
                case 0: cpTimes.append(time)
                case 1: denseTimes.append(time)
                default: durableTimes.append(time)
                }
            }
            hashTimes.append(timeHashing(byteCount: byteCount, chunkSize: MediaHostConfiguration.defaultChunkSize))
            sync()
            if round == 0 { memoryBefore = ProcessMemory.resetPeak() }
            let start = ContinuousClock.now
            let hosted = try await host.videoHostingService.upload(
                VideoUpload(fileURL: source, title: "Benchmark", ownerID: "bench"),
                progress: { _ in }
            )
            uploadTimes.append(ContinuousClock.now - start)
            if round == 0 { peak = ProcessMemory.peakResident() }
            try await host.videoHostingService.delete(id: hosted.video.id)
        }
        let (cpTime, denseCpTime) = (median(cpTimes), median(denseTimes))
        let (durableCpTime, uploadTime) = (median(durableTimes), median(uploadTimes))
        let hashTime = median(hashTimes)

        let uploadRate = megabytesPerSecond(byteCount, uploadTime)
        let size = "\(byteCount / (1 << 20)) MiB sparse file"
        var rows = [
            MockVideoHostBenchmarkRow(
                name: "Mock host upload, \(size) (MB/s)",
                baseline: format(megabytesPerSecond(byteCount, cpTime)) + " MB/s (cp)",
                subject: format(uploadRate) + " MB/s",
                ratio: uploadTime.inSeconds / cpTime.inSeconds,
                note: "cp skips the holes of a sparse file; the host writes and SHA-256-hashes every byte"
            ),
            MockVideoHostBenchmarkRow(
                name: "Mock host upload vs cp --sparse=never, \(size) (MB/s)",
                baseline: format(megabytesPerSecond(byteCount, denseCpTime)) + " MB/s (cp --sparse=never)",
                subject: format(uploadRate) + " MB/s",
                ratio: uploadTime.inSeconds / denseCpTime.inSeconds,
                note: "both write every byte; cp leaves them in the page cache, the host also hashes them and "
                    + "syncs them to disk; medians of 3 rounds; target ≥ 0.6× cp's rate"
            ),
            MockVideoHostBenchmarkRow(
                name: "Mock host upload vs cp --sparse=never and a sync, \(size) (MB/s)",
                baseline: format(megabytesPerSecond(byteCount, durableCpTime)) + " MB/s (cp, then fsync)",
                subject: format(uploadRate) + " MB/s",
                ratio: uploadTime.inSeconds / durableCpTime.inSeconds,
                note: "the same durable work: every byte written and on disk; the host also hashes them"
            ),
            MockVideoHostBenchmarkRow(
                name: "Mock host upload vs SHA-256 alone over as many bytes, \(size) (MB/s)",
                baseline: format(megabytesPerSecond(byteCount, hashTime)) + " MB/s (hashing only)",
                subject: format(uploadRate) + " MB/s",
                ratio: uploadTime.inSeconds / hashTime.inSeconds,
                note: "the host's SHA-256 (\(SHA256.hasHardwareBlockFunction ? "SHA instructions" : "portable Swift")) "
                    + "over zeros in memory, in the host's chunks: the ceiling an upload that hashes every byte can reach"
            ),
        ]
        if let memoryBefore, let peak {
            let growth = peak - memoryBefore
            rows.append(
                MockVideoHostBenchmarkRow(
                    name: "Mock host upload, \(size): peak resident memory (MiB)",
                    baseline: format(mebibytes(memoryBefore)) + " MiB before",
                    subject: format(mebibytes(peak)) + " MiB peak",
                    ratio: nil,
                    note: "+\(format(mebibytes(growth))) MiB over the baseline (target: under 64 MiB)"
                )
            )
        } else {
            rows.append(
                MockVideoHostBenchmarkRow(
                    name: "Mock host upload, \(size): peak resident memory (MiB)",
                    baseline: "n/a", subject: "n/a", ratio: nil,
                    note: "not measured: /proc/self/status is Linux only"
                )
            )
        }
        return rows
    }

    /// Creates a file of `byteCount` bytes that occupies no disk blocks.
    private static func makeSparseFile(at url: URL, byteCount: Int64) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(byteCount))
    }

    /// How long the host's SHA-256 takes over `byteCount` zero bytes in memory, fed in `chunkSize` chunks.
    private static func timeHashing(byteCount: Int64, chunkSize: Int) -> Duration {
        let chunk = Data(count: chunkSize)
        var hash = SHA256.fastest()
        let start = ContinuousClock.now
        var remaining = byteCount
        while remaining > 0 {
            if remaining >= Int64(chunkSize) {
                hash.update(chunk)
            } else {
                hash.update(chunk.prefix(Int(remaining)))
            }
            remaining -= Int64(chunkSize)
        }
        blackHole(hash.finalize())
        return ContinuousClock.now - start
    }

    /// Runs `/bin/cp` with `arguments` and returns how long it took, with the `fsync` of `syncing`
    /// after it when given.
    private static func timeCopy(arguments: [String], syncing: URL? = nil) throws -> Duration {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = arguments
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        if let syncing {
            let handle = try FileHandle(forWritingTo: syncing)
            try handle.synchronize()
            try handle.close()
        }
        let elapsed = ContinuousClock.now - start
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cp \(arguments) failed"])
        }
        return elapsed
    }

    private static func megabytesPerSecond(_ bytes: Int64, _ duration: Duration) -> Double {
        Double(bytes) / 1e6 / max(duration.inSeconds, 1e-9)
    }

    private static func mebibytes(_ bytes: Int64) -> Double {
        Double(bytes) / 1_048_576
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}

/// The process's resident memory from `/proc/self/status` (Linux).
private enum ProcessMemory {
    /// Resets the peak to the current resident size (`/proc/self/clear_refs`, Linux 4.0+) and
    /// returns the current resident size in bytes, or `nil` where there is no `/proc`.
    static func resetPeak() -> Int64? {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
        return field("VmRSS")
    }

    /// The peak resident size in bytes since the last reset, or `nil` where there is no `/proc`.
    static func peakResident() -> Int64? {
        field("VmHWM")
    }

    private static func field(_ name: String) -> Int64? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let kilobytes = line.split(separator: " ").compactMap { Int64($0) }.first
            return kilobytes.map { $0 * 1_024 }
        }
        return nil
    }
}
