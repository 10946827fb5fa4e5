/// Undoes the content codings the socket transport asks for (`Accept-Encoding: gzip, deflate`):
/// gzip (RFC 1952) and zlib-wrapped DEFLATE (RFC 1950, what HTTP calls `deflate`), each checked
/// against its checksum, and never decoded past the response size limit.
enum ContentDecoding {
    /// The codings this decoder undoes, as the request's `Accept-Encoding` lists them.
    static let accepted = "gzip, deflate"

    /// `body` decoded from `coding` (a `Content-Encoding` value; none or `identity` leaves it as it
    /// is). An empty body (a 204, a 304 repeating the coding of what it stands for) is empty in
    /// any coding.
    ///
    /// - Throws: `.corrupt` naming what is wrong, also for a coding that was not asked for;
    ///   `.tooLarge` when the decoded body would pass `limit`.
    static func decode(_ body: [UInt8], coding: String?, limit: Int) throws(Inflater.Failure) -> [UInt8] {
        guard !body.isEmpty else { return [] }
        return switch coding?.lowercased() ?? "identity" {
        case "identity", "": body
        case "gzip", "x-gzip": try gunzip(body, limit: limit)
        case "deflate": try unwrapZlib(body, limit: limit)
        case let other: throw .corrupt("the answer is encoded as '\(other)', which was not asked for")
        }
    }

    /// Decodes every gzip member of `data`, one after another.
    static func gunzip(_ data: [UInt8], limit: Int) throws(Inflater.Failure) -> [UInt8] {
        var output: [UInt8] = []
        var start = 0
        repeat {
            let body = try gzipHeaderEnd(data, from: start)
            var inflater = Inflater(data, from: body, limit: limit - output.count)
            try inflater.inflate()
            let trailer = inflater.position
            guard trailer + 8 <= data.count else { throw .corrupt("the gzip trailer is cut short") }
            let crc = littleEndian(data, at: trailer)
            let size = littleEndian(data, at: trailer + 4)
            guard crc == CRC32.checksum(inflater.output) else { throw .corrupt("the gzip checksum does not match") }
            guard size == UInt32(truncatingIfNeeded: inflater.output.count) else {
                throw .corrupt("the gzip length does not match")
            }
            output += inflater.output
            start = trailer + 8
        } while start < data.count
        return output
    }

    /// Decodes a zlib stream: a two-byte header, DEFLATE data, and an Adler-32 checksum.
    static func unwrapZlib(_ data: [UInt8], limit: Int) throws(Inflater.Failure) -> [UInt8] {
        guard data.count >= 6 else { throw .corrupt("the zlib stream is cut short") }
        let (method, flags) = (data[0], data[1])
        guard method & 0x0F == 8, (UInt16(method) << 8 | UInt16(flags)) % 31 == 0 else {
            throw .corrupt("the zlib header is not valid")
        }
        guard flags & 0x20 == 0 else { throw .corrupt("the zlib stream needs a preset dictionary") }
        var inflater = Inflater(data, from: 2, limit: limit)
        try inflater.inflate()
        let end = inflater.position
        guard end + 4 <= data.count else { throw .corrupt("the zlib checksum is cut short") }
        let expected =
            UInt32(data[end]) << 24 | UInt32(data[end + 1]) << 16 | UInt32(data[end + 2]) << 8
            | UInt32(data[end + 3])
        guard expected == Adler32.checksum(inflater.output) else { throw .corrupt("the zlib checksum does not match") }
        return inflater.output
    }

    /// Where the DEFLATE data of the gzip member at `start` begins, past its header's optional fields.
    private static func gzipHeaderEnd(_ data: [UInt8], from start: Int) throws(Inflater.Failure) -> Int {
        guard start + 10 <= data.count, data[start] == 0x1F, data[start + 1] == 0x8B, data[start + 2] == 8 else {
            throw .corrupt("the gzip header is not valid")
        }
        let flags = data[start + 3]
        var position = start + 10
        if flags & 0x04 != 0 {
            guard position + 2 <= data.count else { throw .corrupt("the gzip header is cut short") }
            position += 2 + (Int(data[position]) | Int(data[position + 1]) << 8)
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {
            guard let end = data[min(position, data.count)...].firstIndex(of: 0) else {
                throw .corrupt("the gzip header is cut short")
            }
            position = end + 1
        }
        if flags & 0x02 != 0 { position += 2 }
        guard position < data.count else { throw .corrupt("the gzip header is cut short") }
        return position
    }

    private static func littleEndian(_ data: [UInt8], at index: Int) -> UInt32 {
        (0..<4).reduce(0) { value, offset in value | UInt32(data[index + offset]) << (8 * UInt32(offset)) }
    }
}
