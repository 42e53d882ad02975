import Foundation
import Testing

/// `scripts/bootstrap` installs for the command line only what it needs to build and run, and
/// for the tests what they need besides; the README's first command (`scripts/shapeturns`) asks
/// for the first, `scripts/test` for the second.
@Suite("scripts/bootstrap: what each command installs")
struct BootstrapTests {
    static let script = PythonCheck.root.appendingPathComponent("scripts/bootstrap")
    static let commandLine: Set = [
        "libcairo2-dev", "libpng-dev", "libdeflate-dev", "libarchive-dev", "libssl-dev", "pkg-config",
        "fonts-dejavu-core",
        // `scan` (the ShapeScan target the command line links): corner tags, PDF, TIFF and JPEG pages.
        "libapriltag-dev", "libpoppler-glib-dev", "libtiff-dev", "libturbojpeg0-dev",
    ]
    static let testsOnly: Set = [
        "chromium", "chromium-driver", "librsvg2-bin", "poppler-utils", "python3", "python3-venv",
    ]

    static func packages(_ arguments: [String]) throws -> [String] {
        let result = try ShapeTurnsBinary.runTool(URL(fileURLWithPath: "/bin/bash"), [script.path] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func theCommandLineGetsOnlyWhatItNeeds() throws {
        let packages = try Self.packages(["--for", "cli", "--list"])
        #expect(Set(packages) == Self.commandLine)
        #expect(packages.count == Self.commandLine.count)
    }

    @Test func theTestsGetTheirToolsBesides() throws {
        #expect(Set(try Self.packages(["--for", "tests", "--list"])) == Self.commandLine.union(Self.testsOnly))
        #expect(Set(try Self.packages(["--list"])) == Self.commandLine.union(Self.testsOnly))
    }

    @Test(arguments: [("shapeturns", "--for cli"), ("test", "--for tests")])
    func eachQuickStartCommandAsksForItsOwn(script: String, purpose: String) throws {
        let text = try String(
            contentsOf: PythonCheck.root.appendingPathComponent("scripts/\(script)"), encoding: .utf8)
        #expect(text.contains("\"$root/scripts/bootstrap\" \(purpose)\n"))
    }

    @Test(arguments: [["--for"], ["--for", "everything"], ["--all"]])
    func aWrongArgumentIsRefusedWith64(arguments: [String]) throws {
        let result = try ShapeTurnsBinary.runTool(URL(fileURLWithPath: "/bin/bash"), [Self.script.path] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("usage: scripts/bootstrap [--for cli|tests] [--list]"))
    }
}
