import Models
import Services

extension Page {
    /// The app's page from the API's, each item mapped with `transform`.
    init<DTO>(_ dto: PageDTO<DTO>, _ transform: (DTO) throws(ServiceError) -> Item) throws(ServiceError) {
        var items: [Item] = []
        items.reserveCapacity(dto.items.count)
        for item in dto.items { items.append(try transform(item)) }
        self.init(items: items, nextCursor: dto.nextCursor.map { Cursor(rawValue: $0) })
    }
}
