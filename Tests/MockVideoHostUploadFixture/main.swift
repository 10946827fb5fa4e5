// A helper process for the mock video host's two-process tests.
//
// Usage: MockVideoHostUploadFixture <storage-directory> <file>
// Starts a mock video host on the directory and uploads the file. After the first progress report
// it prints "uploading" and waits for a line on standard input before going on, so a test can
// start another host on the same directory while this upload is in flight. Prints
// "done <video id> <sha256>" and exits 0 when the upload returns; exits 1 with the error on stderr.
import Foundation
import IntegrationSupport
import MockVideoHostIntegration
import Models
import Services

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: MockVideoHostUploadFixture <storage-directory> <file>\n".utf8))
    exit(64)
}
let host = MockVideoHostIntegration(
    configuration: .init(storageDirectory: URL(fileURLWithPath: arguments[1]), apiKey: Secret("fixture-key")))
do {
    try await host.start()
    let paused = LockedFlag()
    let hosted = try await host.videoHostingService.upload(
        VideoUpload(fileURL: URL(fileURLWithPath: arguments[2]), title: "Fixture", ownerID: "fixture")
    ) { _ in
        guard paused.setOnce() else { return }
        FileHandle.standardOutput.write(Data("uploading\n".utf8))
        _ = readLine()
    }
    FileHandle.standardOutput.write(Data("done \(hosted.video.id) \(hosted.sha256)\n".utf8))
    await host.stop()
    exit(0)
} catch {
    FileHandle.standardError.write(Data("MockVideoHostUploadFixture: \(error)\n".utf8))
    exit(1)
}

/// A flag that is set once, from any thread.
final class LockedFlag: @unchecked Sendable {  // Safe: `isSet` is only read and written under `lock`.
    private let lock = NSLock()
    private var isSet = false

    /// Sets the flag; `true` only for the call that set it.
    func setOnce() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if isSet { return false }
        isSet = true
        return true
    }
}
