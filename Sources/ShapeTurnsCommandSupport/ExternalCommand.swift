import Foundation
import ShapeTurnsCore

/// A subcommand of `shapeturns` built as an executable of its own, as git and cargo run
/// theirs: `shapeturns scan ...` runs `shapeturns-scan ...`, so `shapeturns` links neither the
/// scanner's libraries (poppler, apriltag, libtiff, turbojpeg) nor the web server's (NIO,
/// Hummingbird), and starts without loading them.
///
/// The executable is looked for beside `shapeturns` first, then on `PATH`. It is started with
/// ``versionVariable`` set to `shapeturns`' ``BuildIdentity``, and refuses to run for another
/// (``refuseAnotherVersion()``), so a stale build never answers for a newer one.
package struct ExternalCommand: Sendable {
    /// The subcommand's name (`scan`).
    package let name: String
    /// The one-line summary `shapeturns --help` lists, and the executable's own help shows.
    package let abstract: String

    /// The executable's file name (`shapeturns-scan`).
    package var executable: String { "shapeturns-\(name)" }

    /// `shapeturns scan`.
    package static let scan = ExternalCommand(
        name: "scan",
        abstract: "Read ticked worksheets back from scans (PDF, TIFF, JPEG, PNG) into the class's gradebook.")
    /// `shapeturns play`.
    package static let play = ExternalCommand(
        name: "play",
        abstract:
            "Serve the game in a browser: players tap the larger shape; every answer is recorded with its reaction time."
    )
    /// Every subcommand that is an executable of its own.
    package static let all = [scan, play]

    /// The environment variable that carries the starting `shapeturns`' version.
    package static let versionVariable = "SHAPETURNS_PARENT_VERSION"
    /// sysexits(3)' EX_UNAVAILABLE: the subcommand is not built.
    package static let unavailableStatus: Int32 = 69

    /// The subcommand whose arguments these are, if `shapeturns ARGUMENTS` runs one: `scan ...`,
    /// or `help scan ...`, which is `scan --help`. Returns the subcommand and the arguments to
    /// pass it.
    package static func invoked(by arguments: [String]) -> (command: ExternalCommand, arguments: [String])? {
        guard let first = arguments.first else { return nil }
        if let command = all.first(where: { $0.name == first }) {
            return (command, Array(arguments.dropFirst()))
        }
        if first == "help", arguments.count >= 2, let command = all.first(where: { $0.name == arguments[1] }) {
            return (command, ["--help"])
        }
        return nil
    }

    /// Runs the executable with `arguments` in place of this process; fails with 69 and the
    /// command that builds it when it is neither beside this executable nor on `PATH`.
    package func exec(arguments: [String]) -> Never {
        guard let path = locate() else {
            CommandLineMain.fail(
                "\(name) is a separate executable, and \(executable) is neither beside \(Self.ownDirectory ?? "shapeturns") nor on PATH; build it with `swift build -c release --product \(executable)`, or run `scripts/shapeturns \(name) ...` from a checkout",
                status: Self.unavailableStatus)
        }
        setenv(Self.versionVariable, BuildIdentity.description, 1)
        // The arguments' bytes as passed, UTF-8 or not (`EscapedBytes`).
        let argv = ([path] + arguments).map(EscapedBytes.duplicatedCString) + [nil]
        execv(path, argv)
        CommandLineMain.fail(
            "cannot run \(path): \(String(cString: strerror(errno)))", status: Self.unavailableStatus)
    }

    /// The executable beside this one, else the first on `PATH`.
    package func locate() -> String? {
        locate(
            in: (Self.ownDirectory.map { [$0] } ?? [])
                + Self.folders(ofSearchPath: ProcessInfo.processInfo.environment["PATH"]))
    }

    /// The first executable file named ``executable`` in `folders` (a folder of that name is
    /// passed over, as the shell passes it over).
    package func locate(in folders: [String]) -> String? {
        folders.lazy.map { PathBytes.join($0, executable) }.first { path in
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
        }
    }

    /// The folders of a `PATH` value, an empty entry being the current folder, as the shell reads it.
    package static func folders(ofSearchPath searchPath: String?) -> [String] {
        guard let searchPath, !searchPath.isEmpty else { return [] }
        return searchPath.split(separator: ":", omittingEmptySubsequences: false).map { $0.isEmpty ? "." : String($0) }
    }

    /// In the subcommand's executable: exits with 69 when a `shapeturns` of another version
    /// started it.
    package static func refuseAnotherVersion(executable: String) {
        guard let parent = ProcessInfo.processInfo.environment[versionVariable] else { return }
        unsetenv(versionVariable)
        guard parent != BuildIdentity.description else { return }
        CommandLineMain.fail(
            "\(executable) is version \(BuildIdentity.description) but shapeturns is \(parent); build both from one checkout (`swift build -c release --product \(executable)`)",
            status: unavailableStatus)
    }

    /// The folder of the running executable.
    private static var ownDirectory: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (path as NSString).deletingLastPathComponent
    }
}
