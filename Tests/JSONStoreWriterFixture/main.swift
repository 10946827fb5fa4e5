// A helper process for the JSON file store's kill and lock tests.
//
// Usage: JSONStoreWriterFixture <store-directory> <handle> <count> [--hold] [--unsynced]
// Opens the store, makes sure a user with <handle> exists, then publishes <count> posts (0 = until
// killed) concurrently in groups of eight, printing each post's id on its own line, unbuffered,
// only after its `publish` has returned (so the save holding it was durable). With --hold it then
// waits, the store open, until it is killed (or its standard input closes), so a kill test bounds
// how much a trial writes. With --unsynced its saves do not fsync (`syncsEverySave: false`). Exits 1
// with the error on stderr when any call fails, including when another process holds the store.
import Foundation
import JSONFileStoreIntegration
import Models
import Services

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("JSONStoreWriterFixture: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
let options = Set(arguments.dropFirst(4))
guard arguments.count >= 4, let count = Int(arguments[3]), let handle = Handle(rawValue: arguments[2]),
    options.isSubset(of: ["--hold", "--unsynced"])
else {
    fail("usage: JSONStoreWriterFixture <store-directory> <handle> <count> [--hold] [--unsynced]")
}
let integration = JSONFileStoreIntegration(
    configuration: .init(
        directory: URL(fileURLWithPath: arguments[1]), syncsEverySave: !options.contains("--unsynced")))

do {
    try await integration.start()
    var author = try? await integration.userService.user(handle: handle)
    if author == nil {
        author = try await integration.userService.create(UserDraft(handle: arguments[2], displayName: "Writer"))
    }
    guard let author else { fail("no author") }
    var published = 0
    while count == 0 || published < count {
        let first = published
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let post = try await integration.postService.publish(
                        PostDraft(authorID: author.id, text: "post \(first + index)"))
                    // One unbuffered write(2) per id: the line is in the pipe once publish returned.
                    FileHandle.standardOutput.write(Data((post.id.rawValue + "\n").utf8))
                }
            }
            try await group.waitForAll()
        }
        published += 8
    }
    if options.contains("--hold") {
        // Held open until killed: reading standard input blocks this process's main task only.
        while readLine() != nil {}
    }
    await integration.stop()
} catch {
    fail("\(error)")
}
