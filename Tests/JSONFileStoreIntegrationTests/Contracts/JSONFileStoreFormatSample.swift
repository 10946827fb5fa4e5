import Foundation
import ServiceContracts
import TestSupport

/// The store file `Docs/Integrations/JSONFileStore.md` shows (`Docs/Formats/json-file-store.json`)
/// and the app models it holds: what the `.documentedFormat` checks read and write against.
enum JSONFileStoreFormatSample {
    static let path = "Docs/Formats/json-file-store.json"

    static func make() throws -> FormatSample {
        FormatSample(
            name: path, contents: try FormatSample.contents(of: path), users: DocumentedStoreModels.users,
            posts: DocumentedStoreModels.posts, videos: DocumentedStoreModels.videos)
    }
}
