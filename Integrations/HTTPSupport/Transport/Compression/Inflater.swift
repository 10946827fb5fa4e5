/// Decodes DEFLATE data (RFC 1951), what HTTP's `gzip` and `deflate` content codings carry, with
/// a limit on the decoded size checked as it grows (a small body cannot expand past it).
///
/// A plain decoder after RFC 1951's description: it reads one bit at a time while decoding a
/// symbol, which is ample for API answers of at most a few MiB.
struct Inflater {
    /// Why decoding stopped.
    enum Failure: Error, Equatable {
        /// The data is not valid DEFLATE (or its wrapper is not valid): what was wrong.
        case corrupt(String)
        /// The decoded data would exceed the limit.
        case tooLarge(limit: Int)
    }

    private let input: [UInt8]
    /// The next byte of `input` to read.
    private(set) var position: Int
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    private let limit: Int
    /// What has been decoded so far.
    private(set) var output: [UInt8] = []

    /// A decoder of the DEFLATE stream that starts at `input[start]`, producing at most `limit` bytes.
    init(_ input: [UInt8], from start: Int, limit: Int) {
        self.input = input
        position = start
        self.limit = limit
    }

    /// Decodes every block up to the last one; `position` is then the first byte after the stream.
    mutating func inflate() throws(Failure) {
        var isLast = false
        while !isLast {
            isLast = try bits(1) == 1
            switch try bits(2) {
            case 0: try storedBlock()
            case 1: try codedBlock(HuffmanTable.fixedLiterals, HuffmanTable.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables()
                try codedBlock(literals, distances)
            default: throw .corrupt("a block has the reserved type 3")
            }
        }
        // The bits left over belong to the last byte read: the stream ends with it.
        bitBuffer = 0
        bitCount = 0
    }

    private mutating func bits(_ count: Int) throws(Failure) -> Int {
        while bitCount < count {
            guard position < input.count else { throw .corrupt("the data ends in the middle of a block") }
            bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        let value = bitBuffer & ((1 << UInt32(count)) - 1)
        bitBuffer >>= UInt32(count)
        bitCount -= count
        return Int(value)
    }

    private mutating func append(_ byte: UInt8) throws(Failure) {
        guard output.count < limit else { throw .tooLarge(limit: limit) }
        output.append(byte)
    }

    private mutating func storedBlock() throws(Failure) {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw .corrupt("a stored block's header is cut short") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF else { throw .corrupt("a stored block's length check fails") }
        position += 4
        guard position + length <= input.count else { throw .corrupt("a stored block is cut short") }
        guard output.count + length <= limit else { throw .tooLarge(limit: limit) }
        output.append(contentsOf: input[position..<position + length])
        position += length
    }

    private mutating func decode(_ table: HuffmanTable) throws(Failure) -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= try bits(1)
            let count = table.counts[length]
            if code - count < first { return table.symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw .corrupt("a code is missing from its Huffman table")
    }

    private mutating func codedBlock(_ literals: HuffmanTable, _ distances: HuffmanTable) throws(Failure) {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                try append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthCode = symbol - 257
            guard lengthCode < Self.lengthBase.count else { throw .corrupt("a length code is out of range") }
            let length = Self.lengthBase[lengthCode] + (try bits(Self.lengthExtraBits[lengthCode]))
            let distanceCode = try decode(distances)
            guard distanceCode < Self.distanceBase.count else { throw .corrupt("a distance code is out of range") }
            let distance = Self.distanceBase[distanceCode] + (try bits(Self.distanceExtraBits[distanceCode]))
            guard distance <= output.count else { throw .corrupt("a distance points before the start of the data") }
            guard output.count + length <= limit else { throw .tooLarge(limit: limit) }
            var from = output.count - distance
            for _ in 0..<length {
                output.append(output[from])
                from += 1
            }
        }
    }

    private mutating func dynamicTables() throws(Failure) -> (HuffmanTable, HuffmanTable) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeLengthCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .corrupt("a block declares too many codes") }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[Self.codeLengthOrder[index]] = try bits(3) }
        let lengthTable = try HuffmanTable(lengths: codeLengths[...])
        var lengths: [Int] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthTable)
            if symbol < 16 {
                lengths.append(symbol)
                continue
            }
            let (value, repeats): (Int, Int)
            switch symbol {
            case 16:
                guard let previous = lengths.last else { throw .corrupt("a repeat has nothing to repeat") }
                (value, repeats) = (previous, 3 + (try bits(2)))
            case 17: (value, repeats) = (0, 3 + (try bits(3)))
            default: (value, repeats) = (0, 11 + (try bits(7)))
            }
            guard lengths.count + repeats <= literalCount + distanceCount else {
                throw .corrupt("code lengths repeat past the end of the table")
            }
            lengths.append(contentsOf: repeatElement(value, count: repeats))
        }
        guard lengths[256] != 0 else { throw .corrupt("a block has no end-of-block code") }
        return (
            try HuffmanTable(lengths: lengths[..<literalCount]), try HuffmanTable(lengths: lengths[literalCount...])
        )
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtraBits = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtraBits = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}
