// scripts/remove-service deletes this file with the service it is part of: library
import Foundation
import Models
import Services
import TestSupport
import Testing

extension VideoLibraryServiceContract {
    static let validationChecks: [ContractCheck<VideoLibraryServiceSubject>] = [
        ContractCheck("ids, owners, dates, durations, URLs and reasons outside the rules give invalid input") {
            subject in
            let owner = User.ID(uniqueOwner())
            var refused: [(field: String, label: String, video: Video)] = []
            for sample in ContractInputs.invalidIdentifiers {
                var byID = makeVideo(owner: owner, status: .processing)
                byID = Video(
                    id: Video.ID(sample.value), ownerID: owner, title: byID.title, status: .processing,
                    createdAt: byID.createdAt)
                refused.append(("id", "id \(sample)", byID))
                let byOwner = makeVideo(owner: User.ID(sample.value), status: .processing)
                refused.append(("ownerID", "owner \(sample)", byOwner))
            }
            for (label, date) in [
                ("year 10000", DateRules.latest.addingTimeInterval(1)),
                ("year 0", DateRules.earliest.addingTimeInterval(-1)),
            ] {
                refused.append(("createdAt", label, makeVideo(owner: owner, status: .processing, createdAt: date)))
            }
            var tooLong = makeVideo(owner: owner, status: .processing)
            tooLong.duration = VideoRules.durationLimit + .milliseconds(1)
            refused.append(("duration", "over a billion seconds", tooLong))
            for text in [
                "cdn.example/v.m3u8", "file:///etc/passwd",
                "https://cdn.example/" + String(repeating: "p", count: 2_048),
            ] {
                refused.append(
                    (
                        "playbackURL", text.prefix(30).description,
                        makeVideo(owner: owner, status: .ready(playbackURL: URL(string: text)!))
                    ))
            }
            for sample in [String(repeating: "r", count: VideoRules.reasonByteLimit + 1)] {
                refused.append(
                    (
                        "reason", sample.prefix(10).debugDescription,
                        makeVideo(owner: owner, status: .failed(reason: sample))
                    ))
            }
            for (field, label, video) in refused {
                await expectInvalidInput(field: field, "\(label)") { () throws(ServiceError) in
                    try await subject.library.save(video)
                }
            }
            let listed = try await subject.library.videos(ownerID: owner, page: .first(10))
            #expect(listed.items.isEmpty, "refused videos were stored: \(listed.items.map(\.id))")
            let atLimit = Video(
                id: Video.ID(ContractInputs.identifierAtLimit()), ownerID: User.ID(ContractInputs.identifierAtLimit()),
                title: "At the limits", duration: VideoRules.durationLimit, status: .processing,
                createdAt: DateRules.latest)
            let saved = try await subject.library.save(atLimit)
            let fetched = try await subject.library.video(id: atLimit.id)
            #expect(saved == atLimit)
            #expect(fetched == atLimit)
        },
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
