import Foundation
import ShapeTurns
import Testing

/// Sets made apart (a train set, then a test set) that must not share turns: `--seed-offset`
/// and `--exclude SET` (issue 24, part 4).
@Suite("sets made apart without shared turns")
struct DisjointSetsTests {
    /// Varied shapes, so that a key holds kind, proportion, angle and colours.
    static let varied = [
        "--size", "32", "--strategy", "mixed", "--shapes", "square,circle,triangle,star", "--palette", "bright",
        "--rotation", "random", "--turn-json", "false", "-q",
    ]

    /// A turn's two shapes as `--exclude` compares them, in either order.
    static func key(_ answer: TurnAnswer) -> String {
        answer.shapes.map { shape in
            "\(shape.kind.rawValue) \(shape.proportion) \(shape.rotation.map { "\($0)" } ?? "-") \(shape.style.fill ?? "-") \(shape.style.outline ?? "-")"
        }.sorted().joined(separator: " | ")
    }

    static func answers(_ set: String) throws -> [TurnAnswer] {
        try String(contentsOfFile: "\(set)/answers.jsonl", encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(TurnAnswer.self, from: Data($0.utf8))
        }
    }

    static func generate(_ arguments: [String]) throws {
        let result = try ShapeTurnsBinary.run(["generate"] + arguments)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
    }

    /// The trap the options close: a test set made apart with the train set's seed is made of
    /// the train set's first turns, whatever its size.
    @Test func aTestSetMadeApartWithTheSameSeedRepeatsTheTrainSet() throws {
        let folder = try TemporaryFolder()
        try Self.generate(Self.varied + ["--turns", "120", "--seed", "9", "--out", folder.path("train")])
        try Self.generate(
            Self.varied + ["--turns", "40", "--seed", "9", "--size", "48", "--out", folder.path("test")])
        let train = Set(try Self.answers(folder.path("train")).map(Self.key))
        let test = try Self.answers(folder.path("test")).map(Self.key)
        #expect(test.filter(train.contains).count == 40)
    }

    @Test(arguments: [
        (["--seed-offset", "120"], ""),
        (["--exclude", "TRAIN"], ""),
        (["--seed-offset", "7", "--exclude", "TRAIN"], ""),
        (["--exclude", "TRAIN"], "balanced"),
    ])
    func aTestSetMadeApartWithTheOptionsSharesNoTurn(extra: [String], mode: String) throws {
        let folder = try TemporaryFolder()
        let balanced = mode == "balanced" ? ["--balance", "kind,extent,colour"] : []
        try Self.generate(
            Self.varied + balanced + ["--turns", "120", "--seed", "9", "--out", folder.path("train")])
        let arguments = extra.map { $0 == "TRAIN" ? folder.path("train") : $0 }
        try Self.generate(
            Self.varied + balanced + ["--turns", "60", "--seed", "9", "--out", folder.path("test")] + arguments)
        let train = Set(try Self.answers(folder.path("train")).map(Self.key))
        let test = try Self.answers(folder.path("test"))
        #expect(test.count == 60)
        #expect(test.map(Self.key).filter(train.contains).isEmpty)
        #expect(Set(test.map(Self.key)).count == 60)
        if !balanced.isEmpty {
            for pair in stride(from: 0, to: 60, by: 2) {
                #expect(test[pair].larger != test[pair + 1].larger)
                #expect(test[pair].shapes.map(\.kind) == test[pair + 1].shapes.map(\.kind))
            }
        }
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder.path("test/manifest.json")))) as? [String: Any]
        let options = manifest?["options"] as? [String: Any]
        if let offset = extra.firstIndex(of: "--seed-offset") {
            #expect(options?["seedOffset"] as? Int == Int(extra[offset + 1]))
        }
        if extra.contains("--exclude") {
            let size = try FileManager.default.attributesOfItem(atPath: folder.path("train/answers.jsonl"))[.size]
            let recorded = (options?["exclude"] as? [String: Any])?["answers"] as? String
            #expect(recorded?.hasPrefix("\((size as? Int) ?? -1):") == true, "\(recorded ?? "none")")
        }
    }

    /// Turn i of an offset set is turn i + N of the set without one; a set that excludes the
    /// first 50 turns of its own seed is drawn from the next 50 streams, in order.
    @Test func offsetAndRedrawnTurnsComeFromTheNextStreams() throws {
        let folder = try TemporaryFolder()
        try Self.generate(Self.varied + ["--turns", "80", "--seed", "3", "--out", folder.path("base")])
        try Self.generate(Self.varied + ["--turns", "50", "--seed", "3", "--out", folder.path("train")])
        try Self.generate(
            Self.varied + ["--turns", "20", "--seed", "3", "--seed-offset", "50", "--out", folder.path("offset")])
        try Self.generate(
            Self.varied + [
                "--turns", "20", "--seed", "3", "--exclude", folder.path("train"), "--out", folder.path("excluded"),
            ])
        let base = try Self.answers(folder.path("base")).map(Self.key)
        let offset = try Self.answers(folder.path("offset"))
        #expect(offset.map(\.turn) == Array(1...20))
        #expect(offset.map(Self.key) == Array(base[50..<70]))
        #expect(try Self.answers(folder.path("excluded")).map(Self.key) == Array(base[50..<70]))
    }

    @Test func theSameOptionsGiveTheSameBytesInOneRunOrInShards() throws {
        let folder = try TemporaryFolder()
        try Self.generate(Self.varied + ["--turns", "40", "--seed", "5", "--out", folder.path("train")])
        let options =
            Self.varied + [
                "--turns", "30", "--seed", "5", "--seed-offset", "10", "--exclude", folder.path("train"),
                "--split", "train=0.5,test=0.5",
            ]
        try Self.generate(options + ["--out", folder.path("one"), "--jobs", "1"])
        try Self.generate(options + ["--out", folder.path("two"), "--jobs", "3"])
        for part in ["1/2", "2/2"] {
            try Self.generate(options + ["--out", folder.path("parts"), "--shard", part])
        }
        let merged = try ShapeTurnsBinary.run(["merge", folder.path("parts")])
        try #require(merged.status == 0, "\(merged.stderr)")
        let one = try TemporaryFolder.files(in: folder.url.appendingPathComponent("one"))
        #expect(one.count > 30)
        #expect(try TemporaryFolder.files(in: folder.url.appendingPathComponent("two")) == one)
        #expect(try TemporaryFolder.files(in: folder.url.appendingPathComponent("parts")) == one)
    }

    @Test func aShardWithAnotherExcludedSetIsRefused() throws {
        let folder = try TemporaryFolder()
        try Self.generate(Self.varied + ["--turns", "10", "--seed", "1", "--out", folder.path("a")])
        try Self.generate(Self.varied + ["--turns", "10", "--seed", "2", "--out", folder.path("b")])
        let options = Self.varied + ["--turns", "10", "--seed", "1", "--out", folder.path("parts")]
        try Self.generate(options + ["--exclude", folder.path("a"), "--shard", "1/2"])
        let other = try ShapeTurnsBinary.run(
            ["generate"] + options + ["--exclude", folder.path("b"), "--shard", "2/2"])
        #expect(other.status == 64)
        #expect(other.stderr.contains("--exclude"), "\(other.stderr)")
        let offset = try ShapeTurnsBinary.run(
            ["generate"] + options + ["--exclude", folder.path("a"), "--seed-offset", "4", "--shard", "2/2"])
        #expect(offset.status == 64)
        #expect(offset.stderr.contains("--seed-offset"), "\(offset.stderr)")
    }

    @Test(arguments: [
        ("missing", 66, "no answers.jsonl"),
        ("junk", 65, "line 2"),
        ("empty", 65, "holds no turns"),
        ("long", 65, "line 1"),
    ])
    func aMissingOrBrokenExcludedSetIsRefusedInOneLine(setup: String, status: Int32, expected: String) throws {
        let folder = try TemporaryFolder()
        try Self.generate(["--turns", "3", "--size", "16", "-q", "--out", folder.path("good")])
        let set = folder.url.appendingPathComponent("excluded")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let answers = set.appendingPathComponent("answers.jsonl")
        let first = try String(contentsOfFile: folder.path("good/answers.jsonl"), encoding: .utf8)
            .split(separator: "\n")[0]
        switch setup {
        case "junk": try "\(first)\n{\"turn\": 2, oops\n".write(to: answers, atomically: true, encoding: .utf8)
        case "empty": try "".write(to: answers, atomically: true, encoding: .utf8)
        case "long": try String(repeating: "x", count: 70_000).write(to: answers, atomically: true, encoding: .utf8)
        default: break
        }
        let result = try ShapeTurnsBinary.run([
            "generate", "--turns", "3", "--size", "16", "--exclude", set.path, "--out", folder.path("new"),
        ])
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("new")))
    }

    @Test(arguments: [
        (["--seed-offset", "-1"], "--seed-offset"),
        (["--seed-offset", "1000000000001"], "--seed-offset"),
        (["--seed-offset", "3", "--strategy", "mixed", "--balance", "kind"], "even"),
        (["--seed-offset", "2", "--strategy", "graded"], "--strategy graded"),
        (["--exclude", "/nonexistent", "--strategy", "graded"], "--strategy graded"),
    ])
    func offsetMistakesAreRefused(arguments: [String], expected: String) throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(["generate", "--out", folder.path("set")] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("set")))
    }
}
