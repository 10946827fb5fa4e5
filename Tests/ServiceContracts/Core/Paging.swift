import Foundation
import Models
import Services
import Testing

/// Walks a paginated listing from the first page to the last and returns every item in order.
///
/// Records an issue (at the caller's line) when a page is larger than requested, when a page that
/// is not the last is empty, or when the walk does not end within `limit` pages.
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
                "A page held \(page.items.count) items, more than the requested \(pageSize)",
                sourceLocation: sourceLocation
            )
        }
        if page.items.isEmpty, page.hasMore {
            Issue.record("An empty page still had a next cursor", sourceLocation: sourceLocation)
            break
        }
        items += page.items
        request = current.next(after: page)
    }
    return items
}

/// Records an issue when `items` are not ordered newest first, ties on the timestamp broken by
/// descending id.
func expectNewestFirst<Item, Subject>(
    _ items: [Item],
    date: (Item) -> Date,
    id: (Item) -> Identifier<Subject>,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for (earlier, later) in zip(items, items.dropFirst()) {
        let inOrder =
            date(earlier) > date(later) || (date(earlier) == date(later) && id(earlier) > id(later))
        if !inOrder {
            Issue.record(
                "Not newest first: \(id(earlier)) (\(date(earlier))) is listed before \(id(later)) (\(date(later)))",
                sourceLocation: sourceLocation
            )
            return
        }
    }
}
