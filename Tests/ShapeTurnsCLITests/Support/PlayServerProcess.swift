import Foundation
import Testing

/// The built `shapeturns play` running on a free port, spoken to with curl as any client would.
final class PlayServerProcess {
    let process = Process()
    /// `http://127.0.0.1:PORT` (no trailing slash).
    let base: String
    /// What the server printed on starting: the game's address, then the class page's.
    let banner: String

    /// Starts `shapeturns play --port 0` with `arguments` and waits for its address.
    init(_ arguments: [String]) throws {
        process.executableURL = ShapeTurnsBinary.url
        process.arguments = ["play", "--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Playing at http://127.0.0.1:PORT/ (records in ...)": the first line names the address.
        var printed = Data()
        while printed.filter({ $0 == UInt8(ascii: "\n") }).count < 2 {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            printed.append(chunk)
        }
        banner = String(decoding: printed, as: UTF8.self)
        let url = try #require(banner.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        base = String(url.dropLast(url.hasSuffix("/") ? 1 : 0))
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// A request's status and body; `body` is sent as JSON.
    func request(_ path: String, method: String = "GET", body: String? = nil) throws -> (status: Int, body: String) {
        var arguments = ["-sS", "-X", method, "-o", "-", "-w", "\n%{http_code}", base + path]
        if let body {
            arguments += ["-H", "Content-Type: application/json", "--data-binary", body]
        }
        let result = try ShapeTurnsBinary.runTool(URL(fileURLWithPath: "/usr/bin/curl"), arguments)
        let text = result.stdout
        let split = try #require(text.lastIndex(of: "\n"))
        return (Int(text[text.index(after: split)...]) ?? 0, String(text[..<split]))
    }

    /// A request whose reply must be JSON with `status`.
    func json(_ path: String, method: String = "GET", body: String? = nil, status: Int = 200) throws -> [String: Any] {
        let reply = try request(path, method: method, body: body)
        #expect(reply.status == status, "\(method) \(path): \(reply.body)")
        return try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
    }

    /// Sends `signal` and waits; the exit status (or the signal's number, when killed by it).
    func stop(_ signal: Int32 = SIGINT) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
