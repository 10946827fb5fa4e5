import Foundation
import Models
import Services

/// The single actor that holds every app model of the in-memory integration.
///
/// All four in-memory services share one store, so posts can check their authors and every
/// operation is atomic: each method runs to completion on the actor without suspending.
actor InMemoryStore {
    /// The wall clock that stamps new posts, users and videos.
    let now: @Sendable () -> Date

    var users: [User.ID: User] = [:]
    var userIDsByHandle: [Handle: User.ID] = [:]
    var posts: [Post.ID: Post] = [:]
    var libraryVideos: [Video.ID: Video] = [:]
    var hostedMedia: [Video.ID: HostedMediaEntry] = [:]

    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// A fresh, unique identifier string.
    nonisolated func makeID() -> String {
        UUID().uuidString.lowercased()
    }

    /// Drops every model: the store is empty afterwards.
    func removeAll() {
        users.removeAll()
        userIDsByHandle.removeAll()
        posts.removeAll()
        libraryVideos.removeAll()
        hostedMedia.removeAll()
    }

    /// Returns the page of `items` (already filtered to one listing) after `request.cursor`,
    /// ordered newest first with ties broken by descending id.
    func page<Item: Sendable, Subject>(
        of items: some Sequence<Item>,
        scope: String,
        request: PageRequest,
        date: (Item) -> Date,
        id: (Item) -> Identifier<Subject>
    ) throws(ServiceError) -> Page<Item> {
        try ServiceError.validating { () throws(ValidationError) in try request.validate() }
        let position = try request.cursor.map { cursor throws(ServiceError) in try KeysetCursor(cursor, scope: scope) }
        let ordered = items.sorted { lhs, rhs in
            let (left, right) = (date(lhs), date(rhs))
            return left != right ? left > right : id(lhs) > id(rhs)
        }
        let remaining = ordered.filter { item in
            position?.precedes(milliseconds: date(item).millisecondsSince1970, id: id(item).rawValue) ?? true
        }
        let pageItems = Array(remaining.prefix(request.size))
        guard remaining.count > request.size, let last = pageItems.last else {
            return Page(items: pageItems, nextCursor: nil)
        }
        let next = KeysetCursor(scope: scope, milliseconds: date(last).millisecondsSince1970, id: id(last).rawValue)
        return Page(items: pageItems, nextCursor: next.cursor)
    }
}
