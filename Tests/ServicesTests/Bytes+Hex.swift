extension Array where Element == UInt8 {
    /// The bytes as lowercase hex, two characters each: how test vectors are written.
    var hex: String {
        map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
