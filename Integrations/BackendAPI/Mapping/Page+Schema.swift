import Models

extension Page {
    /// The app's page from the API's, each item mapped with `transform`; throws what it throws.
    public init<Schema, Failure: Error>(
        _ schema: Schemas.Page<Schema>, _ transform: (Schema) throws(Failure) -> Item
    ) throws(Failure) {
        var items: [Item] = []
        items.reserveCapacity(schema.items.count)
        for item in schema.items { items.append(try transform(item)) }
        self.init(items: items, nextCursor: schema.nextCursor.map { Cursor(rawValue: $0) })
    }
}

extension Schemas.Page {
    /// The API's page for the app's, each item mapped with `transform`.
    public init<Model>(_ page: Page<Model>, _ transform: (Model) -> Item) {
        self.init(items: page.items.map(transform), nextCursor: page.nextCursor?.rawValue)
    }
}
