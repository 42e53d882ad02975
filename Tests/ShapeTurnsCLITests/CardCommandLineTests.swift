import Foundation
import ShapeTurns
import Testing

@Suite("the dataset card's command line rebuilds the set byte for byte")
struct CardCommandLineTests {
    /// The command in the card's first code block.
    static func cardCommand(_ folder: String) throws -> String {
        let card = try String(contentsOfFile: folder + "/README.md", encoding: .utf8)
        let after = try #require(card.components(separatedBy: "```\n").dropFirst().first, "no code block")
        return after.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        arguments: [
            [
                "--turns", "24", "--seed", "5", "--seed-offset", "6", "--size", "32", "--strategy", "mixed", "--shapes",
                "square,circle,triangle,star", "--balance", "kind,extent,perimeter,colour,position", "--ratio-range",
                "1.05,1.3", "--ratio-distribution", "log-uniform", "--background", "#FFFFFF", "--palette", "bright",
                "--layout", "pair", "--split", "train=0.75,test=0.25", "--fill", "#1E90FF80",
            ],
            [
                "--turns", "12", "--seed", "9", "--size", "40", "--min-ratio", "1.3", "--outline", "navy",
                "--line-width",
                "1.5", "--placement", "random", "--rotation", "random", "--pack", "tar", "--shard-turns", "5",
                "--png-compression", "small", "--no-fill",
            ],
        ])
    func pastedIntoAShellItMakesTheSameBytes(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let made = try ShapeTurnsBinary.run(["generate", "--out", folder.path("first"), "-q"] + arguments)
        try #require(made.status == 0, "\(made.stderr)")
        let command = try Self.cardCommand(folder.path("first"))
        #expect(command.hasPrefix("shapeturns generate "))
        // A shell would cut an unquoted '#' off as a comment.
        #expect(!command.contains(" #"), "\(command)")
        try FileManager.default.createDirectory(atPath: folder.path("again"), withIntermediateDirectories: true)
        let binaries = ShapeTurnsBinary.url.deletingLastPathComponent().path
        let rebuilt = try ShapeTurnsBinary.runTool(
            URL(fileURLWithPath: "/bin/bash"), ["-c", command + " -q"], in: folder.url.appendingPathComponent("again"),
            environment: ["PATH": binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
        try #require(rebuilt.status == 0, "\(command)\n\(rebuilt.stderr)")
        let first = try TemporaryFolder.files(in: folder.url.appendingPathComponent("first"))
        let again = try TemporaryFolder.files(in: folder.url.appendingPathComponent("again/turns"))
        #expect(first.count > 3)
        #expect(Set(first.keys) == Set(again.keys))
        for (path, bytes) in first {
            #expect(again[path] == bytes, "\(path) differs; command: \(command)")
        }
    }
}
