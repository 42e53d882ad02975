import Hummingbird

/// Adds `headers` (`PlayServer.securityHeaders(allowing:)`) to every response, errors included.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    let headers: HTTPFields

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        for field in headers {
            response.headers[field.name] = field.value
        }
        return response
    }
}
