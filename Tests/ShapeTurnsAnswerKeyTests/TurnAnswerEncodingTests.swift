import Foundation
import ShapeGame
import ShapeRendering
import Testing

@testable import ShapeTurnsAnswerKey

/// A turn's key made by hand, with each optional field present and absent: the fast writer
/// gives `JSONEncoder`'s bytes, the key decodes back to itself, and it says what the turn's
/// shapes say (larger label, area ratio, exact areas), in the documented field names.
@Suite("The answer key's records and their JSON")
struct TurnAnswerEncodingTests {
    static func answer(kinds: (any Shape, any Shape), split: String?, archive: String?, congruent: CueCongruence?)
        -> TurnAnswer
    {
        let turn = Turn(number: 7, shapeA: kinds.0, shapeB: kinds.1)
        var answer = TurnAnswer(
            turn: turn, seed: 42, canvas: CanvasRecord(side: 64, background: .transparent), style: ShapeStyle(),
            files: { label in ShapeFiles(png: "turns/000/000007-\(label.rawValue).png") },
            box: { _ in PixelBox(x: 1, y: 2, width: 30, height: 40) })
        answer.split = split
        answer.archive = archive
        answer.congruent = congruent
        return answer
    }

    static let cases: [TurnAnswer] = [
        answer(
            kinds: (SquareShape(proportion: 0.5), CircleShape(proportion: 0.6)), split: nil, archive: nil,
            congruent: nil),
        answer(
            kinds: (StarShape(proportion: 0.8), HexagonShape(proportion: 0.3)), split: "train",
            archive: "shards/train-000000.tar", congruent: CueCongruence(extent: true, perimeter: false, box: nil)),
        answer(
            kinds: (TriangleShape(proportion: 0.7), SquareShape(proportion: 0.31)), split: "test", archive: nil,
            congruent: nil),
    ]

    @Test(arguments: cases)
    func theFastWriterWritesJSONEncodersBytes(answer: TurnAnswer) throws {
        #expect(AnswerKeyEncoding.document(turn: answer) == (try AnswerKeyEncoding.document(answer)))
        #expect(AnswerKeyEncoding.line(turn: answer) == (try AnswerKeyEncoding.line(answer)))
        #expect(AnswerKeyEncoding.line(turn: answer).last == UInt8(ascii: "\n"))
    }

    @Test(arguments: cases)
    func aKeyDecodesToItself(answer: TurnAnswer) throws {
        let decoded = try JSONDecoder().decode(TurnAnswer.self, from: Data(AnswerKeyEncoding.line(turn: answer)))
        #expect(decoded == answer)
    }

    @Test(arguments: cases)
    func theKeySaysWhatTheShapesSay(answer: TurnAnswer) throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(AnswerKeyEncoding.document(turn: answer))) as? [String: Any])
        let shapes = try #require(object["shapes"] as? [[String: Any]])
        let areas = try shapes.map { try #require($0["area"] as? Double) }
        #expect(shapes.map { $0["label"] as? String } == ["a", "b"])
        #expect(object["larger"] as? String == (areas[0] >= areas[1] ? "a" : "b"))
        let ratio = try #require(object["areaRatio"] as? Double)
        #expect(abs(ratio - areas.max()! / areas.min()!) < 1e-12)
        #expect(object["schemaVersion"] as? Int == 1)
        #expect((object["split"] != nil) == (answer.split != nil))
        #expect((object["archive"] != nil) == (answer.archive != nil))
        #expect((object["congruent"] != nil) == (answer.congruent != nil))
    }
}
