// scripts/remove-service deletes this file with the service it is part of: hosting
import Foundation
import Models
import Services
import TestSupport
import Testing

extension VideoHostingServiceContract {
    static let badInputChecks: [ContractCheck<VideoHostingServiceSubject>] = [
        ContractCheck("a missing file gives invalid input and creates nothing", requires: [.storageInspection]) {
            subject in
            let files = try TemporaryDirectory(prefix: "contract-missing")
            await expectInvalidInput(field: "file") { () throws(ServiceError) in
                try await subject.hosting.upload(
                    VideoUpload(fileURL: files.file(named: "absent.mp4"), title: "Missing", ownerID: "owner-1"),
                    progress: { _ in }
                )
            }
            #expect(try await subject.storedItemCount() == 0)
        },
        ContractCheck("an empty file gives invalid input and creates nothing", requires: [.storageInspection]) {
            subject in
            let files = try TemporaryDirectory(prefix: "contract-empty")
            let file = try SampleFile.make(in: files.url, byteCount: 0)
            await expectInvalidInput(field: "file") { () throws(ServiceError) in
                try await subject.hosting.upload(
                    VideoUpload(fileURL: file, title: "Empty", ownerID: "owner-1"),
                    progress: { _ in }
                )
            }
            #expect(try await subject.storedItemCount() == 0)
        },
        ContractCheck("a directory instead of a file gives invalid input", requires: [.storageInspection]) {
            subject in
            let files = try TemporaryDirectory(prefix: "contract-directory")
            await expectInvalidInput(field: "file") { () throws(ServiceError) in
                try await subject.hosting.upload(
                    VideoUpload(fileURL: files.url, fileName: "clip.mp4", title: "Directory", ownerID: "owner-1"),
                    progress: { _ in }
                )
            }
            #expect(try await subject.storedItemCount() == 0)
        },
        ContractCheck("every invalid title gives invalid input and creates nothing", requires: [.storageInspection]) {
            subject in
            let files = try TemporaryDirectory(prefix: "contract-titles")
            let file = try SampleFile.make(in: files.url, byteCount: 10_000)
            for sample in ContractInputs.invalidSingleLine(limit: VideoRules.titleLimit.upperBound) {
                await expectInvalidInput(field: "title", "title with \(sample)") { () throws(ServiceError) in
                    try await subject.hosting.upload(
                        VideoUpload(fileURL: file, title: sample.value, ownerID: "owner-1"),
                        progress: { _ in }
                    )
                }
            }
            #expect(try await subject.storedItemCount() == 0)
        },
        ContractCheck(
            "file names that are not one plain name give invalid input and create nothing",
            requires: [.storageInspection]
        ) { subject in
            let files = try TemporaryDirectory(prefix: "contract-names")
            let file = try SampleFile.make(in: files.url, byteCount: 10_000)
            for sample in invalidFileNames {
                await expectInvalidInput(field: "fileName", "file name with \(sample)") { () throws(ServiceError) in
                    try await subject.hosting.upload(
                        VideoUpload(fileURL: file, fileName: sample.value, title: "Named", ownerID: "owner-1"),
                        progress: { _ in }
                    )
                }
            }
            #expect(try await subject.storedItemCount() == 0)
        },
    ]

    /// File names a host must refuse itself, whatever its vendor SDK also checks.
    static let invalidFileNames: [ContractInputs.Sample] = [
        .init(label: "nothing", value: ""),
        .init(label: "a dot", value: "."),
        .init(label: "two dots", value: ".."),
        .init(label: "a parent path", value: "../../etc/passwd"),
        .init(label: "a slash", value: "a/b.mp4"),
        .init(label: "a backslash", value: "a\\b.mp4"),
        .init(label: "a newline", value: "clip\n.mp4"),
        .init(label: "a tab", value: "clip\t.mp4"),
        .init(label: "DEL", value: "clip\u{7F}.mp4"),
        .init(label: "NUL", value: "nul\u{0}.mp4"),
        .init(label: "an escape sequence", value: "clip\u{1B}[2J.mp4"),
        .init(label: "a right-to-left override", value: "clip\u{202E}4pm.exe"),
        .init(label: "256 bytes", value: String(repeating: "a", count: 252) + ".mp4"),
        .init(label: "256 bytes of two-byte letters", value: String(repeating: "é", count: 128)),
    ]
}
