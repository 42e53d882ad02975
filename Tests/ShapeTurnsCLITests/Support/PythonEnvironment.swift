import Foundation

/// The project's Python with webdataset, datasets and Pillow, made by `scripts/python-env` on
/// first use (one install per clone, into `.build/python-env`), for tests that read ShapeTurns'
/// output with the libraries ML users load it with.
enum PythonEnvironment {
    /// The repository's root, found from this file's place in it.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The venv's python, or the error `scripts/python-env` printed.
    static let python: Result<URL, PythonEnvironmentError> = {
        let script = repositoryRoot.appendingPathComponent("scripts/python-env")
        do {
            let result = try ShapeTurnsBinary.runTool(URL(fileURLWithPath: "/bin/bash"), [script.path])
            let path = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            guard result.status == 0, !path.isEmpty else {
                return .failure(
                    PythonEnvironmentError(message: "scripts/python-env failed (\(result.status)): \(result.stderr)"))
            }
            return .success(URL(fileURLWithPath: path))
        } catch {
            return .failure(PythonEnvironmentError(message: "cannot run scripts/python-env: \(error)"))
        }
    }()

    /// Runs `Tests/Python/NAME` with `arguments`, offline, with a datasets cache of its own.
    static func runScript(_ name: String, _ arguments: [String], cache: URL) throws -> ShapeTurnsBinary.Result {
        let python = try python.get()
        let script = repositoryRoot.appendingPathComponent("Tests/Python/\(name)")
        var environment = ProcessInfo.processInfo.environment
        environment["HF_HUB_OFFLINE"] = "1"
        environment["HF_DATASETS_CACHE"] = cache.path
        environment["HF_HOME"] = cache.appendingPathComponent("home").path
        environment["HF_DATASETS_DISABLE_PROGRESS_BARS"] = "1"
        return try ShapeTurnsBinary.runTool(python, [script.path] + arguments, environment: environment)
    }
}

struct PythonEnvironmentError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
