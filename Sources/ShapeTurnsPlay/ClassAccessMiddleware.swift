import Hummingbird

/// Keeps the teacher's `/class` page, its live feed and the gradebook (every path `/class` or
/// under `/class/`) to whoever has the class token, when the game has one (`--class-token`, or
/// made by `play` when it listens beyond loopback): names and scores are not for every player
/// on the network.
///
/// The token comes as `?token=…` (the address `play` prints) or as the cookie this middleware
/// sets when `/class?token=…` is opened, which it then redirects to plain `/class` so the token
/// leaves the address bar; the page's feed and gradebook link carry the cookie. No token: 401;
/// a wrong one: 403. The game's own page and API are not affected.
struct ClassAccessMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The cookie that carries the token, limited to `/class` paths.
    static var cookieName: String { "shapeturns-class" }

    let token: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        guard let token, path == "/class" || path.hasPrefix("/class/") else {
            return try await next(request, context)
        }
        let fromQuery = request.uri.queryParameters["token"].map(String.init)
        let fromCookie = request.cookies[Self.cookieName]?.value
        guard let given = fromQuery ?? fromCookie else {
            throw PlayError(401, "the class page needs the teacher's address that play printed (with ?token=...)")
        }
        guard ClassToken.same(given, token) else {
            throw PlayError(403, "wrong class token; use the teacher's address that play printed")
        }
        if fromQuery != nil, path == "/class", request.method == .get {
            var response = Response(status: .seeOther, headers: [.location: "/class"])
            response.setCookie(
                Cookie(name: Self.cookieName, value: token, path: "/class", httpOnly: true, sameSite: .lax))
            return response
        }
        return try await next(request, context)
    }
}
