/// The change feed's answer: a revision that grows with every change the backend accepts.
struct ChangesDTO: Decodable, Sendable {
    var revision: Int
}
