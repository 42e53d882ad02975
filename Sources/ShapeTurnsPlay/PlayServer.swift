import Foundation
import Hummingbird
import ServiceLifecycle
import ShapeGame
import UnixSignals

/// The HTTP side of `shapeturns play` (Hummingbird 2): the page, its script and style, the JSON
/// API over `PlayGame`, and the security headers every response carries. No game logic here.
package struct PlayServer: Sendable {
    package let game: PlayGame

    package init(game: PlayGame) {
        self.game = game
    }

    /// Every response: no caching of answers, no sniffing, a Content-Security-Policy that allows
    /// only this server's own script, style and images, and framing only by `origins` (the
    /// `--allow-origin` ones; none by default).
    static func securityHeaders(allowing origins: [String]) -> HTTPFields {
        let ancestors = origins.isEmpty ? "'none'" : origins.joined(separator: " ")
        return [
            .contentSecurityPolicy:
                "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
                + "base-uri 'none'; form-action 'none'; frame-ancestors \(ancestors)",
            .init("X-Content-Type-Options")!: "nosniff",
            .init("Referrer-Policy")!: "no-referrer",
            .cacheControl: "no-store",
        ]
    }

    /// The router: the page at `/`, the API under `/api/sessions`, and the teacher's `/class`.
    package func makeRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        let options = game.options
        router.add(
            middleware: SecurityHeadersMiddleware(headers: Self.securityHeaders(allowing: options.allowedOrigins)))
        router.add(
            middleware: RequestGuardMiddleware(
                hosts: HostAllowList(listenHost: options.host),
                allowedOrigins: Set(options.allowedOrigins.map(AllowedOrigin.normalised))))
        router.add(middleware: ClassAccessMiddleware(token: game.options.classToken))
        router.get("/") { _, _ in Self.response(PlayPage.html, type: "text/html; charset=utf-8") }
        router.get("/play.js") { _, _ in Self.response(PlayPage.script, type: "text/javascript; charset=utf-8") }
        router.get("/play.css") { _, _ in Self.response(PlayPage.style, type: "text/css; charset=utf-8") }
        // Browsers ask for an icon; an empty answer keeps their consoles free of 404s.
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        router.post("/api/sessions") { request, _ in
            let body: PlayPayloads.NewSession = try await Self.decode(request)
            return try Self.json(
                try await game.startSession(name: body.name, metadata: body.metadata), status: .created)
        }
        router.get("/api/sessions/:id") { _, context in
            try Self.json(try await game.session(try context.parameters.require("id")))
        }
        router.post("/api/sessions/:id/answers") { request, context in
            let id = try context.parameters.require("id")
            let body: PlayPayloads.Answer = try await Self.decode(request)
            return try Self.json(try await game.answer(body, session: id))
        }
        router.get("/api/sessions/:id/answers.csv") { _, context in
            Self.response(
                try await game.csv(session: try context.parameters.require("id")), type: "text/csv; charset=utf-8")
        }
        router.get("/api/sessions/:id/turns/:turn/:image") { _, context in
            let id = try context.parameters.require("id")
            let turn = try context.parameters.require("turn", as: Int.self)
            let image = try context.parameters.require("image")
            guard image == "a.png" || image == "b.png", let label = ShapeLabel(rawValue: String(image.prefix(1))) else {
                throw HTTPError(.notFound)
            }
            let bytes = try await game.image(session: id, turn: turn, label: label)
            return Response(
                status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        addClassRoutes(to: router)
        return router
    }

    /// The teacher's page, its live feed (server-sent events: an `event: class` with the class
    /// list as JSON now and after every change) and the gradebook. A feed ends when the server
    /// shuts down, so that Ctrl-C is not held up by an open page.
    private func addClassRoutes(to router: Router<BasicRequestContext>) {
        router.get("/class") { _, _ in Self.response(ClassPage.html, type: "text/html; charset=utf-8") }
        router.get("/class.js") { _, _ in Self.response(ClassPage.script, type: "text/javascript; charset=utf-8") }
        router.get("/class.css") { _, _ in Self.response(ClassPage.style, type: "text/css; charset=utf-8") }
        router.get("/class/gradebook.csv") { _, _ in
            var response = Self.response(await game.classGradebookCSV(), type: "text/csv; charset=utf-8")
            response.headers[.contentDisposition] = "attachment; filename=\"gradebook.csv\""
            return response
        }
        router.get("/class/trials.csv") { _, _ in
            var response = Self.response(await game.classTrialsCSV(), type: "text/csv; charset=utf-8")
            response.headers[.contentDisposition] = "attachment; filename=\"trials.csv\""
            return response
        }
        router.get("/class/events") { _, _ in
            let feed = try await watchClassWaiting()
            let body = ResponseBody { writer in
                try await ClassFeedWriter.write(feed, to: &writer)
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "text/event-stream; charset=utf-8"], body: body)
        }
    }

    /// A class feed; when every slot is taken, waits up to `ClassFeedWriter.slotWait` for one
    /// to be freed (a page that went away frees its slot at the next heartbeat) before the 503.
    private func watchClassWaiting() async throws -> AsyncStream<PlayPayloads.ClassSnapshot> {
        let deadline = ContinuousClock.now + ClassFeedWriter.slotWait
        while true {
            let outcome = await game.watchClassOrBusy()
            switch outcome {
            case .success(let feed):
                return feed
            case .failure(let error):
                guard error.statusCode == 503, ContinuousClock.now < deadline else { throw error }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// How long Ctrl-C or SIGTERM waits for requests in flight before it cancels them.
    static let shutdownGrace: Duration = .seconds(3)

    /// Rebuilds the sessions of the records already in `--out` (`PlayGame.restoreSessions()`),
    /// then runs until SIGINT or SIGTERM: stops accepting, finishes requests in flight (at most
    /// `shutdownGrace`, then cancels them) and returns.
    package func run(onReady: @escaping @Sendable (String) -> Void = { _ in }) async throws {
        let options = game.options
        _ = await game.restoreSessions()
        let app = Application(
            router: makeRouter(),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: nil),
            onServerRunning: { channel in onReady(channel.localAddress?.description ?? "") })
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: app)], gracefulShutdownSignals: [.sigterm, .sigint],
            logger: app.logger)
        configuration.maximumGracefulShutdownDuration = Self.shutdownGrace
        configuration.maximumCancellationDuration = Self.shutdownGrace
        try await ServiceGroup(configuration: configuration).run()
    }

    // MARK: - Bodies

    static func decode<Body: Decodable>(_ request: Request) async throws -> Body {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: PlayOptions.bodyLimit)
        } catch {
            throw HTTPError(.contentTooLarge, message: "the body is over \(PlayOptions.bodyLimit) bytes")
        }
        if let key = DuplicateKeyCheck.duplicateKey(in: buffer.readableBytesView) {
            throw HTTPError(.badRequest, message: "the body names \"\(key.prefix(64))\" twice; each key once")
        }
        do {
            return try JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
        } catch {
            throw HTTPError(.badRequest, message: "the body is not the JSON this request takes (docs/play.md)")
        }
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func response(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

extension PlayError: HTTPResponseError {
    package var status: HTTPResponse.Status { .init(code: statusCode) }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        try HTTPError(status, message: message).response(from: request, context: context)
    }
}
