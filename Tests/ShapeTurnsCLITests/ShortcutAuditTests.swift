import Foundation
import ShapeTurns
import Testing

@Suite("shortcut audit: how well each cue but area predicts the label")
struct ShortcutAuditTests {
    struct Audit: Decodable {
        struct Split: Decodable {
            let name: String
            let turns: Int
            let rules: [String: Double]
            let regression: Double
        }
        let splits: [Split]
    }

    static func generate(_ arguments: [String], in folder: TemporaryFolder, name: String) throws -> Audit {
        let result = try ShapeTurnsBinary.run(
            ["generate", "--out", folder.path(name), "-q", "--turn-json", "false"] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        let printed = try ShapeTurnsBinary.run(["audit", folder.path(name), "--json"])
        try #require(printed.status == 0, "\(printed.stderr)")
        let audit = try JSONDecoder().decode(Audit.self, from: Data(printed.stdout.utf8))
        // The manifest and the card hold the same figures.
        let manifest = try Data(contentsOf: URL(fileURLWithPath: folder.path(name + "/manifest.json")))
        struct Manifest: Decodable { let audit: Audit }
        let recorded = try JSONDecoder().decode(Manifest.self, from: manifest).audit
        #expect(recorded.splits.map(\.rules) == audit.splits.map(\.rules))
        let card = try String(contentsOfFile: folder.path(name + "/README.md"), encoding: .utf8)
        #expect(card.contains("## Shortcut audit"))
        #expect(card.contains("| kind pair |"))
        return audit
    }

    @Test func aBalancedSetOf10000TurnsHasNoSingleCueShortcut() throws {
        let folder = try TemporaryFolder()
        let audit = try Self.generate(
            [
                "--turns", "10000", "--seed", "8", "--size", "32", "--strategy", "mixed", "--shapes",
                "square,circle,triangle,star,hexagon", "--balance", "kind,extent,perimeter,box,colour,position",
                "--palette", "bright", "--split", "train=0.8,test=0.2",
            ], in: folder, name: "balanced")
        #expect(audit.splits.map(\.name) == ["train", "test"])
        #expect(audit.splits.map(\.turns).reduce(0, +) == 10_000)
        // A checker written apart (Python: its own rules, numpy's regression) agrees, and finds
        // every balanced cue within 50 ± 2%.
        let checked = try PythonEnvironment.runScript(
            "check_audit.py", [folder.path("balanced"), "--balanced"], cache: folder.url.appendingPathComponent("hf"))
        #expect(checked.status == 0, "check_audit.py:\n\(checked.stderr.suffix(3000))")
        for split in audit.splits {
            for cue in ["kindPair", "extent", "perimeter", "box", "colour", "position", "placement"] {
                let accuracy = try #require(split.rules[cue], "\(split.name) \(cue)")
                #expect(abs(accuracy - 0.5) <= 0.02, "\(split.name) \(cue): \(accuracy)")
            }
            // Kinds and extents together give the areas: the regression finds them.
            #expect(split.regression > 0.9, "\(split.name): \(split.regression)")
        }
    }

    @Test func todaysSetsShowTheirShortcuts() throws {
        let folder = try TemporaryFolder()
        // The default strategy: two shapes of one kind, so the larger extent always wins.
        let plain = try Self.generate(["--turns", "400", "--size", "32"], in: folder, name: "default")
        #expect(plain.splits.map(\.name) == ["all"])
        #expect(plain.splits[0].rules["extent"] == 1)
        #expect(plain.splits[0].rules["perimeter"] == 1)
        #expect(plain.splits[0].rules["position"] == 0.5)
        // Mixed kinds: the kinds alone give most answers away.
        let mixed = try Self.generate(
            [
                "--turns", "2000", "--size", "32", "--strategy", "mixed", "--shapes",
                "square,circle,triangle,star,hexagon",
            ], in: folder, name: "mixed")
        #expect(try #require(mixed.splits[0].rules["kindPair"]) > 0.65)
        #expect(try #require(mixed.splits[0].rules["extent"]) > 0.7)
        let checked = try PythonEnvironment.runScript(
            "check_audit.py", [folder.path("mixed")], cache: folder.url.appendingPathComponent("hf"))
        #expect(checked.status == 0, "check_audit.py:\n\(checked.stderr.suffix(3000))")
        let measured = try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: [String: Double]]
        #expect((measured?["all"]?["kindPair"] ?? 0) > 0.65, "\(checked.stdout)")
        // The checker can fail: a manifest whose audit hides the shortcut is caught, and so is
        // an unbalanced set checked as balanced.
        let manifestPath = folder.path("mixed/manifest.json")
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
        try manifest.replacingOccurrences(
            of: "\"kindPair\" : \(mixed.splits[0].rules["kindPair"] ?? 0)", with: "\"kindPair\" : 0.5"
        ).write(toFile: manifestPath, atomically: true, encoding: .utf8)
        let tampered = try PythonEnvironment.runScript(
            "check_audit.py", [folder.path("mixed")], cache: folder.url.appendingPathComponent("hf"))
        #expect(tampered.status == 1)
        #expect(tampered.stderr.contains("kindPair"), "\(tampered.stderr)")
    }

    @Test func auditRefusesWhatIsNotASet() throws {
        let folder = try TemporaryFolder()
        let missing = try ShapeTurnsBinary.run(["audit", folder.path("nothing")])
        #expect(missing.status == 66)
        #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        try FileManager.default.createDirectory(
            atPath: folder.path("junk"), withIntermediateDirectories: true)
        try Data("{\"turn\": 1}\n".utf8).write(to: URL(fileURLWithPath: folder.path("junk/answers.jsonl")))
        let junk = try ShapeTurnsBinary.run(["audit", folder.path("junk")])
        #expect(junk.status == 65)
        #expect(junk.stderr.contains("line 1"), "\(junk.stderr)")
        try Data().write(to: URL(fileURLWithPath: folder.path("junk/answers.jsonl")))
        let empty = try ShapeTurnsBinary.run(["audit", folder.path("junk")])
        #expect(empty.status == 65)
        #expect(empty.stderr.contains("no turns"), "\(empty.stderr)")
    }
}
