import Foundation
import Models
import Services

/// The API over a store's services: routes each request, answers with the API's JSON, and (with
/// test controls) counts requests, injects faults and honours the test clock.
struct Backend: Sendable {
    let posts: any PostService
    let users: any UserService
    let library: any VideoLibraryService
    let state: BackendState
    /// Makes and checks password hashes.
    let hasher: PasswordHasher
    /// Locks an account after repeated failed sign-ins.
    let throttle = SignInThrottle(now: BackendClock.now)
    let changes = ChangeLog()
    /// Which posts changed in each author's feed, for the change feed and its long-poll.
    let postLog: PostChangeLog
    let testControls: TestControls?

    /// Every route of the API, in the order they are matched.
    static let routes: [Route] =
        AccountRoutes.all + UserRoutes.all + SessionRoutes.all + PostRoutes.all + VideoRoutes.all + ChangeRoutes.all

    /// Looks at a request's head before its body is read: a body that is not JSON is refused with
    /// 415 at once, instead of after the client has sent (or failed to send) all of it.
    @Sendable static func screen(_ head: RequestHead) -> ServerResponse? {
        guard let length = head.headers["content-length"], length != "0" else { return nil }
        guard !WireCoding.isJSON(contentType: head.headers["content-type"]) else { return nil }
        return APIFailure(415, .unsupportedMediaType, WireCoding.notJSONMessage).response
    }

    /// Answers one request; never throws, every failure becomes an error response.
    func handle(_ request: ServerRequest) async -> ServerResponse {
        guard let controls = testControls else { return await routeOnce(request) }
        await controls.count(request)
        if request.path.hasPrefix("/_test/") { return await controls.handle(request, state: state, postLog: postLog) }
        let matched = Self.routes.first { $0.method == request.method && $0.match(request.path) != nil }
        guard let fault = await controls.fault(for: request, route: matched) else {
            return await routeAtTestTime(request)
        }
        if let delay = fault.delayMilliseconds { try? await Task.sleep(for: .milliseconds(delay)) }
        let runsRoute = fault.status == nil || fault.afterRoute == true
        let response = runsRoute ? await routeAtTestTime(request) : ServerResponse.empty(200)
        // Held after the answer is made: a slow answer carries the state of when it was asked.
        if fault.hold == true { await controls.hold() }
        return fault.apply(to: response)
    }

    /// Routes the request at the instant its `Silo-Test-Now` header names, if any.
    private func routeAtTestTime(_ request: ServerRequest) async -> ServerResponse {
        guard let text = request.header("silo-test-now"), let milliseconds = Int64(text) else {
            return await routeOnce(request)
        }
        return await BackendClock.$override.withValue(Date(millisecondsSince1970: milliseconds)) {
            await routeOnce(request)
        }
    }

    /// Routes the request; a route that keeps answers runs at most once per idempotency key
    /// (see `Idempotency`).
    private func routeOnce(_ request: ServerRequest) async -> ServerResponse {
        var allowed: [String] = []
        for route in Self.routes {
            guard let parameters = route.match(request.path) else { continue }
            guard route.method == request.method else {
                allowed.append(route.method)
                continue
            }
            let context = RouteContext(request: request, parameters: parameters, backend: self)
            guard route.keepsAnswers else { return await Self.run(route, context) }
            return await Idempotency.serve(request, state: state) { await Self.run(route, context) }
        }
        guard allowed.isEmpty else {
            var failure = APIFailure(
                405, .methodNotAllowed, "\(request.path) allows \(allowed.joined(separator: ", "))")
            failure.headers = [("Allow", allowed.joined(separator: ", "))]
            return failure.response
        }
        return .error(status: 404, code: .noRoute, message: "no route for \(request.method) \(request.path)")
    }

    /// Runs `route`'s handler; a success status the route does not declare is answered as a 500
    /// naming it, the bug it is.
    private static func run(_ route: Route, _ context: RouteContext) async -> ServerResponse {
        let response: ServerResponse
        do {
            response = try await route.handler(context)
        } catch {
            return error.response
        }
        guard response.status >= 400 || route.successStatuses.contains(response.status) else {
            return APIFailure(
                500, .internalError,
                "\(route.operationID) answered \(response.status), which it does not declare; "
                    + "declare it in the route and in Docs/openapi.yaml"
            ).response
        }
        return response
    }
}
