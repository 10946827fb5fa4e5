import Foundation
import Models
import Services
import TestSupport
import Testing

extension VideoHostingServiceContract {
    static let badInputChecks: [ContractCheck<VideoHostingSubject>] = [
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
        ContractCheck(
            "an invalid title or a path-traversal file name gives invalid input", requires: [.storageInspection]
        ) {
            subject in
            let files = try TemporaryDirectory(prefix: "contract-names")
            let file = try SampleFile.make(in: files.url, byteCount: 10_000)
            for title in ["", "   ", String(repeating: "t", count: 121)] {
                await expectInvalidInput(field: "title") { () throws(ServiceError) in
                    try await subject.hosting.upload(
                        VideoUpload(fileURL: file, title: title, ownerID: "owner-1"),
                        progress: { _ in }
                    )
                }
            }
            for name in ["../../etc/passwd", "..", "a/b.mp4", "nul\u{0}.mp4"] {
                await expectInvalidInput(field: "fileName", "file name \(name.debugDescription)") {
                    () throws(ServiceError) in
                    try await subject.hosting.upload(
                        VideoUpload(fileURL: file, fileName: name, title: "Traversal", ownerID: "owner-1"),
                        progress: { _ in }
                    )
                }
            }
            #expect(try await subject.storedItemCount() == 0)
        },
    ]
}
