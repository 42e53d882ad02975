import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurns
import Testing

/// File names sort in turn order at every allowed set size, and sets below a million turns keep
/// the names they always had.
@Suite("Set file names hold to ten million turns")
struct SetLayoutTests {
    /// Turns around every change of digit count, up to `count`.
    static func edges(upTo count: Int) -> [Int] {
        let around = [
            1, 9, 10, 99, 100, 999, 1000, 9_999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 9_999_999, 10_000_000,
        ]
        return Set(around.flatMap { [$0 - 1, $0, $0 + 1] } + [count - 1, count]).filter { (1...count).contains($0) }
            .sorted()
    }

    @Test(arguments: [1, 999, 999_999, 1_000_000, 1_000_001, 9_999_999, GenerateOptions.turnLimit])
    func namesSortInTurnOrder(count: Int) {
        let turns = Self.edges(upTo: count)
        for format in ImageFormat.allCases {
            let names = turns.map { SetLayout.imageFile(ofTurn: $0, turnCount: count, label: .a, format: format) }
            #expect(names.sorted() == names, "\(count) turns")
        }
        let keys = turns.map { SetLayout.answerFile(ofTurn: $0, turnCount: count) }
        #expect(keys.sorted() == keys)
        #expect(Set(keys.map { $0.count }).count == 1, "every name of a set has one width")
        let buckets = Dictionary(grouping: turns) { SetLayout.bucket(ofTurn: $0, turnCount: count) }
        for (bucket, members) in buckets {
            #expect(Set(members.map { $0 / 1000 }).count == 1, "\(bucket) holds turns of one thousand")
        }
    }

    @Test func setsBelowAMillionTurnsKeepTheirNames() {
        #expect(SetLayout.imageFile(ofTurn: 1, turnCount: 10, label: .a, format: .png) == "turns/000/000001-a.png")
        #expect(SetLayout.answerFile(ofTurn: 999_999, turnCount: 999_999) == "turns/999/999999.json")
        #expect(SetLayout.answerFile(ofTurn: 1, turnCount: 1_000_000) == "turns/0000/0000001.json")
        #expect(SetLayout.answerFile(ofTurn: 1_000_000, turnCount: 1_000_000) == "turns/1000/1000000.json")
        #expect(SetLayout.answerFile(ofTurn: 10_000_000, turnCount: 10_000_000) == "turns/10000/10000000.json")
        #expect(
            SetLayout.imageFile(ofTurn: 7, turnCount: 10_000_000, label: .b, format: .svg)
                == "turns/00000/00000007-b.svg")
    }

    /// The last shard of the largest set renders its last 100 turns, named by the wide rule,
    /// without rendering ten million images.
    @Test(arguments: [
        (999_999, "turns/999/999999-a.png"), (1_000_000, "turns/1000/1000000-a.png"),
        (10_000_000, "turns/10000/10000000-a.png"),
    ])
    func theLastTurnsOfTheLargestSetsAreWritten(count: Int, last: String) throws {
        let folder = try TemporaryFolder()
        let shards = count / 100
        let result = try ShapeTurnsBinary.run([
            "generate", "--turns", String(count), "--shard",
            "\(min(shards, Shard.countLimit))/\(min(shards, Shard.countLimit))",
            "--size", "16", "--out", folder.path("set"), "-q",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("set/\(last)")))
        let first = count - count / min(shards, Shard.countLimit) + 1
        let firstKey = folder.path("set/" + SetLayout.answerFile(ofTurn: first, turnCount: count))
        let answer = try JSONDecoder().decode(TurnAnswer.self, from: Data(contentsOf: URL(fileURLWithPath: firstKey)))
        #expect(answer.turn == first)
    }
}
