import Foundation
import Testing

/// `shapeturns scan` and `shapeturns play` run the executables `shapeturns-scan` and
/// `shapeturns-play`, as git runs its subcommands: found beside `shapeturns`, else on `PATH`;
/// one missing or of another version is refused with one line and 69.
@Suite struct SubcommandExecutableTests {
    static let folder = ShapeTurnsBinary.url.deletingLastPathComponent()

    /// `shapeturns` and the full command it runs, `shapeturns-cli`, copied alone into a fresh
    /// folder, so no subcommand's executable is beside them.
    static func lonelyShapeturns() throws -> TemporaryFolder {
        let scratch = try TemporaryFolder()
        for name in ["shapeturns", "shapeturns-cli"] {
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent(name), to: scratch.url.appendingPathComponent(name))
        }
        return scratch
    }

    @Test(arguments: ["scan", "play"])
    func aSubcommandNotBuiltIsNamedWithTheCommandThatBuildsIt(name: String) throws {
        let scratch = try Self.lonelyShapeturns()
        let lonely = scratch.url.appendingPathComponent("shapeturns")
        for arguments in [[name, "--help"], ["help", name], [name]] {
            let result = try ShapeTurnsBinary.runTool(lonely, arguments, environment: ["PATH": "/usr/bin:/bin"])
            #expect(result.status == 69)
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr
                    == "shapeturns: \(name) is a separate executable, and shapeturns-\(name) is neither beside \(scratch.url.path) nor on PATH; build it with `swift build -c release --product shapeturns-\(name)`, or run `scripts/shapeturns \(name) ...` from a checkout\n"
            )
        }
    }

    /// Not beside `shapeturns` but on `PATH`: found there, and run with the arguments as given.
    @Test func aSubcommandOnThePathIsRun() throws {
        let scratch = try Self.lonelyShapeturns()
        let lonely = scratch.url.appendingPathComponent("shapeturns")
        let result = try ShapeTurnsBinary.runTool(
            lonely, ["scan", "--version"], environment: ["PATH": Self.folder.path + ":/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try ShapeTurnsBinary.run(["--version"])).stdout)
    }

    @Test(arguments: ["scan", "play"])
    func aSubcommandOfAnotherVersionRefusesToRun(name: String) throws {
        let executable = Self.folder.appendingPathComponent("shapeturns-\(name)")
        let result = try ShapeTurnsBinary.runTool(
            executable, ["--help"], environment: ["SHAPETURNS_PARENT_VERSION": "0.0.1-other"])
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("shapeturns: shapeturns-\(name) is version "))
        #expect(result.stderr.contains("but shapeturns is 0.0.1-other; build both from one checkout"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// The executables' own errors keep `shapeturns`' words and statuses.
    @Test func aSubcommandsBadInputIsOneLineAnd64() throws {
        let result = try ShapeTurnsBinary.run(["play", "--port", "70000"])
        #expect(result.status == 64)
        #expect(result.stderr == "shapeturns: --port must be 0 to 65535 (got 70000)\n")
    }
}
