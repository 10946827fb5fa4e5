import Models
import Services
import TestSupport
import Testing

extension PostServiceContract {
    static let observationChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("an observed feed starts with the current first page") { subject in
            let author = try await subject.makeAuthor()
            _ = try await subject.publish(3, by: author.id)
            let expected = try await subject.posts.feed(authorID: author.id, page: .first(2))
            let probe = ObservationProbe(subject.posts.observeFeed(authorID: author.id, pageSize: 2))
            let first = try await probe.next("first value")
            #expect(first.items == expected.items)
            #expect(first.hasMore == expected.hasMore)
        },
        ContractCheck("a publish and a delete through the same service are each seen") { subject in
            try await expectChangesSeen(writingThrough: subject, observing: subject)
        },
        ContractCheck("a publish and a delete through a second instance are each seen", requires: [.secondInstance]) {
            subject in
            try await expectChangesSeen(writingThrough: try await subject.secondInstance(), observing: subject)
        },
        ContractCheck(
            "a burst of 100 publishes is seen in order and ends with the final first page, then quiet for a second"
        ) { subject in
            let author = try await subject.makeAuthor()
            let probe = ObservationProbe(subject.posts.observeFeed(authorID: author.id, pageSize: 10))
            _ = try await probe.next("first value")
            // Half the burst, then wait until the observer has seen its last post, then the rest:
            // an observation that stops listening after a change cannot pass either half.
            let firstHalf = try await subject.publish(50, by: author.id, prefix: "burst a")
            let lastOfFirst = try #require(firstHalf.last)
            var seen = try await probe.values(until: { $0.items.first == lastOfFirst }, "the 50th post on top")
            let secondHalf = try await subject.publish(50, by: author.id, prefix: "burst b")
            let final = try await subject.posts.feed(authorID: author.id, page: .first(10))
            seen += try await probe.values(until: { $0.items == final.items }, "the final first page")
            let after = await probe.anything(within: ObservationWaits.quietWindow)
            #expect(after == nil, "something was delivered after the final state: \(String(describing: after))")
            // A fence: one more post must be the one value after the final page; a late value of
            // the burst shows up before it.
            let fence = try await subject.posts.publish(PostDraft(authorID: author.id, text: "fence"))
            let fenced = try await probe.values(until: { $0.items.first == fence }, "the post after the burst")
            #expect(fenced.count == 1, "\(fenced.count - 1) value(s) of the burst came after its final page")
            let order = Dictionary(uniqueKeysWithValues: (firstHalf + secondHalf).enumerated().map { ($1.id, $0) })
            let tops = seen.compactMap { $0.items.first.flatMap { order[$0.id] } }
            #expect(tops == tops.sorted(), "a value older than one delivered before it was delivered: \(tops)")
        },
        ContractCheck("an observer of one author gets nothing for another author's posts within a second") {
            subject in
            let watched = try await subject.makeAuthor("watched")
            let other = try await subject.makeAuthor("other")
            let probe = ObservationProbe(subject.posts.observeFeed(authorID: watched.id, pageSize: 5))
            let first = try await probe.next("first value")
            #expect(first.items.isEmpty)
            _ = try await subject.publish(3, by: other.id)
            let unexpected = await probe.anything(within: ObservationWaits.quietWindow)
            #expect(
                unexpected == nil,
                "the observer of one author was woken by another's posts: \(String(describing: unexpected))")
            // Fenced rounds: another author's post, then one of the watched author's; the value
            // that shows the watched post must be the only one delivered for the round. A value
            // woken by the other's post shows up before it, in this round or the next.
            var own: [Post] = []
            for round in 0..<5 {
                _ = try await subject.posts.publish(PostDraft(authorID: other.id, text: "other \(round)"))
                own.insert(
                    try await subject.posts.publish(PostDraft(authorID: watched.id, text: "mine \(round)")), at: 0)
                let expected = Array(own.prefix(5))
                let seen = try await probe.values(until: { $0.items == expected }, "the watched author's post \(round)")
                #expect(seen.count == 1, "round \(round): \(seen.count) values for one post of the watched author")
            }
        },
        ContractCheck(
            "cancelling the observer ends the observation and leaves nothing running", requires: [.observerCount]
        ) { subject in
            let author = try await subject.makeAuthor()
            let before = try await subject.observerCount()
            let probe = ObservationProbe(subject.posts.observeFeed(authorID: author.id, pageSize: 5))
            _ = try await probe.next("first value")
            let running = try await subject.observerCount()
            #expect(running > before, "the running observation is not counted")
            probe.cancel()
            let ended = await probe.nextEvent()
            #expect(ended?.isFinished == true, "the cancelled observation did not end: \(String(describing: ended))")
            let remaining = try await ContractWaits.value(of: { try await subject.observerCount() }, reaches: before)
            #expect(remaining == before, "\(remaining - before) observation(s) still running after cancellation")
        },
        ContractCheck("an invalid page size fails the observation with invalid input") { subject in
            let author = try await subject.makeAuthor()
            for size in [0, 101] {
                let probe = ObservationProbe(subject.posts.observeFeed(authorID: author.id, pageSize: size))
                let event = await probe.nextEvent()
                #expect(event?.failure?.kind == .invalidInput, "page size \(size): \(String(describing: event))")
                #expect(event?.failure?.field == "pageSize", "page size \(size)")
            }
        },
    ]

    /// Publishes through `writer` and deletes through it, and expects `observer`'s observation of
    /// the feed to show each.
    private static func expectChangesSeen(
        writingThrough writer: PostServiceSubject, observing observer: PostServiceSubject
    )
        async throws
    {
        let author = try await observer.makeAuthor()
        let older = try await observer.posts.publish(PostDraft(authorID: author.id, text: "older"))
        let probe = ObservationProbe(observer.posts.observeFeed(authorID: author.id, pageSize: 5))
        let first = try await probe.next("first value")
        #expect(first.items == [older])
        let post = try await writer.posts.publish(PostDraft(authorID: author.id, text: "seen live"))
        let afterPublish = try await probe.values(until: { $0.items.first == post }, "the published post")
        #expect(afterPublish.last?.items == [post, older])
        try await writer.posts.delete(id: post.id, by: author.id)
        let afterDelete = try await probe.values(until: { !$0.items.contains(post) }, "the post gone after delete")
        #expect(afterDelete.last?.items == [older])
    }
}
