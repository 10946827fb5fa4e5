import CommandLineSupport
import Foundation
import IntegrationSupport
import Services

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `silo-backend`: the development server for the HTTP integration, on 127.0.0.1.
@main
enum SiloBackend {
    @MainActor static func main() async {
        let options: BackendOptions
        do {
            guard let parsed = try BackendOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
                print(BackendOptions.help.rendered(width: 80))
                return
            }
            options = parsed
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(64)  // EX_USAGE, as `silo` exits on a malformed command line
        }
        if options.store == .sqlite {
            do {
                try FileManager.default.createDirectory(at: options.dataDirectory, withIntermediateDirectories: true)
            } catch {
                fail("cannot create \(options.dataDirectory.path): \(error.localizedDescription)", status: 1)
            }
        }
        // With test controls, `POST /_test/crash` arms a crash at the next durable write (the
        // store's commits and the state journal's writes): the process then dies at once
        // (SIGKILL), as a real crash would, before anything is written.
        let crashSwitch = options.testControls ? CrashSwitch(onCrash: { kill(getpid(), SIGKILL) }) : nil
        let store = options.store.makeIntegration(dataDirectory: options.dataDirectory, crashSwitch: crashSwitch)
        do {
            try await store.start()
        } catch {
            fail("cannot open the \(options.store.rawValue) store: \(error)", status: 1)
        }
        guard let posts = store.services.service(.posts), let users = store.services.service(.users),
            let library = store.services.service(.library)
        else { fail("the \(options.store.rawValue) store does not serve posts, users and the library", status: 1) }
        let clock: ServerClock = options.manualClock ? .manual() : .system()
        let status = ServerStatus()
        var limits = BackendState.Limits()
        limits.accessLifetime = options.accessTokenLifetime
        let state = BackendState(
            file: options.store == .sqlite ? options.dataDirectory.appendingPathComponent("backend-state.jsonl") : nil,
            limits: limits, crashSwitch: crashSwitch)
        do {
            try await state.open()
            let completed = try await state.settleSignUps(users: users)
            if completed > 0 {
                FileHandle.standardError.write(
                    Data("silo-backend: completed \(completed) sign-up(s) the last stop cut short\n".utf8))
            }
        } catch {
            await store.stop()
            fail("cannot open the backend's state: \(error)", status: 1)
        }
        // The places the descriptor limit leaves, known before the server exists: the change
        // log bounds its long-polls by them.
        var serverLimits = options.limits
        serverLimits.maxConnections = min(serverLimits.maxConnections, HTTPServer.descriptorBudget())
        let backend = Backend(
            posts: posts, users: users, library: library, state: state,
            hasher: PasswordHasher(iterations: options.passwordIterations),
            postLog: PostChangeLog(clock: clock, longPolls: serverLimits.longPolls),
            testControls: options.testControls
                ? TestControls(clock: clock, status: status, crashSwitch: options.store == .sqlite ? crashSwitch : nil)
                : nil)
        let server: HTTPServer
        do {
            server = try HTTPServer(
                port: options.port, limits: serverLimits, clock: clock, status: status, screen: Backend.screen,
                handler: backend.handle)
        } catch {
            await store.stop()
            fail("\(error)", status: 1)
        }
        let shutdown = Shutdown(store: store)
        shutdown.onSignals()
        if options.exitsWhenInputCloses { shutdown.whenInputEnds() }
        // Written straight to the descriptor: tests read this line from a pipe to learn the port.
        FileHandle.standardOutput.write(
            Data("silo-backend listening on http://127.0.0.1:\(server.port) (store: \(options.store.rawValue))\n".utf8))
        Thread.detachNewThread { server.run() }
        while true { try? await Task.sleep(for: .seconds(3600)) }
    }

    /// Says `message` on standard error, its control characters escaped (it can hold a path or a
    /// store's error naming one, as typed), and exits with `status`.
    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("silo-backend: \(VisibleEscapes.escaped(message))\n".utf8))
        exit(status)
    }
}
