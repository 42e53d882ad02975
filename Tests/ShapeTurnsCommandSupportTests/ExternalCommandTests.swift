import Foundation
import Testing

@testable import ShapeTurnsCommandSupport

/// `shapeturns scan` and `shapeturns play` run executables of their own; which arguments go to
/// them, and where they are found.
@Suite struct ExternalCommandTests {
    @Test(arguments: [
        (["scan", "copier.pdf", "--key", "k.pdf"], "scan", ["copier.pdf", "--key", "k.pdf"]),
        (["play"], "play", []),
        (["play", "--help"], "play", ["--help"]),
        (["help", "scan"], "scan", ["--help"]),
        (["help", "play", "extra"], "play", ["--help"]),
    ])
    func theSubcommandsArgumentsArePassedOnAsTheyAre(arguments: [String], name: String, passed: [String]) throws {
        let invoked = try #require(ExternalCommand.invoked(by: arguments))
        #expect(invoked.command.name == name)
        #expect(invoked.command.executable == "shapeturns-\(name)")
        #expect(invoked.arguments == passed)
    }

    @Test(arguments: [[], ["generate", "scan"], ["help"], ["help", "generate"], ["scanner"], ["--version"], ["Scan"]])
    func otherArgumentsStayWithShapeturns(arguments: [String]) {
        #expect(ExternalCommand.invoked(by: arguments) == nil)
    }

    @Test func theFirstExecutableFileOfThatNameIsRunAndOthersAreSkipped() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shapeturns-external-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let folders = ["a", "b", "c"].map { root.appendingPathComponent($0).path }
        for folder in folders {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        // A folder of the executable's name comes first, and is no executable.
        try FileManager.default.createDirectory(
            atPath: folders[0] + "/shapeturns-scan", withIntermediateDirectories: true)
        let readable = folders[1] + "/shapeturns-scan"
        let runnable = folders[2] + "/shapeturns-scan"
        for (file, mode) in [(readable, 0o644), (runnable, 0o755)] {
            #expect(FileManager.default.createFile(atPath: file, contents: Data("#!/bin/sh\n".utf8)))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
        }
        #expect(ExternalCommand.scan.locate(in: folders) == runnable)
        #expect(ExternalCommand.play.locate(in: folders) == nil)
        #expect(ExternalCommand.scan.locate(in: []) == nil)
    }

    @Test(arguments: [
        ("/usr/bin:/bin", ["/usr/bin", "/bin"]),
        ("/opt/x::/bin", ["/opt/x", ".", "/bin"]),
        (":/bin", [".", "/bin"]),
        ("", []),
    ])
    func aSearchPathIsReadAsTheShellReadsIt(path: String, folders: [String]) {
        #expect(ExternalCommand.folders(ofSearchPath: path) == folders)
    }

    @Test func noSearchPathSearchesNothing() {
        #expect(ExternalCommand.folders(ofSearchPath: nil).isEmpty)
    }
}
