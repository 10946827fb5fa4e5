import Foundation
import IntegrationSupport
import Services

/// The SDK's digest, computed by the app's streaming `SHA256`.
///
/// The SDK knows nothing of Services, so the integration injects this through
/// `MediaHostConfiguration.makeDigest`: the host hashes each chunk as it stores it, and
/// `HostedVideo.sha256` equals `SHA256.hexDigest` of the uploaded file without a second read.
struct SHA256Digest: MediaDigest {
    private var hash = SHA256.fastest()

    mutating func append(_ chunk: Data) {
        hash.update(chunk)
    }

    mutating func hexDigest() -> String {
        hash.finalize()
    }
}
