import Foundation
import Hummingbird

/// What every request passes before the router (docs/play.md, "What the server refuses"):
///
/// - a path in its one plain form: no `//`, no `.` or `..` segment, no `%` escape and no `\`
///   (404), so `//class/gradebook.csv` cannot reach a route that `ClassAccessMiddleware` did
///   not see;
/// - a `Host` that names this server (`HostAllowList`; 421 otherwise), against DNS rebinding;
/// - a request that changes something (any method but GET, HEAD and OPTIONS) only with a JSON
///   body (`Content-Type: application/json`, 415 otherwise) and only from this server's own
///   pages or an origin given with `--allow-origin` (403 otherwise);
/// - CORS for the allowed origins only, and on the API only (`/api/`): a preflight `OPTIONS`
///   is answered 204 with `Access-Control-Allow-Origin` set to the origin, and their replies
///   carry it too; a preflight from any other origin is refused (403).
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: HostAllowList
    /// The origins given with `--allow-origin`, as `scheme://host[:port]`, lowercased.
    let allowedOrigins: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        guard Self.isPlain(path) else { throw PlayError(404, "no such page") }
        guard hosts.allows(request.head.authority) else {
            throw PlayError(421, "this server does not answer to that Host")
        }
        let origin = request.headers[.origin]
        let crossOrigin = origin.map { !Self.isSameOrigin($0, authority: request.head.authority) } ?? false
        let allowedCross = origin.map { allowedOrigins.contains(AllowedOrigin.normalised($0)) } ?? false
        let isAPI = path.hasPrefix("/api/")
        if request.method == .options {
            guard isAPI, let origin, allowedCross else {
                throw PlayError(403, "this origin may not call the API (play --allow-origin)")
            }
            var response = Response(status: .noContent)
            Self.addCORS(to: &response, origin: origin)
            response.headers[.accessControlAllowMethods] = "GET, POST"
            response.headers[.accessControlAllowHeaders] = "Content-Type"
            response.headers[.accessControlMaxAge] = "600"
            return response
        }
        if ![.get, .head].contains(request.method) {
            guard Self.isJSON(request.headers[.contentType]) else {
                throw PlayError(415, "the body must be JSON (Content-Type: application/json)")
            }
            guard !crossOrigin || allowedCross else {
                throw PlayError(403, "requests from another site are refused (play --allow-origin)")
            }
        }
        var response = try await next(request, context)
        if isAPI, let origin, crossOrigin, allowedCross {
            Self.addCORS(to: &response, origin: origin)
        }
        return response
    }

    /// Whether `path` is already in its one plain form.
    static func isPlain(_ path: String) -> Bool {
        guard path.hasPrefix("/"), !path.contains("//"), !path.contains("%"), !path.contains("\\") else {
            return false
        }
        return !path.contains("/./") && !path.contains("/../") && !path.hasSuffix("/.") && !path.hasSuffix("/..")
    }

    private static func isSameOrigin(_ origin: String, authority: String?) -> Bool {
        guard let authority else { return false }
        let text = AllowedOrigin.normalised(origin)
        return text == "http://" + authority.lowercased() || text == "https://" + authority.lowercased()
    }

    private static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return type.lowercased() == "application/json"
    }

    private static func addCORS(to response: inout Response, origin: String) {
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.vary] = "Origin"
    }
}
