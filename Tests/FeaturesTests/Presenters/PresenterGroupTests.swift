import Features
import Testing

@MainActor
@Suite("PresenterGroup")
struct PresenterGroupTests {
    private final class RecordingPresenter: Presenter {
        let name: String
        let log: Log

        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
        }

        func handle(_ event: ViewLifecycleEvent) {
            log.entries.append("\(name) \(event.rawValue)")
        }
    }

    private final class Log {
        var entries: [String] = []
    }

    @Test("forwards every event to every member in order")
    func forwardsInOrder() {
        // Given
        let log = Log()
        let group = PresenterGroup([RecordingPresenter("a", log: log), RecordingPresenter("b", log: log)])
        group.add(RecordingPresenter("c", log: log))

        // When
        group.handle(.didLoad)
        group.handle(.didDisappear)

        // Then
        #expect(
            log.entries == [
                "a didLoad", "b didLoad", "c didLoad", "a didDisappear", "b didDisappear", "c didDisappear",
            ]
        )
    }
}
