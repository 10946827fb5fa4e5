// Goes with sign-in or the HTTP backend (only silo-backend hashes passwords); part of: authentication, HTTPBackend
import Services

/// What one password check costs `silo-backend` at its default iteration count, and whether a
/// refused sign-in takes as long whatever the reason (so its timing tells nobody which handles
/// exist).
struct PasswordHashingSuite: BenchmarkSuite {
    let name = "Password hashing"
    var iterations = 600_000

    func run() async throws -> [BenchmarkRow] {
        [try await derivation(), try await refusals()].flatMap { $0 }
    }

    /// PBKDF2-HMAC-SHA256 against the same number of one-block SHA-256 hashes through the public
    /// `SHA256` API (a PBKDF2 iteration is two compressions of one block).
    private func derivation() async throws -> [BenchmarkRow] {
        let benchmark = Benchmark(repetitions: 3)
        let password = Array("correct horse battery staple".utf8)
        let salt = [UInt8](repeating: 7, count: 16)
        let iterations = self.iterations
        let hashes = await benchmark.median {
            var hash = Array(repeating: UInt8(0), count: 32)
            for _ in 0..<(2 * iterations) {
                var sha = SHA256()
                sha.update(hash)
                hash = Array(sha.finalize().utf8.prefix(32))
            }
            blackHole(hash)
        }
        let derived = await benchmark.median {
            blackHole(PBKDF2.sha256(password: password, salt: salt, iterations: iterations))
        }
        return [
            BenchmarkRow(
                benchmark: name,
                baseline: "\(formatted(hashes.milliseconds)) ms",
                subject: "\(formatted(derived.milliseconds)) ms",
                ratio: "\(formatted(derived.nanoseconds / hashes.nanoseconds, digits: 2))x time",
                notes: "one PBKDF2-HMAC-SHA256 check at \(iterations) iterations (silo-backend's default); "
                    + "baseline: \(2 * iterations) one-block SHA-256 hashes through SHA256"
            )
        ]
    }

    /// `POST /v1/sessions` refused for an unknown handle and for a device account, against a wrong
    /// password for an account that has one, on the release `silo-backend` at its default count.
    /// Four tries per handle at most: the fifth failure would lock it.
    private func refusals() async throws -> [BenchmarkRow] {
        let backend = try BackendServerProcess.start()
        defer { backend.stop() }
        let password = "correct horse battery staple"
        guard
            try await backend.send(
                "POST", "v1/accounts", ["handle": "bench_owner", "display_name": "B", "password": password]) == 201,
            try await backend.send("POST", "v1/accounts", ["handle": "bench_device", "display_name": "B"]) == 201
        else { throw BenchmarkFailure("silo-backend did not make the benchmark's accounts") }
        let benchmark = Benchmark(repetitions: 3)
        func refused(_ handle: @escaping () -> String) async throws -> Duration {
            try await benchmark.median {
                let status = try await backend.send(
                    "POST", "v1/sessions", ["handle": handle(), "password": "wrong horse battery"])
                guard status == 401 else { throw BenchmarkFailure("a refused sign-in answered \(status)") }
            }
        }
        let wrong = try await refused { "bench_owner" }
        let unknown = Counter()
        let nobody = try await refused { "bench_nobody_\(unknown.next())" }
        let device = try await refused { "bench_device" }
        return [("unknown handle", nobody), ("device account", device)].map { label, subject in
            BenchmarkRow(
                benchmark: "Sign-in refusal: \(label)",
                baseline: "\(formatted(wrong.milliseconds)) ms",
                subject: "\(formatted(subject.milliseconds)) ms",
                ratio: "\(formatted(subject.nanoseconds / wrong.nanoseconds, digits: 2))x time",
                notes: "median of 3 refused POST /v1/sessions over loopback; baseline: a wrong password for "
                    + "an account that has one"
            )
        }
    }
}

/// Counts up from zero: a fresh handle for each try.
private final class Counter {
    private var value = 0

    func next() -> Int {
        value += 1
        return value
    }
}
