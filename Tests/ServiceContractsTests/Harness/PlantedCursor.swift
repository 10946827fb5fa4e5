import Foundation
import Models
import Services

/// Reads and writes the `KeysetCursor` text format directly, so a planted defect can accept a
/// cursor the real code would refuse (it decodes without checking the scope).
enum PlantedCursor {
    /// The position and scope inside `cursor`, whatever its scope; `nil` when it is not one.
    static func decode(_ cursor: Cursor) -> KeysetCursor? {
        var base64 = cursor.rawValue.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        let bytes = Array(data)
        var fields: [String] = []
        var start = 0
        while fields.count < 3 {
            guard let end = bytes[start...].firstIndex(of: 0x0A) else { return nil }
            fields.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end + 1
        }
        guard let milliseconds = Int64(fields[1]), let length = Int(fields[2]), length <= bytes.count - start else {
            return nil
        }
        let scope = String(decoding: bytes[start..<start + length], as: UTF8.self)
        let id = String(decoding: bytes[(start + length)...], as: UTF8.self)
        return KeysetCursor(scope: scope, milliseconds: milliseconds, id: id)
    }
}
