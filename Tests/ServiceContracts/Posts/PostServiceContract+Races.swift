import Models
import Services
import Testing

extension PostServiceContract {
    static let raceChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("100 concurrent publishes yield 100 distinct ids, all in the feed") { subject in
            let author = try await subject.makeAuthor()
            let published = try await ContractRaces.concurrently(100) { index in
                try await subject.posts.publish(PostDraft(authorID: author.id, text: "concurrent \(index)"))
            }
            #expect(Set(published.map(\.id)).count == 100)
            let feed = try await subject.wholeFeed(of: author.id)
            expectSameListing(feed, feedOrder(published), "the feed after 100 concurrent publishes")
        },
        ContractCheck("concurrent publishes through two instances all land", requires: [.secondInstance]) { subject in
            let second = try await subject.secondInstance()
            let author = try await subject.makeAuthor()
            var published: [Post] = []
            for round in 0..<ContractRaces.rounds {
                published += try await ContractRaces.concurrently(20) { index in
                    let instance = index.isMultiple(of: 2) ? subject : second
                    return try await instance.posts.publish(
                        PostDraft(authorID: author.id, text: "round \(round) post \(index)"))
                }
                let seenByFirst = try await subject.wholeFeed(of: author.id)
                let seenBySecond = try await second.wholeFeed(of: author.id)
                expectSameListing(seenByFirst, feedOrder(published), "round \(round) through the first instance")
                expectSameListing(seenBySecond, feedOrder(published), "round \(round) through the second instance")
            }
            #expect(Set(published.map(\.id)).count == published.count, "two publishes got the same id")
        },
    ]
}
