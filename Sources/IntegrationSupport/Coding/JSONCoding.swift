import Foundation

/// The one JSON style of the files and bodies the app writes: keys sorted (the same value always
/// gives the same bytes, and diffs stay small), slashes not escaped, and dates as ISO 8601 in UTC
/// with milliseconds (`iso8601WithMilliseconds`), exact for every app model.
public enum JSONCoding {
    /// A new encoder in this style; `prettyPrinted` adds line breaks and indentation, for files
    /// that people read.
    public static func encoder(prettyPrinted: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if prettyPrinted { encoder.outputFormatting.insert(.prettyPrinted) }
        encoder.dateEncodingStrategy = .iso8601WithMilliseconds
        return encoder
    }

    /// A new decoder that reads what `encoder(prettyPrinted:)` writes, and dates with or without
    /// fractional seconds.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithMilliseconds
        return decoder
    }
}
