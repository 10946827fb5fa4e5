import Foundation
import Models
import Services
import Testing

/// The page sizes every listing walk uses: 1, 2, 7, the listing's length, one more, and the maximum.
func pageSizes(forCount count: Int) -> [Int] {
    [1, 2, 7, count, count + 1, PageRequest.sizeLimit.upperBound]
}

/// Walks a paginated listing from the first page to the last and returns every item in order.
///
/// Holds the listing to the paging promise, recording an issue at the caller's line when:
/// - a page holds more items than requested;
/// - a page that carries a cursor holds fewer items than requested (short before the end);
/// - a cursor leads to an empty page (so the last page carried a cursor);
/// - the walk does not end within `limit` pages.
func collectAll<Item: Sendable>(
    pageSize: Int,
    limit: Int = 1_000,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ load: (PageRequest) async throws(ServiceError) -> Page<Item>
) async throws -> [Item] {
    var items: [Item] = []
    var request: PageRequest? = .first(pageSize)
    var pages = 0
    while let current = request {
        pages += 1
        guard pages <= limit else {
            Issue.record("Paging did not end within \(limit) pages", sourceLocation: sourceLocation)
            break
        }
        let page = try await load(current)
        if page.items.count > pageSize {
            Issue.record(
                "Page \(pages) held \(page.items.count) items, more than the requested \(pageSize)",
                sourceLocation: sourceLocation
            )
        }
        if page.items.isEmpty, current.cursor != nil {
            Issue.record(
                "Page \(pages) (size \(pageSize)) was empty: the page before it carried a cursor although it was the last",
                sourceLocation: sourceLocation
            )
        }
        if page.hasMore, page.items.count < pageSize {
            Issue.record(
                "Page \(pages) held \(page.items.count) of \(pageSize) items but carried a cursor: a short page before the end",
                sourceLocation: sourceLocation
            )
        }
        if page.items.isEmpty, page.hasMore {
            Issue.record("Page \(pages) was empty and still had a next cursor", sourceLocation: sourceLocation)
            break
        }
        items += page.items
        request = current.next(after: page)
    }
    return items
}

/// `items` in listing order: newest first, ties on the timestamp broken by descending id.
func newestFirst<Item, Subject>(
    _ items: [Item],
    date: (Item) -> Date,
    id: (Item) -> Identifier<Subject>
) -> [Item] {
    items.sorted { lhs, rhs in
        date(lhs) != date(rhs) ? date(lhs) > date(rhs) : id(lhs) > id(rhs)
    }
}

/// Records an issue naming the first position where `listed` differs from `expected`, comparing
/// whole values (every field), and a count mismatch.
func expectSameListing<Item: Equatable>(
    _ listed: [Item],
    _ expected: [Item],
    _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard listed != expected else { return }
    if let index = (0..<min(listed.count, expected.count)).first(where: { listed[$0] != expected[$0] }) {
        Issue.record(
            "\(context): item \(index) is \(listed[index]), expected \(expected[index])",
            sourceLocation: sourceLocation
        )
    } else {
        Issue.record(
            "\(context): listed \(listed.count) items, expected \(expected.count)",
            sourceLocation: sourceLocation
        )
    }
}
