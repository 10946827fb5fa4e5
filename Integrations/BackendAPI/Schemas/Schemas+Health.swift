extension Schemas {
    /// `Health`: the answer of `getHealth`, `{"status": "ok"}`. A client reads it to know the
    /// answer is the backend's: a captive portal or a proxy answers `200` with a page of its own.
    public struct Health: Codable, Sendable, Equatable {
        /// What an answering backend says.
        public static let ok = Health(status: "ok")

        /// `ok`: the one value the API defines.
        public var status: String

        /// Creates the answer.
        public init(status: String) {
            self.status = status
        }
    }
}
