/// Why the play server refuses a request: an HTTP status (always 4xx for what a client sent,
/// 5xx for the server's own trouble) and a one-line message for the JSON body.
package struct PlayError: Error, Equatable, Sendable {
    package let statusCode: Int
    package let message: String

    package init(_ status: Int, _ message: String) {
        self.statusCode = status
        self.message = message
    }

    package static func badRequest(_ message: String) -> PlayError { PlayError(400, message) }
    package static let unknownSession = PlayError(404, "unknown or expired session")
    package static func conflict(_ message: String) -> PlayError { PlayError(409, message) }
}
