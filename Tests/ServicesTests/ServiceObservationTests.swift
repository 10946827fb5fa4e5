import Models
import Services
import Testing

@Suite("ServiceObservation")
struct ServiceObservationTests {
    @Test("Delivers what the producer yields, then ends")
    func delivers() async throws {
        let observation = ServiceObservation<Int> { continuation in
            continuation.yield(1)
        }
        var values: [Int] = []
        for try await value in observation { values.append(value) }
        #expect(values == [1])
    }

    @Test("A failing observation throws its error once, then ends")
    func fails() async {
        var iterator = ServiceObservation<Int>(failing: .notFound(what: "x")).makeAsyncIterator()
        await #expect(throws: ServiceError.notFound(what: "x")) { try await iterator.next() }
        let after = try? await iterator.next()
        #expect(after == nil)
    }
}
