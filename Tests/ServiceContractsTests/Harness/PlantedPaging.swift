import Foundation
import Models
import Services

/// Pages through a listing the way a buggy integration would: given every item of the listing in
/// the right order, it serves `PageRequest`s with one deliberate flaw.
struct PlantedPaging<Item: Sendable> {
    /// A mistake in how pages are cut.
    enum Flaw: Sendable {
        /// No flaw: what a correct integration does.
        case none
        /// `hasMore = page.count == size`: a last page that happens to be full carries a cursor.
        case cursorOnFullLastPage
        /// A page before the end holds one item fewer than asked, with a cursor after it.
        case shortPageBeforeEnd
        /// The cursor compares only the timestamp, so items sharing the cursor's instant are skipped.
        case cursorIgnoresTieBreak
        /// An empty listing's page still carries a cursor.
        case emptyPageCarriesCursor
        /// The cursor is an offset into the listing, so items arriving at the top repeat.
        case offsetCursor
    }

    /// A mistake in which cursors are accepted.
    enum ScopeFlaw: Sendable {
        /// Only cursors of this listing are accepted.
        case none
        /// Any well-formed cursor is accepted, whatever its scope.
        case ignored
        /// A cursor with an empty scope, or an empty owner, is accepted.
        case emptyIsWildcard
        /// A cursor whose scope is a prefix or an extension of this listing's scope is accepted.
        case prefixMatches
        /// Only the owner part of the scope is compared, so the other listing's cursors pass.
        case ownerOnly
    }

    let flaw: Flaw
    let scopeFlaw: ScopeFlaw
    let date: @Sendable (Item) -> Date
    let id: @Sendable (Item) -> String

    /// `items` in listing order: newest first, ties broken by descending id.
    func newestFirst(_ items: [Item]) -> [Item] {
        items.sorted { date($0) != date($1) ? date($0) > date($1) : id($0) > id($1) }
    }

    /// `items` newest first with ties broken by ascending id: a wrong tie-break.
    func newestFirstTiesAscending(_ items: [Item]) -> [Item] {
        items.sorted { date($0) != date($1) ? date($0) > date($1) : id($0) < id($1) }
    }

    /// Every item of a listing, read through `load` one page of 100 at a time.
    static func everyItem(
        _ load: (PageRequest) async throws(ServiceError) -> Page<Item>
    ) async throws(ServiceError) -> [Item] {
        var items: [Item] = []
        var request: PageRequest? = .first(100)
        while let current = request {
            let page = try await load(current)
            items += page.items
            request = current.next(after: page)
        }
        return items
    }

    /// The page of `ordered` (the listing, newest first) that `request` asks for in listing `scope`.
    func page(of ordered: [Item], request: PageRequest, scope: String) throws(ServiceError) -> Page<Item> {
        try ServiceError.validating { () throws(ValidationError) in try request.validate() }
        let position = try request.cursor.map { cursor throws(ServiceError) in try accept(cursor, scope: scope) }
        let remaining: ArraySlice<Item>
        switch (flaw, position) {
        case (.offsetCursor, let position?):
            remaining = ordered.dropFirst(Int(position.milliseconds))
        case (.cursorIgnoresTieBreak, let position?):
            remaining = ordered[...].filter { date($0).millisecondsSince1970 < position.milliseconds }[...]
        case (_, let position?):
            remaining =
                ordered[...].filter {
                    position.precedes(milliseconds: date($0).millisecondsSince1970, id: id($0))
                }[...]
        case (_, nil):
            remaining = ordered[...]
        }
        var items = Array(remaining.prefix(request.size))
        var hasMore = remaining.count > request.size
        switch flaw {
        case .cursorOnFullLastPage where items.count == request.size: hasMore = true
        case .shortPageBeforeEnd where hasMore && items.count > 1: items.removeLast()
        case .emptyPageCarriesCursor where items.isEmpty:
            return Page(items: [], nextCursor: KeysetCursor(scope: scope, milliseconds: .max, id: "~").cursor)
        default: break
        }
        guard hasMore, let last = items.last else { return Page(items: items, nextCursor: nil) }
        if flaw == .offsetCursor {
            let offset = Int64((position.map { Int($0.milliseconds) } ?? 0) + items.count)
            return Page(items: items, nextCursor: KeysetCursor(scope: scope, milliseconds: offset, id: "offset").cursor)
        }
        let next = KeysetCursor(scope: scope, milliseconds: date(last).millisecondsSince1970, id: id(last))
        return Page(items: items, nextCursor: next.cursor)
    }

    private func accept(_ cursor: Cursor, scope: String) throws(ServiceError) -> KeysetCursor {
        guard let decoded = PlantedCursor.decode(cursor) else {
            throw .invalidInput(field: "cursor", reason: "is not a cursor this service issued")
        }
        let owner = { (scope: String) in scope.split(separator: ":", maxSplits: 1).last.map(String.init) ?? scope }
        let accepted =
            switch scopeFlaw {
            case .none: decoded.scope == scope
            case .ignored: true
            case .emptyIsWildcard: decoded.scope == scope || decoded.scope.isEmpty || decoded.scope.hasSuffix(":")
            case .prefixMatches: scope.hasPrefix(decoded.scope) || decoded.scope.hasPrefix(scope)
            case .ownerOnly: owner(decoded.scope) == owner(scope)
            }
        guard accepted else { throw .invalidInput(field: "cursor", reason: "belongs to another listing") }
        return decoded
    }
}
