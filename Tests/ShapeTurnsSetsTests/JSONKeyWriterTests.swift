import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import Testing

@testable import ShapeTurnsAnswerKey
@testable import ShapeTurnsSets

/// The answer keys a set writes directly (`AnswerKeyEncoding.document(turn:)`, `line(turn:)`)
/// must be byte for byte what `JSONEncoder` writes for the same `TurnAnswer`, whatever the
/// options put into the key.
@Suite struct JSONKeyWriterTests {
    /// Options that each put other fields, or other values, into the keys.
    static let variants = [
        "default", "pair, labels, svg", "svg only, background", "split, tar", "placement and rotation", "palette",
        "balance", "no fill", "five kinds",
    ]

    static func options(_ variant: String) throws -> GenerateOptions {
        var options = GenerateOptions()
        options.turns = 40
        options.seed = 20_261_123
        switch variant {
        case "pair, labels, svg":
            options.layout = .pair
            options.labels = true
            options.formats = [.png, .svg]
        case "svg only, background":
            options.formats = [.svg]
            options.background = .color(RGBAColor(red: 1, green: 0.5, blue: 0))
        case "split, tar":
            options.split = try SplitPlan(parsing: "train=0.5,test=0.5")
            options.pack = .tar
        case "placement and rotation":
            options.placement = .random
            options.rotation = .random
            options.proportions = try ProportionRange(minimum: 0.3, maximum: 0.7)
            options.size = 130
        case "palette": options.palette = try Palette(parsing: "bright")
        case "balance":
            options.strategy = .mixed
            options.balance = [.kind, .extent, .perimeter, .box]
        case "no fill": options.style.showFill = false
        case "five kinds":
            options.shapes = [.square, .circle, .triangle, .star, .hexagon]
            options.size = 97
        default: break
        }
        return options
    }

    @Test(arguments: variants)
    func keysEqualJSONEncoders(variant: String) throws {
        let options = try Self.options(variant)
        let generator = try SetGenerator(options: options)
        for number in 1...options.turns {
            var answer = generator.answer(for: try generator.turn(number: number))
            if number.isMultiple(of: 3) {
                answer.archive = "shards/shard-\(number).tar"
            }
            #expect(
                AnswerKeyEncoding.document(turn: answer) == (try AnswerKeyEncoding.document(answer)),
                "\(variant), turn \(number)")
            #expect(
                AnswerKeyEncoding.line(turn: answer) == (try AnswerKeyEncoding.line(answer)),
                "\(variant), turn \(number)")
        }
    }

    /// Numbers and strings the options cannot produce but the writer must still spell as
    /// `JSONEncoder` does: exponents, negative zero, whole numbers, escapes, non-ASCII.
    @Test(arguments: [
        (1.0, "a/b"), (0.5, "quote \" backslash \\"), (1e20, "tab\tnewline\n"), (1e-7, "\u{1}\u{8}\u{c}\r\u{1f}"),
        (-0.0, "é ☃ \u{2028}"), (0.1 + 0.2, ""), (123_456_789_012_345_680, "#FF00FF80"), (2.5e-5, "x"),
        (Double.leastNonzeroMagnitude, "y"), (1e15, "z"),
    ])
    func valuesEqualJSONEncoders(number: Double, text: String) throws {
        var options = GenerateOptions()
        options.turns = 1
        let generator = try SetGenerator(options: options)
        var answer = generator.answer(for: try generator.turn(number: 1))
        answer.areaRatio = number
        answer.split = text
        answer.shapes[0].rotation = -number
        answer.shapes[1].style.lineWidth = number * 3
        answer.seed = UInt64.max
        answer.congruent = CueCongruence(extent: true, perimeter: nil, box: false)
        #expect(AnswerKeyEncoding.document(turn: answer) == (try AnswerKeyEncoding.document(answer)))
        #expect(AnswerKeyEncoding.line(turn: answer) == (try AnswerKeyEncoding.line(answer)))
        var row = ImageFolderRow(answer, layout: .separate)
        row.fillA = text
        row.rotationB = number
        row.areaA = -number
        #expect(row.line == (try AnswerKeyEncoding.line(row)))
    }

    /// `metadata.jsonl`'s rows (`ImageFolderRow.line`) are `JSONEncoder`'s bytes too, in both
    /// layouts, whatever the options put into them.
    @Test(arguments: variants)
    func metadataRowsEqualJSONEncoders(variant: String) throws {
        let options = try Self.options(variant)
        let generator = try SetGenerator(options: options)
        for number in 1...options.turns {
            let answer = generator.answer(for: try generator.turn(number: number))
            for layout in [ImageLayout.separate, .pair] {
                let row = ImageFolderRow(answer, layout: layout)
                #expect(row.line == (try AnswerKeyEncoding.line(row)), "\(variant), turn \(number), \(layout)")
            }
        }
    }
}
