/// A canonical Huffman code of DEFLATE (RFC 1951 §3.2.2), built from the code length of each
/// symbol: how many codes each length has, and the symbols in code order.
struct HuffmanTable {
    /// How many symbols have a code of each length, 0 to 15.
    let counts: [Int]
    /// The symbols that have a code, ordered by code length, then by symbol.
    let symbols: [Int]

    /// The code whose symbol `i` is `lengths[i]` bits long (0: the symbol has no code).
    ///
    /// - Throws: `.corrupt` when the lengths describe more codes than bits allow.
    init(lengths: ArraySlice<Int>) throws(Inflater.Failure) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[length] += 1 }
        var left = 1
        for length in 1...15 {
            left = left * 2 - counts[length]
            guard left >= 0 else { throw .corrupt("a Huffman table has more codes than its lengths allow") }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        var symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in zip(0..., lengths) where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
        self.counts = counts
        self.symbols = symbols
    }

    /// The code for literals and lengths of a block with fixed codes.
    static let fixedLiterals: HuffmanTable = {
        let lengths =
            Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112)
            + Array(repeating: 7, count: 24) + Array(repeating: 8, count: 8)
        // Fixed lengths that RFC 1951 gives never oversubscribe.
        return try! HuffmanTable(lengths: lengths[...])
    }()

    /// The code for distances of a block with fixed codes.
    static let fixedDistances: HuffmanTable = {
        // Thirty 5-bit codes never oversubscribe.
        try! HuffmanTable(lengths: Array(repeating: 5, count: 30)[...])
    }()
}
