import Foundation

/// Runs the built `shapeturns` executable the way a user would.
struct ShapeTurnsBinary {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The executable beside the test bundle (`swift build` puts every product in one folder),
    /// or `SHAPETURNS_BINARY` when set.
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["SHAPETURNS_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shapeturns")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/shapeturns")
    }

    /// Runs `shapeturns`; `environment` adds to (or overrides) the test's own variables; `input`,
    /// when given, is piped to its standard input.
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], input: Data? = nil
    ) throws -> Result {
        try runTool(url, arguments, in: directory, environment: environment, input: input)
    }

    static func runTool(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        input: Data? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory {
            process.currentDirectoryURL = directory
        }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let feed = input.map { _ in Pipe() }
        if let feed {
            process.standardInput = feed
        }
        try process.run()
        if let feed, let input {
            // Written on its own thread, so a tool that answers before reading it all cannot stall.
            let writer = feed.fileHandleForWriting
            Thread.detachNewThread {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        // Standard error is drained on its own thread, so a chatty tool cannot fill the pipe and
        // stall while standard output is being read.
        let errorReader = PipeDrain(errors.fileHandleForReading)
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errorReader.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }
}

/// Reads a pipe to its end on a background thread.
private final class PipeDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
