// A helper process for the SQLite kill and two-process tests.
//
// Usage: SQLiteWriterFixture <database-path> <handle> <count>
// Opens the database, makes sure a user with <handle> exists (taking the existing one when another
// writer created it first), then publishes <count> posts (0 = until killed), printing each post's
// id on its own line, unbuffered, only after `publish` has returned. Exits 1 with the error on stderr
// when any call fails, so a SQLITE_BUSY that reached a caller shows up as a failed process.
import Foundation
import Models
import SQLiteIntegration
import Services

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SQLiteWriterFixture: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]), let handle = Handle(rawValue: arguments[2]) else {
    fail("usage: SQLiteWriterFixture <database-path> <handle> <count>")
}
let integration = SQLiteIntegration(
    configuration: .init(storage: .file(URL(fileURLWithPath: arguments[1])))
)

do {
    try await integration.start()
    let author: User
    do {
        author = try await integration.userService.create(UserDraft(handle: arguments[2], displayName: "Writer"))
    } catch ServiceError.conflict {
        author = try await integration.userService.user(handle: handle)
    }
    var published = 0
    while count == 0 || published < count {
        let post = try await integration.postService.publish(
            PostDraft(authorID: author.id, text: "post \(published) from \(arguments[2])")
        )
        // One unbuffered write(2) per id: the line is in the pipe before the next publish starts.
        FileHandle.standardOutput.write(Data((post.id.rawValue + "\n").utf8))
        published += 1
    }
    await integration.stop()
} catch {
    fail("\(error)")
}
