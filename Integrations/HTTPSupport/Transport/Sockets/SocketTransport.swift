import Foundation
import IntegrationSupport

/// A transport of the client's own: HTTP/1.1 over POSIX sockets, for plain `http`. Each attempt
/// runs on a thread of its own that sleeps in `poll(2)` until the server, the deadline or a
/// cancel wakes it, so a client waiting on a silent server costs no CPU (URLSession on Linux
/// spins a core then: Docs/ToolchainNotes.md).
///
/// Connections are kept alive and reused. A request that may be repeated (`isIdempotent`) goes
/// first on a kept connection, and again on a new one if that connection turns out to have been
/// closed by the server before any answer (the server may then count one request more than the
/// client's attempts, as with libcurl's own resend); any other request goes on a new connection, so it is
/// never sent twice by the transport itself. Answers are decoded from `gzip` and `deflate`, and
/// redirects are answers, never followed (like the URLSession transport).
final class SocketTransport: HTTPTransport {
    private let host: String
    private let port: Int
    private let hostField: String
    private let pathPrefix: String
    private let limits: TransportLimits
    private let pool: ConnectionPool
    private let calls = InFlightCalls()

    /// A transport for the plain `http` `baseURL`, keeping up to `limits.maxConnections` idle
    /// connections for reuse.
    init(baseURL: URL, limits: TransportLimits) {
        let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        let name = components?.host ?? baseURL.host ?? "localhost"
        host = name.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        port = baseURL.port ?? 80
        let bracketed = host.contains(":") ? "[\(host)]" : host
        hostField = baseURL.port.map { "\(bracketed):\($0)" } ?? bracketed
        var prefix = components?.percentEncodedPath ?? ""
        while prefix.hasSuffix("/") { prefix.removeLast() }
        pathPrefix = prefix
        self.limits = limits
        pool = ConnectionPool(capacity: limits.maxConnections)
    }

    func send(_ request: HTTPRequest) async throws(HTTPFailure) -> HTTPResponse {
        guard !Task.isCancelled else { throw .cancelled }
        var target = pathPrefix + request.path
        if !request.query.isEmpty { target += "?" + PercentEncoding.query(request.query) }
        let bytes = try RequestBytes.make(request, target: target, host: hostField)
        let wake: WakeUpPipe
        do {
            wake = try WakeUpPipe()
        } catch {
            throw .transport(reason: "no descriptor is left for a request (\(error))", isTransient: true)
        }
        let call = SocketCall(wake: wake)
        return try await calls.answer(call, attempt: request.attempt) {
            await call.run(deadline: limits.deadline(of: request), on: limits.time) { [self] in
                exchange(bytes, mayRepeat: request.isIdempotent, wake: wake)
            }
        }
    }

    func close() {
        calls.close()
        pool.close()
    }

    /// Sends `bytes` and reads the answer: on a kept connection first when the request may be
    /// repeated, and on a new one otherwise or when the kept one was dead. Runs on the call's thread.
    private func exchange(_ bytes: [UInt8], mayRepeat: Bool, wake: WakeUpPipe) -> Result<HTTPResponse, HTTPFailure> {
        do throws(ExchangeError) {
            if mayRepeat, let kept = pool.take() {
                do throws(ExchangeError) {
                    return .success(try exchange(bytes, on: kept, wake: wake))
                } catch {
                    // The server closed the kept connection as the request went out (and likely the
                    // other kept ones, idle as long): try a new one, once.
                    guard case .lostBeforeAnswer = error else { throw error }
                    pool.drain()
                }
            }
            guard !wake.isSignalled else { throw .abandoned }
            let connection = try ClientConnection.open(host: host, port: port, wake: wake)
            return .success(try exchange(bytes, on: connection, wake: wake))
        } catch {
            switch error {
            case .lostBeforeAnswer: return .failure(.cutShort)
            case .failed(let failure): return .failure(failure)
            case .abandoned: return .failure(.cancelled)
            }
        }
    }

    private func exchange(
        _ bytes: [UInt8], on connection: ClientConnection, wake: WakeUpPipe
    ) throws(ExchangeError) -> HTTPResponse {
        // Answered already (cancelled, or past the deadline): send nothing the caller was told failed.
        guard !wake.isSignalled else { throw .abandoned }
        let isSent = try connection.write(bytes, wake: wake)
        var reader = ResponseReader(connection: connection, wake: wake, maxBodyBytes: limits.maxResponseBytes)
        let (head, body, keepAlive) = try reader.read()
        let decoded: [UInt8]
        do throws(Inflater.Failure) {
            decoded = try ContentDecoding.decode(body, coding: head["content-encoding"], limit: limits.maxResponseBytes)
        } catch {
            switch error {
            case .tooLarge(let limit): throw .failed(.tooLarge(bytes: limit + 1, limit: limit))
            case .corrupt(let reason):
                throw .failed(.transport(reason: "the answer could not be decoded: \(reason)", isTransient: false))
            }
        }
        // A request not sent whole leaves the server reading its rest: the connection is done.
        if keepAlive && isSent { pool.put(connection) }
        return HTTPResponse(status: head.status, headers: head.fields, body: Data(decoded))
    }
}
