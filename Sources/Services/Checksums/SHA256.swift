/// A streaming SHA-256 (FIPS 180-4), so every host and test computes the same file checksum
/// without a crypto package.
///
/// Feed bytes in chunks of any size with `update(_:)`, then call `finalize()`. A value type: copy
/// it to fork a computation. `HMACSHA256` and `PBKDF2` build on it (and on its block function,
/// `SHA256.State`), so it hashes secrets too: its running time depends on the message's length,
/// never on its contents.
public struct SHA256: Sendable {
    /// Absorbs `count` consecutive 64-byte blocks at `blocks` into `state`, SHA-256's eight words
    /// H0…H7 in order: what a CPU's SHA extensions do (`SHA256.fastest()` in IntegrationSupport
    /// passes one). The portable block function in `State` is used when there is none.
    public typealias BlockFunction =
        @Sendable (_ state: UnsafeMutablePointer<UInt32>, _ blocks: UnsafeRawPointer, _ count: Int) -> Void

    private var state = State()
    private let blockFunction: BlockFunction?
    /// Bytes of an incomplete block carried over to the next `update`.
    private var pending: [UInt8] = []
    private var byteCount: UInt64 = 0

    /// Starts an empty computation on the portable block function.
    public init() {
        self.init(blockFunction: nil)
    }

    /// Starts an empty computation that absorbs whole blocks with `blockFunction` (the portable
    /// one when `nil`): the same digest, faster where the CPU has SHA instructions.
    public init(blockFunction: BlockFunction?) {
        self.blockFunction = blockFunction
        pending.reserveCapacity(64)
    }

    /// Resumes a computation whose first `prefixLength` bytes, a whole number of 64-byte blocks,
    /// left `state`: what HMAC does after its 64-byte key block.
    init(resuming state: State, afterPrefixOfLength prefixLength: Int) {
        precondition(prefixLength >= 0 && prefixLength % 64 == 0, "the prefix is whole 64-byte blocks")
        self.init()
        self.state = state
        byteCount = UInt64(prefixLength)
    }

    /// The lowercase hex SHA-256 of `bytes`.
    public static func hexDigest<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash = SHA256()
        hash.update(Array(bytes))
        return hash.finalize()
    }

    /// Adds `bytes` to the message.
    public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(contiguous: UnsafeRawBufferPointer(buffer))
        }
        if handled == nil {
            Array(bytes).withUnsafeBytes { update(contiguous: $0) }
        }
    }

    /// Pads the message and returns its digest as 64 lowercase hex characters.
    public mutating func finalize() -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        return String(
            decoding: finalizeDigest().flatMap { [hexDigits[Int($0 >> 4)], hexDigits[Int($0 & 0x0f)]] },
            as: UTF8.self)
    }

    /// Pads the message and returns its 32-byte digest.
    mutating func finalizeDigest() -> [UInt8] {
        let bitLength = byteCount &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBytes { buffer in
            for offset in stride(from: 0, to: buffer.count, by: 64) {
                state.compress(buffer, at: offset)
            }
        }
        pending.removeAll()
        return state.digest
    }

    private mutating func update(contiguous buffer: UnsafeRawBufferPointer) {
        byteCount &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<take])
            offset = take
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { state.compress($0, at: 0) }
            pending.removeAll(keepingCapacity: true)
        }
        let wholeBlocks = (buffer.count - offset) / 64
        if let blockFunction, wholeBlocks > 0 {
            state.absorb(
                UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + wholeBlocks * 64]), with: blockFunction)
            offset += wholeBlocks * 64
        }
        while buffer.count - offset >= 64 {
            state.compress(buffer, at: offset)
            offset += 64
        }
        pending.append(contentsOf: buffer[offset...])
    }
}
