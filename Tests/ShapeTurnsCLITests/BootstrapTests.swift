import Foundation
import Testing

/// `scripts/bootstrap` installs for the command line only what it needs to build and run, the
/// scanner's libraries only for `scan`, and for the tests what they need besides; the README's
/// first command (`scripts/shapeturns`) asks for the first (or the second, for `scan`),
/// `scripts/test` for the third.
@Suite("scripts/bootstrap: what each command installs")
struct BootstrapTests {
    static let script = PythonCheck.root.appendingPathComponent("scripts/bootstrap")
    static let commandLine: Set = [
        "libcairo2-dev", "libpng-dev", "libdeflate-dev", "libturbojpeg0-dev", "libwebp-dev", "libarchive-dev",
        "libssl-dev", "pkg-config", "libpango1.0-dev", "fonts-dejavu-core", "fonts-wqy-microhei", "fonts-lohit-deva",
    ]
    /// `shapeturns-scan` (the ShapeScan target): corner tags, PDF and TIFF pages (JPEG with the
    /// command line's libturbojpeg).
    static let scanner: Set = ["libapriltag-dev", "libpoppler-glib-dev", "libtiff-dev"]
    /// scripts/package: shared-library dependencies, stripping and symbols, its Python helper, lintian.
    static let packagingOnly: Set = ["dpkg-dev", "binutils", "chrpath", "python3", "lintian"]
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

    @Test func scanGetsTheScannersLibrariesBesides() throws {
        #expect(Set(try Self.packages(["--for", "scan", "--list"])) == Self.commandLine.union(Self.scanner))
    }

    @Test func packagingGetsTheScannersLibrariesAndItsToolsBesides() throws {
        let packages = try Self.packages(["--for", "package", "--list"])
        #expect(Set(packages) == Self.commandLine.union(Self.scanner).union(Self.packagingOnly))
        #expect(!packages.contains("chromium"))
        let script = try String(contentsOf: PythonCheck.root.appendingPathComponent("scripts/package"), encoding: .utf8)
        #expect(script.contains("\"$root/scripts/bootstrap\" --for package\n"))
    }

    @Test func theTestsGetTheirToolsBesides() throws {
        let all = Self.commandLine.union(Self.scanner).union(Self.testsOnly)
        #expect(Set(try Self.packages(["--for", "tests", "--list"])) == all)
        #expect(Set(try Self.packages(["--list"])) == all)
    }

    @Test func eachQuickStartCommandAsksForItsOwn() throws {
        let test = try String(contentsOf: PythonCheck.root.appendingPathComponent("scripts/test"), encoding: .utf8)
        #expect(test.contains("\"$root/scripts/bootstrap\" --for tests\n"))
        let run = try String(contentsOf: PythonCheck.root.appendingPathComponent("scripts/shapeturns"), encoding: .utf8)
        #expect(run.contains("\"$root/scripts/bootstrap\" --for \"$purpose\"\n"))
        #expect(run.contains("purpose=cli\n") && run.contains("scan) products+=(shapeturns-scan); purpose=scan ;;"))
    }

    @Test(arguments: [["--for"], ["--for", "everything"], ["--all"]])
    func aWrongArgumentIsRefusedWith64(arguments: [String]) throws {
        let result = try ShapeTurnsBinary.runTool(URL(fileURLWithPath: "/bin/bash"), [Self.script.path] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("usage: scripts/bootstrap [--for cli|scan|package|tests] [--list]"))
    }
}
