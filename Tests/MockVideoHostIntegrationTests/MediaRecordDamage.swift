import Foundation
import Testing

/// Ways a media record can be damaged that a read must report as corrupt data, not crash on.
enum MediaRecordDamage: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Not JSON at all.
    case notJSON = "not JSON"
    /// Well-formed, with a negative byte size (the running time is derived from it).
    case negativeByteSize = "a negative byte size"

    var testDescription: String { rawValue }

    /// The record's bytes with this damage.
    func apply(to record: Data) throws -> Data {
        switch self {
        case .notJSON:
            return Data("{ not json".utf8)
        case .negativeByteSize:
            var object = try #require(try JSONSerialization.jsonObject(with: record) as? [String: Any])
            var media = try #require(object["media"] as? [String: Any])
            try #require(media["byteSize"] != nil, "the record's media has no byteSize: \(media.keys.sorted())")
            media["byteSize"] = -50_000
            object["media"] = media
            return try JSONSerialization.data(withJSONObject: object)
        }
    }
}
