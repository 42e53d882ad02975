import Foundation
import Testing

/// Runs one of `scripts/checks/*.py` with the Python of `scripts/python-env` (which installs
/// selenium and xmlschema on first use) and returns the JSON it prints.
enum PythonCheck {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func python() throws -> URL {
        let env = try ShapeTurnsBinary.runTool(root.appendingPathComponent("scripts/python-env"), [])
        try #require(env.status == 0, "scripts/python-env: \(env.stderr)")
        return URL(fileURLWithPath: env.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static func run(_ script: String, _ arguments: [String]) throws -> [String: Any] {
        let path = root.appendingPathComponent("scripts/checks/\(script)").path
        let result = try ShapeTurnsBinary.runTool(try python(), [path] + arguments)
        try #require(result.status == 0, "\(script): \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any])
    }
}
