import Foundation
import Testing

/// Sets of each layout, pack and split read back by the libraries ML users load them with
/// (`webdataset`, Hugging Face `datasets` with `webdataset` and `imagefolder`, `tarfile`,
/// Pillow), through `Tests/Python/check_dataset.py`: counts, splits, labels and the pixels in
/// every shape's box against `answers.jsonl`.
@Suite("datasets load with webdataset and Hugging Face datasets", .serialized, .slow)
struct DatasetLoadingTests {
    static let sets: [[String]] = [
        ["--turns", "40", "--seed", "4", "--size", "64", "--split", "train=0.8,validation=0.1,test=0.1"],
        [
            "--turns", "24", "--seed", "5", "--size", "96", "--layout", "pair", "--turn-json", "false",
            "--strategy", "mixed", "--shapes", "square,circle,triangle,star,hexagon",
        ],
        [
            "--turns", "12", "--seed", "6", "--size", "96", "--layout", "pair", "--labels", "--background", "white",
            "--split", "train=0.5,test=0.5",
        ],
        ["--turns", "30", "--seed", "7", "--size", "64", "--pack", "tar", "--shard-turns", "7"],
        [
            "--turns", "45", "--seed", "8", "--size", "64", "--pack", "tar", "--shard-turns", "5", "--layout", "pair",
            "--split", "train=0.6,validation=0.2,test=0.2", "--format", "png,svg",
        ],
        [
            "--turns", "30", "--seed", "9", "--size", "96", "--placement", "random", "--rotation", "random",
            "--palette", "bright",
            "--max-proportion", "0.7", "--strategy", "mixed", "--shapes", "square,circle,triangle,star,hexagon",
        ],
        [
            "--turns", "20", "--seed", "10", "--size", "96", "--layout", "pair", "--pack", "tar", "--placement",
            "random",
            "--rotation", "random", "--palette", "red,#00FF00,navy", "--max-proportion", "0.7", "--shapes",
            "square,star",
        ],
        // Circles among turned shapes: a circle's rotation is a number of the same JSON type as
        // the others', so load_dataset("webdataset") can merge the samples.
        [
            "--turns", "30", "--seed", "11", "--size", "48", "--pack", "tar", "--shard-turns", "10", "--rotation",
            "random", "--strategy", "mixed", "--shapes", "square,circle,star", "--palette", "bright",
        ],
        [
            "--turns", "24", "--seed", "12", "--size", "64", "--strategy", "mixed", "--shapes",
            "square,circle,triangle,star,hexagon", "--balance", "kind,extent,perimeter,box,colour,position",
            "--palette", "pastel", "--placement", "random", "--split", "train=0.5,test=0.5",
        ],
        [
            "--turns", "20", "--seed", "13", "--size", "64", "--pack", "tar", "--layout", "pair", "--strategy",
            "mixed", "--shapes", "square,circle,star", "--balance", "kind,extent,perimeter,position", "--rotation",
            "random", "--ratio-range", "1.1,1.2", "--ratio-distribution", "log-uniform",
        ],
    ]

    @Test(arguments: sets)
    func loadsAndAgreesWithTheAnswers(options: [String]) throws {
        let folder = try TemporaryFolder()
        let set = folder.path("set")
        let generated = try ShapeTurnsBinary.run(["generate"] + options + ["--out", set, "--quiet"])
        try #require(generated.status == 0, "\(generated.stderr)")
        let checked = try PythonEnvironment.runScript(
            "check_dataset.py", [set], cache: folder.url.appendingPathComponent("hf-cache"))
        #expect(checked.status == 0, "check_dataset.py found:\n\(checked.stderr.suffix(4000))")
        let summary = try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any]
        #expect(summary?["turns"] as? Int == Int(options[1]))
    }

    /// The checker itself must catch a wrong label: a set whose labels.csv is edited fails.
    @Test func theCheckerCatchesAWrongLabel() throws {
        let folder = try TemporaryFolder()
        let set = folder.url.appendingPathComponent("set")
        let generated = try ShapeTurnsBinary.run([
            "generate", "--turns", "6", "--size", "32", "--out", set.path, "--quiet",
        ])
        try #require(generated.status == 0, "\(generated.stderr)")
        let labels = set.appendingPathComponent("labels.csv")
        var rows = try String(contentsOf: labels, encoding: .utf8).split(separator: "\n").map(String.init)
        let fields = rows[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        rows[1] = ([fields[0], fields[1], fields[2] == "a" ? "b" : "a"] + fields[3...]).joined(separator: ",")
        try (rows.joined(separator: "\n") + "\n").write(to: labels, atomically: true, encoding: .utf8)
        let checked = try PythonEnvironment.runScript(
            "check_dataset.py", [set.path], cache: folder.url.appendingPathComponent("hf-cache"))
        #expect(checked.status == 1)
        #expect(checked.stderr.contains("labels.csv turn 1: larger"), "\(checked.stderr)")
    }
}
