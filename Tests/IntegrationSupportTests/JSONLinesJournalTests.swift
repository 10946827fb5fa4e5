import Foundation
import IntegrationSupport
import Services
import TestSupport
import Testing

@Suite("JSONLinesJournal")
struct JSONLinesJournalTests {
    struct Entry: Codable, Sendable, Equatable {
        var name: String
        var count: Int
    }

    private static func entries(_ names: String...) -> [Entry] {
        names.enumerated().map { Entry(name: $0.element, count: $0.offset) }
    }

    @Test("records appended are read back in order after the journal is opened again")
    func roundTrip() throws {
        // Given a journal with two appends
        let directory = try TemporaryDirectory(prefix: "journal")
        let url = directory.file(named: "state.jsonl")
        do {
            let journal = JSONLinesJournal<Entry>(url: url)
            #expect(try journal.open().isEmpty)
            try journal.append(Self.entries("a", "b"))
            try journal.append(Self.entries("c"))
        }

        // When it is opened again
        let reopened = try JSONLinesJournal<Entry>(url: url).open()

        // Then every record is there, in order, one line each, in a private file
        #expect(reopened == Self.entries("a", "b") + Self.entries("c"))
        #expect(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").count == 3)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test("a partial last line (a write cut by a crash) is dropped, and the next record starts a line")
    func tornLastLine() throws {
        // Given a journal whose last line was cut mid-write
        let directory = try TemporaryDirectory(prefix: "journal-torn")
        let url = directory.file(named: "state.jsonl")
        try Data(#"{"count":0,"name":"a"}"#.utf8 + [0x0A] + #"{"count":1,"na"#.utf8).write(to: url)

        // When it is opened and appended to, then opened again
        let records: [Entry]
        do {
            let journal = JSONLinesJournal<Entry>(url: url)
            records = try journal.open()
            try journal.append([Entry(name: "b", count: 1)])
        }
        let reopened = try JSONLinesJournal<Entry>(url: url).open()

        // Then the cut record is gone and the new one is whole
        #expect(records == [Entry(name: "a", count: 0)])
        #expect(reopened == [Entry(name: "a", count: 0), Entry(name: "b", count: 1)])
    }

    @Test("a complete line that is not a record is refused, naming the line, and the file is left as it was")
    func damagedLineRefused() throws {
        // Given a journal whose second line is damage, not a crash
        let directory = try TemporaryDirectory(prefix: "journal-damaged")
        let url = directory.file(named: "state.jsonl")
        let bytes = Data("{\"count\":0,\"name\":\"a\"}\nnot json\n{\"count\":2,\"name\":\"c\"}\n".utf8)
        try bytes.write(to: url)

        // When it is opened
        let failure = #expect(throws: ServiceError.self) { try JSONLinesJournal<Entry>(url: url).open() }

        // Then the error names the line, and the file is untouched
        #expect(failure?.kind == .corruptData)
        #expect(failure?.description.contains("line 2") == true, "\(String(describing: failure))")
        #expect(try Data(contentsOf: url) == bytes)
    }

    @Test(
        "a failed write names the file, the system's error and the remedy its cause calls for; try again only for a full disk",
        arguments: [
            (ENOSPC, "the disk is full: free some space, then try again"),
            (EACCES, "permission denied: make the file and its directory writable by this user"),
            (EROFS, "the file system is read-only: use a writable directory"),
            (EIO, "check the disk and the directory it is in"),
        ])
    func writeFailureRemedy(_ code: Int32, _ remedy: String) {
        let error = SystemError("write", path: "/data/journal.jsonl", code: code)
        let failure = JSONLinesJournal<Entry>.writeFailure(error)

        guard case .unavailable(let reason, nil) = failure else {
            Issue.record("\(failure) is not .unavailable")
            return
        }
        #expect(reason.hasPrefix("cannot write /data/journal.jsonl (write /data/journal.jsonl: "), "\(reason)")
        #expect(reason.hasSuffix("); " + remedy), "\(reason)")
    }

    @Test("a second writer is refused while the first holds the journal")
    func oneWriter() throws {
        let directory = try TemporaryDirectory(prefix: "journal-lock")
        let url = directory.file(named: "state.jsonl")
        let first = JSONLinesJournal<Entry>(url: url)
        _ = try first.open()

        let failure = #expect(throws: ServiceError.self) { try JSONLinesJournal<Entry>(url: url).open() }

        #expect(failure?.kind == .unavailable)
        #expect(failure?.description.contains("in use by another process") == true, "\(String(describing: failure))")
        withExtendedLifetime(first) {}
    }

    @Test("compaction keeps only the records given, and later appends follow them")
    func compaction() throws {
        // Given a journal with a history of five records
        let directory = try TemporaryDirectory(prefix: "journal-compact")
        let url = directory.file(named: "state.jsonl")
        do {
            let journal = JSONLinesJournal<Entry>(url: url)
            _ = try journal.open()
            try journal.append(Self.entries("a", "b", "c", "d", "e"))

            // When it is compacted to the live state, then appended to
            try journal.compact(to: Self.entries("e"))
            try journal.append([Entry(name: "f", count: 9)])
        }

        // Then the file holds the live state and the append, and nothing else is left beside it
        #expect(try JSONLinesJournal<Entry>(url: url).open() == Self.entries("e") + [Entry(name: "f", count: 9)])
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        #expect(names == ["state.jsonl", "state.jsonl.lock"])
    }
}
