import Foundation
import IntegrationSupport

/// Reads one HTTP/1.1 response from a connection: the head (skipping interim `1xx` answers), then
/// the body by `Content-Length`, chunks, or until the server closes, with the size limit checked
/// as it arrives. Content codings are left to `ContentDecoding`.
struct ResponseReader {
    /// The largest response head accepted.
    static let maxHeadBytes = 64 * 1024

    private let connection: ClientConnection
    private let wake: WakeUpPipe
    private let maxBodyBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var receivedAny = false

    /// A reader of `connection`'s next response, woken by `wake`, accepting at most `maxBodyBytes`.
    init(connection: ClientConnection, wake: WakeUpPipe, maxBodyBytes: Int) {
        self.connection = connection
        self.wake = wake
        self.maxBodyBytes = maxBodyBytes
    }

    /// The response, and whether the connection may carry another request.
    ///
    /// - Throws: `.lostBeforeAnswer` when the connection ended before any byte; `.failed` for an
    ///   answer cut short, malformed or too large; `.abandoned` when woken.
    mutating func read() throws(ExchangeError) -> (head: ResponseHead, body: [UInt8], keepAlive: Bool) {
        var head = try readHead()
        while head.isInterim { head = try readHead() }
        guard head.status != 101 else { throw .badAnswer("the server switched protocols unasked") }
        if head.status == 204 || head.status == 304 {
            return (head, [], head.keepsAlive && start == buffer.count)
        }
        if let coding = head["transfer-encoding"] {
            guard coding.lowercased() == "chunked" else {
                throw .failed(.transport(reason: "the answer uses transfer coding '\(coding)'", isTransient: false))
            }
            let body = try readChunks()
            // A length beside the chunks is a framing conflict (RFC 9112 §6.3): never reuse it.
            let isFramedTwice = head["content-length"] != nil
            return (head, body, head.keepsAlive && !isFramedTwice && start == buffer.count)
        }
        if let length = head["content-length"] {
            guard let count = HTTPHeadSyntax.decimal(length) else {
                throw .badAnswer("the answer's Content-Length '\(length)' is not a number")
            }
            guard count <= maxBodyBytes else { throw .failed(.tooLarge(bytes: count, limit: maxBodyBytes)) }
            let body = try take(count)
            return (head, body, head.keepsAlive && start == buffer.count)
        }
        return (head, try readToEnd(), false)
    }

    private mutating func readHead() throws(ExchangeError) -> ResponseHead {
        while true {
            if let end = find([13, 10, 13, 10]), end - start <= Self.maxHeadBytes {
                let text = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 4
                guard let head = ResponseHead(text) else { throw .badAnswer("the server's response was malformed") }
                return head
            }
            guard buffer.count - start <= Self.maxHeadBytes else {
                throw .failed(.transport(reason: "the answer's head is over 64 KiB", isTransient: false))
            }
            guard try more() else {
                throw receivedAny
                    ? .cutShort : .lostBeforeAnswer
            }
        }
    }

    private mutating func readChunks() throws(ExchangeError) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readLine()
            let digits = line.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
            guard let size = Int(digits, radix: 16), size >= 0, !digits.contains("+"), !digits.contains("-") else {
                throw .badAnswer("a chunk of the answer has a malformed size")
            }
            if size == 0 {
                while try !readLine().isEmpty {}
                return body
            }
            guard size <= maxBodyBytes - body.count else {
                let (total, overflowed) = body.count.addingReportingOverflow(size)
                throw .failed(.tooLarge(bytes: overflowed ? Int.max : total, limit: maxBodyBytes))
            }
            body += try take(size)
            guard try readLine().isEmpty else { throw .badAnswer("a chunk of the answer is longer than its size") }
        }
    }

    private mutating func readLine() throws(ExchangeError) -> String {
        while true {
            if let end = find([13, 10]) {
                defer { start = end + 2 }
                return String(decoding: buffer[start..<end], as: UTF8.self)
            }
            guard buffer.count - start <= Self.maxHeadBytes else {
                throw .badAnswer("a line of the answer is too long")
            }
            guard try more() else { throw .cutShort }
        }
    }

    private mutating func take(_ count: Int) throws(ExchangeError) -> [UInt8] {
        while buffer.count - start < count {
            guard try more() else { throw .cutShort }
        }
        defer { start += count }
        return Array(buffer[start..<start + count])
    }

    private mutating func readToEnd() throws(ExchangeError) -> [UInt8] {
        while try more() {
            let count = buffer.count - start
            guard count <= maxBodyBytes else { throw .failed(.tooLarge(bytes: count, limit: maxBodyBytes)) }
        }
        defer { start = buffer.count }
        return Array(buffer[start...])
    }

    /// Reads more bytes, dropping what was consumed first; `false` at the end of the connection.
    private mutating func more() throws(ExchangeError) -> Bool {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        do throws(ExchangeError) {
            guard try connection.read(into: &buffer, wake: wake) else { return false }
        } catch {
            // A reset once part of the answer came cuts the answer; before, nothing was answered.
            if case .lostBeforeAnswer = error, receivedAny {
                throw .cutShort
            }
            throw error
        }
        receivedAny = true
        return true
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count - start >= pattern.count else { return nil }
        var index = start
        while index + pattern.count <= buffer.count {
            if buffer[index] == pattern[0], buffer[index..<index + pattern.count].elementsEqual(pattern) {
                return index
            }
            index += 1
        }
        return nil
    }
}
