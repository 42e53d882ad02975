import ArgumentParser
import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurns

/// `shapeturns generate`: renders a set of turns into a folder.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Render a set of turns: an image per shape and a JSON answer key per turn.",
        discussion: """
            Writes DIR/manifest.json, DIR/answers.jsonl (one answer key per line) and, per turn, \
            DIR/turns/BBB/NNNNNN-a.png, -b.png and NNNNNN.json, bucketed by thousands. The same \
            options and seed always give the same bytes. With no options it writes 10 turns to ./turns.

            Examples:
              shapeturns generate
              shapeturns generate --turns 30 --seed 7 --format png,svg --out set7
              shapeturns generate --strategy basic --shapes circle --min-ratio 1.5
              shapeturns generate --strategy mixed --shapes square,triangle,star
              shapeturns generate --strategy graded --turns 40 --min-ratio 1.05
              shapeturns generate --fill '#1E90FF' --outline navy --background white
              shapeturns generate --turns 100000 --seed 3 --out big --shard 2/4
            """
    )

    @Option(help: "How many turns to render, 1 to 10,000,000.")
    var turns = 10

    @Option(help: "The seed every turn's random stream comes from; same seed and options, same bytes.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("The folder to write; created if missing, and must be empty unless --force.", valueName: "dir"))
    var out = "turns"

    @Option(help: ArgumentHelp("Image formats, comma-separated: png, svg or png,svg.", valueName: "formats"))
    var format = "png"

    @Option(help: ArgumentHelp("Side of each shape's square canvas, 16 to 8192 pixels.", valueName: "px"))
    var size = 512

    @Option(help: ArgumentHelp("Shape kinds to draw, comma-separated: square, circle, triangle, star, hexagon.", valueName: "kinds"))
    var shapes = "square,circle"

    @Option(help: """
        basic: every turn from the one kind in --shapes; random: each turn picks one kind, both shapes of it; \
        mixed: each shape picks its own kind; graded: like random, from easy turns to the hardest --min-ratio allows.
        """)
    var strategy = StrategyName.random

    @Option(help: "One difficulty for the whole set: easy (area ratio 2 or more), medium (1.4 to 2), hard (below 1.4).")
    var difficulty: Difficulty?

    @Option(help: ArgumentHelp("Smallest shape extent (side or diameter) as a fraction of the canvas, in (0, 1].", valueName: "p"))
    var minProportion = ProportionRange.standard.minimum

    @Option(help: ArgumentHelp("Largest shape extent as a fraction of the canvas, in (0, 1].", valueName: "p"))
    var maxProportion = ProportionRange.standard.maximum

    @Option(help: ArgumentHelp("Smallest allowed ratio of the larger area to the smaller, above 1: no ties, no near-ties.", valueName: "r"))
    var minRatio = GenerateOptions().minimumRatio

    @Option(help: ArgumentHelp("Fill colour: a UIKit name the tutorial used (brown, orange, gray), a CSS name, or #RRGGBB[AA].", valueName: "color"))
    var fill = "brown"

    @Option(help: ArgumentHelp("Outline colour, in the same forms as --fill.", valueName: "color"))
    var outline = "orange"

    @Option(help: ArgumentHelp("Outline width in pixels, drawn inside the shape's bounds.", valueName: "px"))
    var lineWidth = ShapeStyle().lineWidth

    @Flag(help: "Draw no fill, only the outline.")
    var noFill = false

    @Flag(help: "Draw no outline, only the fill.")
    var noOutline = false

    @Option(help: ArgumentHelp("Canvas background: transparent, or a colour as for --fill.", valueName: "color"))
    var background = "transparent"

    @Option(help: ArgumentHelp("Turns rendered at once, 1 to 256; the output is the same for any value.", valueName: "n"))
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Render only part K of N of the set into --out, shared by all parts; then run merge.", valueName: "K/N"))
    var shard: String?

    @Flag(help: "Finish a run that was killed, keeping the turns it completed; the result is the same as an uninterrupted run.")
    var resume = false

    @Flag(help: "Replace --out if it already holds a set, or start a killed run over.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print nothing on success and draw no progress bar.")
    var quiet = false

    func validate() throws {
        do {
            _ = try SetGenerator(options: try makeOptions())
            try makeRunOptions().validate()
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let options = try makeOptions()
        var run = try makeRunOptions()
        if !quiet, let bar = ProgressBar(label: "generate") {
            run.progress = bar.update(done:total:)
        }
        let outcome = try SetGenerator(options: options).generate(into: URL(fileURLWithPath: out), run: run)
        guard !quiet else { return }
        switch outcome {
        case .completed:
            let formats = options.formats.map(\.rawValue).joined(separator: ", ")
            print("Wrote \(options.turns) turns (\(formats)) to \(out); answer key in \(out)/\(SetLayout.answersFile)")
        case .alreadyComplete:
            print("\(out) is already complete; nothing to resume")
        case .shardFinished(let shard, let turns):
            let part = turns.map { "turns \($0.lowerBound) to \($0.upperBound)" } ?? "no turns (more shards than turns)"
            print("Shard \(shard) wrote \(part) to \(out); when all \(shard.count) shards are done, run: shapeturns merge \(out)")
        }
    }

    private func makeRunOptions() throws(ShapeTurnsError) -> RunOptions {
        var run = RunOptions()
        run.jobs = jobs
        run.shard = try shard.map { text throws(ShapeTurnsError) in try Shard(parsing: text) }
        run.resume = resume
        run.force = force
        return run
    }

    private func makeOptions() throws(ShapeTurnsError) -> GenerateOptions {
        var options = GenerateOptions()
        options.turns = turns
        options.seed = seed
        options.size = size
        options.strategy = strategy
        options.minimumRatio = minRatio
        options.difficulty = difficulty
        options.formats = try Self.list(format, option: "--format", accepted: ImageFormat.allCases.map(\.rawValue)) {
            ImageFormat(rawValue: $0)
        }
        let kinds = ShapeCatalog.standard.kinds
        options.shapes = try Self.list(shapes, option: "--shapes", accepted: kinds.map(\.rawValue)) { word in
            kinds.first { $0.rawValue == word }
        }
        do {
            options.proportions = try ProportionRange(minimum: minProportion, maximum: maxProportion)
        } catch {
            throw .invalidOption("--min-proportion/--max-proportion", reason: error.description)
        }
        options.style = ShapeStyle(
            showFill: !noFill,
            fillColor: try Self.color(fill, option: "--fill"),
            showOutline: !noOutline,
            outlineColor: try Self.color(outline, option: "--outline"),
            lineWidth: lineWidth
        )
        do {
            options.background = try CanvasBackground(parsing: background)
        } catch {
            throw .invalidOption("--background", reason: error.description)
        }
        return options
    }

    private static func color(_ text: String, option: String) throws(ShapeTurnsError) -> RGBAColor {
        do {
            return try RGBAColor(parsing: text)
        } catch {
            throw .invalidOption(option, reason: error.description)
        }
    }

    /// Splits a comma-separated value, rejecting unknown and repeated items.
    private static func list<Item: Equatable>(
        _ text: String, option: String, accepted: [String], parse: (String) -> Item?
    ) throws(ShapeTurnsError) -> [Item] {
        var items: [Item] = []
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            guard !word.isEmpty else { continue }
            guard let item = parse(word) else {
                throw .invalidOption(option, reason: "unknown value '\(word)' (accepted: \(accepted.joined(separator: ", ")))")
            }
            guard !items.contains(item) else {
                throw .invalidOption(option, reason: "'\(word)' is listed twice in '\(text)'")
            }
            items.append(item)
        }
        return items
    }
}

extension StrategyName: ExpressibleByArgument {}

extension Difficulty: ExpressibleByArgument {}
