import Foundation
import ShapeTurns
import Testing

@Suite("shortcut audit: how well each cue but area predicts the label")
struct ShortcutAuditTests {
    struct Audit: Decodable {
        struct Finding: Decodable {
            let rule: String
            let accuracy: Double
            let lower: Double
            let upper: Double
            let turns: Int
            let beatsChance: Bool
        }
        struct Split: Decodable {
            let name: String
            let turns: Int
            let rules: [String: Double]
            let regression: Double
            let findings: [Finding]
            let heldOutTurns: Int

            func finding(_ rule: String) throws -> Finding {
                try #require(findings.first { $0.rule == rule }, "\(name) has no \(rule)")
            }
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
        #expect(recorded.splits.map { $0.findings.map(\.accuracy) } == audit.splits.map { $0.findings.map(\.accuracy) })
        let card = try String(contentsOfFile: folder.path(name + "/README.md"), encoding: .utf8)
        #expect(card.contains("## Shortcut audit"))
        #expect(card.contains("| extent: best threshold, either way |"))
        for split in audit.splits {
            let beating = split.findings.filter(\.beatsChance)
            #expect(
                card.contains(
                    beating.isEmpty ? "No rule beats chance on \(split.name)." : "Beat chance on \(split.name)"))
            for finding in split.findings {
                #expect(finding.lower <= finding.accuracy && finding.accuracy <= finding.upper, "\(finding.rule)")
                #expect(finding.beatsChance == (finding.lower > 0.5), "\(finding.rule)")
            }
        }
        return audit
    }

    /// Rules fitted on the train split's turns but every third pair, scored on those pairs and on
    /// the whole test split; an outside script (scikit-learn) fitting the same rules agrees.
    static func checkAgainstScikitLearn(_ folder: TemporaryFolder, _ name: String) throws {
        let checked = try PythonEnvironment.runScript(
            "hunt_shortcuts.py", [folder.path(name), "--audit", "--check"],
            cache: folder.url.appendingPathComponent("hf"))
        #expect(checked.status == 0, "hunt_shortcuts.py:\n\(checked.stderr.suffix(3000))")
    }

    @Test(.slow) func aBalancedSetShowsEveryOneCueRuleAtChance() throws {
        let folder = try TemporaryFolder()
        let audit = try Self.generate(
            [
                "--turns", "10000", "--seed", "8", "--size", "32", "--strategy", "mixed", "--shapes",
                "square,circle,triangle,star,hexagon", "--balance", "kind,extent,perimeter,box,colour,position",
                "--palette", "bright", "--split", "train=0.8,test=0.2",
            ], in: folder, name: "balanced")
        #expect(audit.splits.map(\.name) == ["train", "test"])
        #expect(audit.splits.map(\.turns).reduce(0, +) == 10_000)
        // The first split is scored on its held-out third, the others whole.
        #expect(audit.splits[1].heldOutTurns == audit.splits[1].turns)
        #expect(abs(Double(audit.splits[0].heldOutTurns) / Double(audit.splits[0].turns) - 1.0 / 3) < 0.02)
        for split in audit.splits {
            // What --balance promises: each cue's sign, the kind-pair and colour tables and position at chance.
            for cue in ["kindPair", "extent", "perimeter", "box", "colour", "position", "placement"] {
                let accuracy = try #require(split.rules[cue], "\(split.name) \(cue)")
                #expect(abs(accuracy - 0.5) <= 0.04, "\(split.name) \(cue): \(accuracy)")
            }
            // Balanced in distribution: a threshold on one measure, or a tree on it and the kinds, does no better.
            for rule in [
                "extent.threshold", "perimeter.threshold", "box.threshold", "extent+kindPair.tree2",
                "perimeter+kindPair.tree2", "box+kindPair.tree2",
            ] {
                let finding = try split.finding(rule)
                #expect(finding.accuracy <= 0.55, "\(split.name) \(rule): \(finding.accuracy)")
            }
        }
        try Self.checkAgainstScikitLearn(folder, "balanced")
    }

    @Test(.slow) func todaysSetsShowTheirShortcuts() throws {
        let folder = try TemporaryFolder()
        // The default strategy: two shapes of one kind, so the larger extent always wins.
        let plain = try Self.generate(["--turns", "400", "--size", "32"], in: folder, name: "default")
        #expect(plain.splits.map(\.name) == ["all"])
        #expect(plain.splits[0].rules["extent"] == 1)
        #expect(plain.splits[0].rules["perimeter"] == 1)
        #expect(try plain.splits[0].finding("extent.threshold").beatsChance)
        #expect(try !plain.splits[0].finding("colour.table").beatsChance)
        // Mixed kinds: the kinds alone give most answers away.
        let mixed = try Self.generate(
            [
                "--turns", "4000", "--size", "32", "--strategy", "mixed", "--shapes",
                "square,circle,triangle,star,hexagon", "--palette", "bright", "--split", "train=0.8,test=0.2",
            ], in: folder, name: "mixed")
        for split in mixed.splits {
            #expect(try #require(split.rules["kindPair"]) > 0.65)
            #expect(try #require(split.rules["extent"]) > 0.7)
            // Colours do not decide, and rules fitted apart from the turns they score say so.
            #expect(try !split.finding("colour.table").beatsChance, "\(split.name)")
        }
        try Self.checkAgainstScikitLearn(folder, "mixed")
        // The checker can fail: a manifest whose audit hides the shortcut is caught.
        let manifestPath = folder.path("mixed/manifest.json")
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
        let threshold = try mixed.splits[1].finding("extent.threshold").accuracy
        let tamperedText = manifest.replacingOccurrences(of: "\"accuracy\" : \(threshold)", with: "\"accuracy\" : 0.5")
        #expect(tamperedText != manifest)
        try tamperedText.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        let tampered = try PythonEnvironment.runScript(
            "hunt_shortcuts.py", [folder.path("mixed"), "--audit", "--check"],
            cache: folder.url.appendingPathComponent("hf"))
        #expect(tampered.status == 1)
        #expect(tampered.stderr.contains("extent.threshold"), "\(tampered.stderr)")
    }

    /// The hidden check's bar, run as an ML researcher would (scikit-learn, fitted on train, scored on
    /// test, every measure alone and with the kinds): the balanced set meets it, and the same hunt
    /// on a mixed set without balance fails it, so the hunt can fail.
    @Test(.slow) func theHuntFindsNoShortcutInABalancedSet() throws {
        let folder = try TemporaryFolder()
        _ = try Self.generate(
            [
                "--turns", "4000", "--seed", "8", "--size", "32", "--strategy", "mixed", "--shapes",
                "square,circle,triangle,star,hexagon", "--balance", "kind,extent,perimeter,box,colour,position",
                "--palette", "bright", "--split", "train=0.8,test=0.2",
            ], in: folder, name: "balanced")
        let hunted = try PythonEnvironment.runScript(
            "hunt_shortcuts.py",
            [
                folder.path("balanced"), "--only",
                "extent,perimeter,box,boxWidth,boxHeight,boxSide,kindA,kindB,colourPair",
                "--max-single", "0.53",
                "--max-kind-and-cue", "0.55",
            ], cache: folder.url.appendingPathComponent("hf"))
        #expect(hunted.status == 0, "\(hunted.stderr)")
        _ = try Self.generate(
            [
                "--turns", "4000", "--seed", "8", "--size", "32", "--strategy", "mixed", "--shapes",
                "square,circle,triangle,star,hexagon", "--palette", "bright", "--split", "train=0.8,test=0.2",
            ], in: folder, name: "mixed")
        let mixed = try PythonEnvironment.runScript(
            "hunt_shortcuts.py",
            [
                folder.path("mixed"), "--only", "extent,perimeter,boxWidth,kindA,kindB", "--max-single", "0.53",
                "--max-kind-and-cue", "0.55",
            ], cache: folder.url.appendingPathComponent("hf"))
        #expect(mixed.status == 1, "\(mixed.stdout)")
        #expect(mixed.stderr.contains("extent: threshold"), "\(mixed.stderr)")
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
