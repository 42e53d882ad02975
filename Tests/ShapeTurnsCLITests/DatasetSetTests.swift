import Foundation
import ShapeTurns
import Testing

@Suite("dataset layouts and packs, end to end")
struct DatasetSetTests {
    /// The images, SVGs and manifest of a default set, as ShapeTurns wrote them before the dataset
    /// options existed (SHA-256 of `sha256sum` over the sorted files; recorded after the default
    /// line width became 2 px at this size, and again when manifest colours became `#RRGGBB`
    /// strings once more, the images' and SVGs' digest checked unchanged, e7e1f734…): the new
    /// options must not change a default set's images.
    /// Answer keys are left out: they gained `box`; the manifest's `audit` block is cut out
    /// before hashing. Recorded again for the fast encoder of issue 22 (new PNG bytes, the same
    /// pixels: PNGDecodersAgreeTests; SVGs unchanged, the manifest's colours `#RRGGBB` as issue 21 made
    /// them; checked against f71eca1's set with `compare --threshold 0` and a JSON diff).
    @Test func aDefaultSetKeepsItsImageBytes() throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run([
            "generate", "--turns", "4", "--seed", "5", "--size", "64", "--format", "png,svg", "--out",
            folder.path("set"), "-q",
        ])
        try #require(result.status == 0, "\(result.stderr)")
        let digest = try ShapeTurnsBinary.runTool(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c",
                // The manifest without the shortcut audit it gained since (so only that block is new).
                "find . -type f \\( -name '*.png' -o -name '*.svg' -o -name manifest.json \\) | LC_ALL=C sort | "
                    + "while read -r f; do if [ \"$f\" = ./manifest.json ]; then "
                    + "printf '%s  %s\\n' \"$(sed -e '/^  \"audit\" : {/,/^  },/d' \"$f\" | sha256sum | cut -d' ' -f1)\" \"$f\"; "
                    + "else sha256sum \"$f\"; fi; done | sha256sum",
            ], in: folder.url.appendingPathComponent("set"))
        #expect(
            digest.stdout.hasPrefix("d9e157d58384d12a7d9c2a9608e0ab563b7938f2d705957da9424f7b94db0669"),
            "\(digest.stdout)")
    }

    /// Sets made without `--balance` keep their turns: digests of the files that hold them, as
    /// the version before `--balance` existed wrote them (`sha256sum` of the sorted files, piped
    /// through `sha256sum`; the card, manifest and `metadata.jsonl` are left out, as they gain
    /// the audit and Hugging Face fields).
    @Test(arguments: [
        (
            [
                "--strategy", "mixed", "--shapes", "square,circle,star", "--split", "train=0.5,test=0.5",
            ],
            // Recorded again for issue 22's encoder: new PNG bytes, every other file the same and
            // every image's pixels the same (`compare --threshold 0` against the set before it).
            "5a82d55b6ba342b98d2d6d8e66b493582f165c85dab9a2c00879f8ca7f0c162b"
        ),
        (
            [
                "--strategy", "mixed", "--shapes", "square,circle,star,triangle", "--pack", "tar", "--layout", "pair",
                "--rotation", "random", "--max-proportion", "0.7", "--palette", "bright", "--placement", "random",
            ],
            // Recorded again when circles' keys gained a fractional rotation (the only change:
            // checked field by field against the earlier answers.jsonl; every PNG the same).
            "43f4e8e73e2a3bde41289bde51cfde6df457cb24fa1cba2913d03f7fd73f735a"
        ),
    ])
    func setsWithoutBalanceKeepTheirTurns(extra: [String], digest: String) throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(
            ["generate", "--turns", "40", "--seed", "5", "--size", "64", "--out", folder.path("set"), "-q"] + extra)
        try #require(result.status == 0, "\(result.stderr)")
        let files =
            extra.contains("tar")
            ? "\\( -name answers.jsonl -o -name labels.csv \\)"
            : "! -name README.md ! -name manifest.json ! -name metadata.jsonl"
        let found = try ShapeTurnsBinary.runTool(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "find . -type f \(files) | LC_ALL=C sort | xargs sha256sum | sha256sum"],
            in: folder.url.appendingPathComponent("set"))
        #expect(found.stdout.hasPrefix(digest), "\(found.stdout)")
    }

    @Test func aBalancedSetMarksEachTurnAndKeepsPairsInOneSplit() throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run([
            "generate", "--turns", "400", "--seed", "2", "--size", "64", "--strategy", "mixed", "--shapes",
            "square,circle,triangle,star,hexagon", "--balance", "kind,extent,perimeter,box,colour,position",
            "--palette", "bright", "--placement", "random", "--split", "train=0.5,test=0.5", "--turn-json", "false",
            "--out", folder.path("set"), "-q",
        ])
        try #require(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOfFile: folder.path("set/answers.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        let answers = try lines.map { try JSONDecoder().decode(TurnAnswer.self, from: Data($0.utf8)) }
        #expect(answers.count == 400)
        // Balanced in distribution: each measure points to the larger shape in about half the
        // turns, and some turns are congruent on every measure, some on none.
        let cues = [\CueCongruence.extent, \.perimeter, \.box]
        for cue in cues {
            let congruent = answers.filter { $0.congruent?[keyPath: cue] == true }.count
            #expect(abs(congruent - 200) <= 12, "\(congruent)")
        }
        let all = answers.filter { answer in cues.allSatisfy { answer.congruent?[keyPath: $0] == true } }
        let none = answers.filter { answer in cues.allSatisfy { answer.congruent?[keyPath: $0] == false } }
        #expect(all.count >= 40 && none.count >= 40, "\(all.count) \(none.count)")
        for split in ["train", "test"] {
            let turns = answers.filter { $0.split == split }
            #expect(turns.count % 2 == 0)
            #expect(turns.filter { $0.larger == .a }.count * 2 == turns.count)
        }
        for pair in stride(from: 0, to: 400, by: 2) {
            let (first, second) = (answers[pair], answers[pair + 1])
            #expect(first.larger != second.larger)
            #expect(first.shapes.map(\.style) == second.shapes.map(\.style))
            #expect(first.shapes.map(\.kind) == second.shapes.map(\.kind))
            #expect(first.pair == pair / 2 + 1 && second.pair == first.pair)
        }
        // The kind pairs the balance kept: in the manifest and the card, and the only ones drawn.
        let manifest = try JSONDecoder().decode(
            SetManifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path("set/manifest.json"))))
        let kept = try #require(manifest.balancedKindPairs)
        let drawn = Set(answers.map { "\($0.shapes[0].kind.rawValue)|\($0.shapes[1].kind.rawValue)" })
        #expect(drawn.isSubset(of: Set(kept)) && drawn.count > 1, "\(drawn) \(kept)")
        let card = try String(contentsOfFile: folder.path("set/README.md"), encoding: .utf8)
        #expect(
            card.contains(
                "Balanced kind pairs (A's kind|B's kind), the only ones the set holds: \(kept.joined(separator: ", "))."
            ))
        // labels.csv and metadata.jsonl carry the pair and each congruence.
        let labels = try String(contentsOfFile: folder.path("set/labels.csv"), encoding: .utf8).split(separator: "\n")
        #expect(labels[0].hasSuffix(",pair,congruent_extent,congruent_perimeter,congruent_box"), "\(labels[0])")
        let congruence = answers[0].congruent.map { [$0.extent, $0.perimeter, $0.box].map { "\($0 ?? false)" } } ?? []
        #expect(labels[1].hasSuffix(",1," + congruence.joined(separator: ",")), "\(labels[1])")
        let metadata = try String(contentsOfFile: folder.path("set/train/metadata.jsonl"), encoding: .utf8)
        #expect(
            metadata.split(separator: "\n").allSatisfy { $0.contains("\"pair\":") && $0.contains("\"congruent_box\":") }
        )
        // Without -q the kept pairs are named on standard error.
        let said = try ShapeTurnsBinary.run([
            "generate", "--turns", "4", "--size", "64", "--strategy", "mixed", "--shapes", "square,star", "--balance",
            "kind,extent", "--out", folder.path("said"),
        ])
        #expect(said.status == 0)
        #expect(
            said.stderr.contains(
                "Balance keeps 4 ordered kind pairs (A|B): square|square, square|star, star|square, star|star"),
            "\(said.stderr)")
    }

    @Test func streamingAPartWithoutTarShardsIsRefused() throws {
        let result = try ShapeTurnsBinary.runTool(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c",
                "\"$0\" generate --turns 10 --pack tar --shard-turns 5 --shard 3/4 --out - | wc -c",
                ShapeTurnsBinary.url.path,
            ])
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(result.stderr.contains("holds none of the set's 2 tar shards"), "\(result.stderr)")
        let status = try ShapeTurnsBinary.run([
            "generate", "--turns", "10", "--pack", "tar", "--shard-turns", "5", "--shard", "3/4", "--out", "-",
        ])
        #expect(status.status == 64)
    }

    @Test func randomRotationFitsTheProportionsUnlessTheyAreGiven() throws {
        let folder = try TemporaryFolder()
        let fitted = try ShapeTurnsBinary.run([
            "generate", "--turns", "2", "--size", "32", "--rotation", "random", "--out", folder.path("set"), "-q",
        ])
        try #require(fitted.status == 0, "\(fitted.stderr)")
        let manifest = try JSONDecoder().decode(
            SetManifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path("set/manifest.json"))))
        #expect(manifest.options.proportions.maximum == 0.707)
        let stars = try ShapeTurnsBinary.run([
            "generate", "--turns", "2", "--size", "32", "--rotation", "random", "--shapes", "star,triangle", "--out",
            folder.path("stars"), "-q",
        ])
        try #require(stars.status == 0, "\(stars.stderr)")
        // Given by the user, a proportion too large to turn is still refused.
        let given = try ShapeTurnsBinary.run([
            "generate", "--turns", "2", "--rotation", "random", "--max-proportion", "0.8", "--out", folder.path("no"),
        ])
        #expect(given.status == 64)
        #expect(given.stderr.contains("at most 0.707"), "\(given.stderr)")
    }

    @Test func aRunWithoutSeedSaysWhichSeedItUsed() throws {
        let folder = try TemporaryFolder()
        let unseeded = try ShapeTurnsBinary.run([
            "generate", "--turns", "2", "--size", "32", "--out", folder.path("one"),
        ])
        #expect(unseeded.status == 0)
        #expect(unseeded.stderr.contains("Seed 1 (the default)"), "\(unseeded.stderr)")
        let seeded = try ShapeTurnsBinary.run([
            "generate", "--turns", "2", "--size", "32", "--seed", "1", "--out", folder.path("two"),
        ])
        #expect(seeded.status == 0)
        #expect(!seeded.stderr.contains("Seed"), "\(seeded.stderr)")
    }

    @Test(arguments: [
        (["--balance", "extent"], "--strategy mixed"),
        // A band beyond what the kinds' stretch and slant can balance: refused, not balanced in part.
        (
            ["--strategy", "mixed", "--balance", "extent", "--shapes", "square", "--ratio-range", "1.1,3"],
            "cannot balance square|square in distribution up to an area ratio of 3.0"
        ),
        (["--strategy", "mixed", "--balance", "colour"], "--palette"),
        (["--strategy", "mixed", "--balance", "box", "--rotation", "random", "--max-proportion", "0.7"], "box"),
        (["--strategy", "mixed", "--balance", "shade"], "unknown value 'shade'"),
        (["--ratio-distribution", "log-uniform"], "--balance"),
        (["--ratio-range", "2,1.5"], "--ratio-range"),
        (["--ratio-range", "1,2"], "--ratio-range"),
        (["--ratio-range", "1.2,2", "--difficulty", "easy"], "--ratio-range"),
        (
            [
                "--strategy", "mixed", "--shapes", "square,circle,hexagon", "--balance", "kind,extent,box",
                "--ratio-range", "1.25,2",
            ], "cannot balance square|square in distribution up to an area ratio of 2.0"
        ),
    ])
    func balanceAndRatioMistakesAreRefused(arguments: [String], expected: String) throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(["generate", "--out", folder.path("set")] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("set")))
    }

    @Test(arguments: [
        ["--layout", "separate"],
        [
            "--layout", "pair", "--split", "train=0.7,test=0.3", "--placement", "random", "--rotation", "random",
            "--max-proportion", "0.7", "--palette", "earth",
        ],
    ])
    func tarShardsAreTheSameBytesForAnyJobs(extra: [String]) throws {
        let folder = try TemporaryFolder()
        for jobs in ["1", "2"] {
            let result = try ShapeTurnsBinary.run(
                [
                    "generate", "--turns", "23", "--seed", "9", "--size", "48", "--pack", "tar", "--shard-turns", "4",
                    "--jobs", jobs, "--out", folder.path(jobs), "-q",
                ] + extra
            )
            try #require(result.status == 0, "\(result.stderr)")
        }
        let one = try TemporaryFolder.files(in: folder.url.appendingPathComponent("1"))
        let two = try TemporaryFolder.files(in: folder.url.appendingPathComponent("2"))
        #expect(one.keys.filter { $0.hasSuffix(".tar") }.count >= 6)
        #expect(one == two)
        let manifest = try JSONDecoder().decode(SetManifest.self, from: try #require(one["manifest.json"]))
        let shards = try #require(manifest.shards)
        #expect(shards.map(\.turns).reduce(0, +) == 23)
        for shard in shards {
            #expect(one[shard.file]?.count == shard.bytes)
        }
    }

    @Test func aPairImageHoldsBothShapesInTheirBoxes() throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run([
            "generate", "--turns", "8", "--seed", "2", "--size", "100", "--layout", "pair", "--out", folder.path("set"),
            "-q",
        ])
        try #require(result.status == 0, "\(result.stderr)")
        let set = folder.url.appendingPathComponent("set")
        let files = try TemporaryFolder.files(in: set)
        #expect(files.keys.filter { $0.hasSuffix(".png") }.count == 8)
        for line in try String(contentsOf: set.appendingPathComponent("answers.jsonl"), encoding: .utf8).split(
            separator: "\n")
        {
            let answer = try JSONDecoder().decode(TurnAnswer.self, from: Data(line.utf8))
            #expect(
                answer.canvas.width == 2 * 100 + 4 * 6 && answer.canvas.height == 100 + 2 * 6
                    && answer.canvas.shapeSquare == 100)
            let (a, b) = (answer.shapes[0], answer.shapes[1])
            #expect(
                a.files == b.files
                    && a.files.png == SetLayout.pairImageFile(ofTurn: answer.turn, turnCount: 8, format: .png))
            #expect(a.box.x + a.box.width <= 6 + 100 && b.box.x >= 6 + 100 + 12, "A in the left square, B in the right")
            #expect(abs(Double(a.box.width) - a.extentPixels) <= 2 && abs(Double(b.box.width) - b.extentPixels) <= 2)
        }
    }

    static let badInput: [(arguments: [String], option: String)] = [
        (["--labels"], "--labels"),
        (["--split", "train=0.5"], "--split"),
        (["--split", "train=0.5,train=0.5"], "--split"),
        (["--split", "turns=1"], "--split"),
        (["--split", "a b=1"], "--split"),
        (["--pack", "tar", "--shard-turns", "0"], "--shard-turns"),
        (["--shard-turns", "5"], "--shard-turns"),
        (["--pack", "tar", "--turn-json", "false"], "--turn-json"),
        (["--layout", "pair", "--size", "4000"], "--size"),
        (["--layout", "grid"], "--layout"),
        (["--pack", "zip"], "--pack"),
        (["--out", "-"], "--out -"),
        (["--rotation", "random", "--max-proportion", "0.8"], "--max-proportion"),
        (["--rotation", "sideways"], "--rotation"),
        (["--placement", "left"], "--placement"),
        (["--palette", "red"], "--palette"),
        (["--palette", "plaid"], "--palette"),
        (["--palette", "red,#00FF0080"], "--palette"),
        (["--out", "-", "--pack", "tar", "--split", "a=0.5,b=0.5"], "--split"),
    ]

    @Test(arguments: badInput)
    func badDatasetOptionsAreRefusedInOneLine(arguments: [String], option: String) throws {
        let folder = try TemporaryFolder()
        let result = try ShapeTurnsBinary.run(["generate", "--turns", "3", "--out", folder.path("set")] + arguments)
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && result.stderr.contains(option), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("set")))
    }

    /// Answer keys written before `box` existed still read (and score): their boxes are the
    /// centred ones, the same as a new key's.
    @Test func keysWithoutBoxesStillRead() throws {
        let folder = try TemporaryFolder()
        let set = folder.url.appendingPathComponent("set")
        let result = try ShapeTurnsBinary.run([
            "generate", "--turns", "6", "--seed", "3", "--size", "100", "--out", set.path, "-q",
        ])
        try #require(result.status == 0, "\(result.stderr)")
        let answers = set.appendingPathComponent("answers.jsonl")
        let lines = try String(contentsOf: answers, encoding: .utf8).split(separator: "\n")
        var stripped: [String] = []
        for line in lines {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let shapes = try #require(object["shapes"] as? [[String: Any]])
            object["shapes"] = shapes.map { shape in shape.filter { $0.key != "box" } }
            stripped.append(
                String(
                    decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            )
        }
        #expect(!stripped.joined().contains("\"box\""))
        try (stripped.joined(separator: "\n") + "\n").write(to: answers, atomically: true, encoding: .utf8)
        for (old, new) in zip(stripped, lines) {
            let decodedOld = try JSONDecoder().decode(TurnAnswer.self, from: Data(old.utf8))
            let decodedNew = try JSONDecoder().decode(TurnAnswer.self, from: Data(new.utf8))
            #expect(decodedOld == decodedNew)
        }
        let responses = folder.url.appendingPathComponent("responses.csv")
        try "turn,choice\n1,a\n2,b\n".write(to: responses, atomically: true, encoding: .utf8)
        let scored = try ShapeTurnsBinary.run(["score", "--key", set.path, "--responses", responses.path])
        #expect(scored.status == 0, "\(scored.stderr)")
    }

    @Test func folderPartsWithSplitsMergedGiveTheBytesOfOneRun() throws {
        let folder = try TemporaryFolder()
        let options = [
            "--turns", "17", "--seed", "12", "--size", "40", "--line-width", "2", "--split", "train=0.5,test=0.5",
            "--layout", "pair", "-q",
        ]
        let whole = try ShapeTurnsBinary.run(["generate"] + options + ["--out", folder.path("whole")])
        try #require(whole.status == 0, "\(whole.stderr)")
        for part in ["1/2", "2/2"] {
            let result = try ShapeTurnsBinary.run(
                ["generate"] + options + ["--out", folder.path("parts"), "--shard", part])
            try #require(result.status == 0, "\(result.stderr)")
        }
        let merged = try ShapeTurnsBinary.run(["merge", folder.path("parts")])
        #expect(merged.status == 0, "\(merged.stderr)")
        let one = try TemporaryFolder.files(in: folder.url.appendingPathComponent("whole"))
        #expect(one["train/metadata.jsonl"] != nil && one["test/answers.jsonl"] != nil)
        #expect(try TemporaryFolder.files(in: folder.url.appendingPathComponent("parts")) == one)
    }

    static let tarSet = ["--turns", "23", "--seed", "4", "--size", "48", "--pack", "tar", "--shard-turns", "5", "-q"]

    @Test func tarPartsMergedGiveTheBytesOfOneRunAndEachStreamsItsShard() throws {
        let folder = try TemporaryFolder()
        let whole = try ShapeTurnsBinary.run(["generate"] + Self.tarSet + ["--out", folder.path("whole")])
        try #require(whole.status == 0, "\(whole.stderr)")
        for part in ["2/3", "1/3", "3/3"] {
            let result = try ShapeTurnsBinary.run(
                ["generate"] + Self.tarSet + ["--out", folder.path("parts"), "--shard", part])
            try #require(result.status == 0, "\(result.stderr)")
        }
        let merged = try ShapeTurnsBinary.run(["merge", folder.path("parts")])
        #expect(merged.status == 0, "\(merged.stderr)")
        let one = try TemporaryFolder.files(in: folder.url.appendingPathComponent("whole"))
        #expect(one.keys.filter { $0.hasPrefix("shards/") }.sorted() == (0...4).map { "shards/turns-00000\($0).tar" })
        #expect(try TemporaryFolder.files(in: folder.url.appendingPathComponent("parts")) == one)

        // Five parts of five shards: each part's stream is byte for byte its shard file.
        for index in 1...5 {
            let streamed = try ShapeTurnsBinary.runTool(
                URL(fileURLWithPath: "/bin/sh"),
                [
                    "-c", "\"$0\" generate \"$@\" > part.tar && sha256sum part.tar", ShapeTurnsBinary.url.path,
                ] + Self.tarSet + ["--shard", "\(index)/5", "--out", "-"], in: folder.url)
            #expect(streamed.status == 0, "\(streamed.stderr)")
            #expect(streamed.stderr.isEmpty, "a quiet stream writes nothing but the tar: \(streamed.stderr)")
            let bytes = try Data(contentsOf: folder.url.appendingPathComponent("part.tar"))
            #expect(
                bytes == one["shards/turns-00000\(index - 1).tar"], "part \(index)/5 streams other bytes than its shard"
            )
        }
    }

    @Test func aKilledTarRunResumesKeepingItsCompleteShards() throws {
        let folder = try TemporaryFolder()
        let arguments = [
            "generate", "--turns", "1500", "--seed", "4", "--size", "96", "--pack", "tar", "--shard-turns", "100",
            "--jobs", "1", "--out", folder.path("set"), "-q",
        ]
        let process = Process()
        process.executableURL = ShapeTurnsBinary.url
        process.arguments = arguments
        try process.run()
        let shards = folder.url.appendingPathComponent(".set.shapeturns-partial/shards")
        let complete = {
            ((try? FileManager.default.contentsOfDirectory(atPath: shards.path)) ?? []).filter { $0.hasSuffix(".tar") }
        }
        let deadline = Date().addingTimeInterval(60)
        while complete().count < 2, Date() < deadline {
            usleep(10_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the run finished before it could be killed")
        let kept = complete().sorted()
        try #require(kept.count >= 2 && kept.count < 15)
        let inode = { (path: String) in
            (try? FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64) ?? nil
        }
        let keptInodes = kept.map { inode(shards.appendingPathComponent($0).path) }

        let resumed = try ShapeTurnsBinary.run(arguments + ["--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let set = folder.url.appendingPathComponent("set/shards")
        #expect(
            kept.map { inode(set.appendingPathComponent($0).path) } == keptInodes, "complete shards were written again")
        let uninterrupted = try ShapeTurnsBinary.run(
            Array(arguments.dropLast(3)) + ["--out", folder.path("whole"), "-q"])
        #expect(uninterrupted.status == 0)
        #expect(
            try TemporaryFolder.files(in: folder.url.appendingPathComponent("set"))
                == TemporaryFolder.files(in: folder.url.appendingPathComponent("whole")))
    }
}
