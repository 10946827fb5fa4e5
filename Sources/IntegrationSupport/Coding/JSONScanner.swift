/// Reads JSON text straight into a program's own values, one token at a time: for a file a store
/// reads whole at start, where `JSONDecoder`'s generic containers cost most of the time.
///
/// Every method consumes one token (or one value) and returns `nil` or `false` when the text is
/// not what it asked for, leaving the scanner somewhere undefined: the caller then gives up and
/// reads the text with `JSONDecoder`, whose errors name the place. So the scanner never has to
/// explain a mistake, only never to accept one: strings are checked for control characters and
/// escapes, numbers for their grammar, and nothing but white space may follow the document.
public struct JSONScanner {
    /// How deep `skipValue()` goes into arrays and objects before it gives up: each level is a
    /// call, and text nested deeper (a file of a million `[`) would overflow the stack. The same
    /// as `JSONDecoder`'s, which then says where.
    public static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    /// A scanner at the start of `bytes` (UTF-8), which must stay valid while it is used.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether only white space is left.
    public mutating func isAtEnd() -> Bool {
        skipWhiteSpace()
        return index == bytes.count
    }

    /// Visits each member of the object that comes next, in order: `visit` gets its key and must
    /// consume its value. `false` when the text is not an object, or when `visit` says so.
    public mutating func members(_ visit: (String, inout JSONScanner) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), consume(UInt8(ascii: ":")), visit(key, &self) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    /// Visits each element of the array that comes next: `visit` must consume it. `false` when the
    /// text is not an array, or when `visit` says so.
    public mutating func elements(_ visit: (inout JSONScanner) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "[")) else { return false }
        if consume(UInt8(ascii: "]")) { return true }
        repeat {
            guard visit(&self) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }

    /// Consumes `null` and returns `true`, or consumes nothing and returns `false`.
    public mutating func null() -> Bool {
        skipWhiteSpace()
        guard bytes.count - index >= 4, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
            bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l")
        else { return false }
        index += 4
        return true
    }

    /// The string that comes next, its escapes resolved; `nil` for anything else.
    public mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        // The common case: no escape, so the bytes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return Self.validString(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            index += 1
        }
        var decoded = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return decoded.withUnsafeBufferPointer(Self.validString)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: return nil
                }
            case 0..<0x20:
                return nil
            default:
                decoded.append(byte)
            }
        }
        return nil
    }

    /// `bytes` as a string when they are valid UTF-8 (what `JSONDecoder` requires); `nil` otherwise,
    /// where decoding would have put replacement characters in.
    private static func validString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let string = String(decoding: bytes, as: UTF8.self)
        return string.utf8.elementsEqual(bytes) ? string : nil
    }

    /// The integer that comes next (no fraction, no exponent), or `nil` for anything else.
    public mutating func int64() -> Int64? {
        skipWhiteSpace()
        let negative = consume(UInt8(ascii: "-"), skippingWhiteSpace: false)
        let start = index
        var value: Int64 = 0
        while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        let digits = index - start
        // One or more digits, no leading zero, and not the start of a fraction or an exponent.
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            return nil
        }
        return negative ? -value : value
    }

    /// Consumes the value that comes next, whatever it is: a key the caller does not read.
    /// `false` for a value nested more than `maximumDepth` deep.
    public mutating func skipValue() -> Bool {
        skipWhiteSpace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "{"): return nested { $0.members { _, scanner in scanner.skipValue() } }
        case UInt8(ascii: "["): return nested { $0.elements { $0.skipValue() } }
        case UInt8(ascii: "n"): return null()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        default: return number()
        }
    }

    /// Runs `skip` one level deeper; `false` past `maximumDepth`.
    private mutating func nested(_ skip: (inout JSONScanner) -> Bool) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        depth += 1
        defer { depth -= 1 }
        return skip(&self)
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// Any JSON number: `-`, integer part, optional fraction, optional exponent.
    private mutating func number() -> Bool {
        _ = consume(UInt8(ascii: "-"), skippingWhiteSpace: false)
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        let start = index
        let integer = digits()
        guard integer > 0, integer == 1 || bytes[start] != UInt8(ascii: "0") else { return false }
        if consume(UInt8(ascii: "."), skippingWhiteSpace: false), digits() == 0 { return false }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if !consume(UInt8(ascii: "+"), skippingWhiteSpace: false) {
                _ = consume(UInt8(ascii: "-"), skippingWhiteSpace: false)
            }
            if digits() == 0 { return false }
        }
        return true
    }

    /// The scalar of a `\uXXXX` escape (the `\u` consumed), joining a surrogate pair.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(high) {
            guard consume(UInt8(ascii: "\\"), skippingWhiteSpace: false),
                consume(UInt8(ascii: "u"), skippingWhiteSpace: false), let low = hex4(),
                (0xDC00..<0xE000).contains(low)
            else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func consume(_ byte: UInt8, skippingWhiteSpace: Bool = true) -> Bool {
        if skippingWhiteSpace { skipWhiteSpace() }
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhiteSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}
