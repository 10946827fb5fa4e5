import Foundation
import Models
import Services
import TestSupport
import Testing

extension VideoLibraryServiceContract {
    static let validationChecks: [ContractCheck<VideoLibraryServiceSubject>] = [
        ContractCheck("invalid title or negative duration gives invalid input and stores nothing") { subject in
            let owner = User.ID(uniqueOwner())
            for sample in ContractInputs.invalidSingleLine(limit: VideoRules.titleLimit.upperBound) {
                var video = makeVideo(owner: owner, status: .processing)
                video.title = sample.value
                await expectInvalidInput(field: "title", "title with \(sample)") { () throws(ServiceError) in
                    try await subject.library.save(video)
                }
            }
            var negative = makeVideo(owner: owner, status: .processing)
            negative.duration = .seconds(-1)
            await expectInvalidInput(field: "duration") { () throws(ServiceError) in
                try await subject.library.save(negative)
            }
            let listing = try await subject.library.videos(ownerID: owner, page: .first(10))
            #expect(listing.items.isEmpty)
        },
        ContractCheck("every invalid title or a negative duration is refused on update and the video is unchanged") {
            subject in
            let owner = User.ID(uniqueOwner())
            let original = try await subject.library.save(makeVideo(owner: owner, status: .processing))
            for sample in ContractInputs.invalidSingleLine(limit: VideoRules.titleLimit.upperBound) {
                var update = original
                update.title = sample.value
                update.status = .failed(reason: "should not be stored")
                await expectInvalidInput(field: "title", "update to \(sample)") { () throws(ServiceError) in
                    try await subject.library.save(update)
                }
            }
            var negative = original
            negative.duration = .seconds(-1)
            await expectInvalidInput(field: "duration") { () throws(ServiceError) in
                try await subject.library.save(negative)
            }
            let stored = try await subject.library.video(id: original.id)
            #expect(stored == original)
        },
        ContractCheck("titles at the character and byte limits are accepted on create and update; one more is not") {
            subject in
            let owner = User.ID(uniqueOwner())
            let atLimits = [
                "T", String(repeating: "t", count: 120), String(repeating: "👩‍👩‍👧‍👦", count: 120),
                ContractInputs.text(characters: 120, bytes: VideoRules.titleByteLimit),
            ]
            var existing = try await subject.library.save(makeVideo(owner: owner, status: .processing))
            for title in atLimits {
                var created = makeVideo(owner: owner, status: .processing)
                created.title = title
                let saved = try await subject.library.save(created)
                #expect(Array(saved.title.utf8) == Array(title.utf8))
                existing.title = title
                let updated = try await subject.library.save(existing)
                let fetched = try await subject.library.video(id: existing.id)
                #expect(updated == existing)
                #expect(fetched == existing)
            }
            let overLimits = [
                String(repeating: "t", count: 121),
                ContractInputs.text(characters: 120, bytes: VideoRules.titleByteLimit + 2),
            ]
            for title in overLimits {
                var update = existing
                update.title = title
                await expectInvalidInput(field: "title", "\(title.count) characters, \(title.utf8.count) bytes") {
                    () throws(ServiceError) in
                    try await subject.library.save(update)
                }
            }
            let unchanged = try await subject.library.video(id: existing.id)
            #expect(unchanged == existing)
        },
    ]
}
