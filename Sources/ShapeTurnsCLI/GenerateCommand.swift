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

    @Option(parsing: .unconditional, help: "How many turns to render, 1 to 10,000,000.")
    var turns = 10

    @Option(parsing: .unconditional, help: "The seed every turn's random stream comes from; same seed and options, same bytes.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("The folder to write: created if missing, filled in place if empty (a mount point or a link to a folder too); a set there is replaced only with --force.", valueName: "dir"))
    var out = "turns"

    @Option(help: ArgumentHelp("Image formats, comma-separated: png, svg or png,svg.", valueName: "formats"))
    var format = "png"

    @Option(parsing: .unconditional, help: ArgumentHelp("Side of each shape's square canvas, 16 to 8192 pixels.", valueName: "px"))
    var size = 512

    @Option(help: """
        How PNGs are compressed (all decode to the same pixels): fast, runs of one colour as deflate matches; \
        default, libdeflate level 6 (about a quarter smaller); small, level 10; cairo, Cairo's own writer, for comparison.
        """)
    var pngCompression = PNGEncoding.fast

    @OptionGroup(title: "Shapes and style")
    var shapeOptions: ShapeOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Turns rendered at once, 1 to 256; the output is the same for any value.", valueName: "n"))
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Render only part K of N of the set into --out, shared by all parts; then run merge.", valueName: "K/N"))
    var shard: String?

    @Flag(help: "Finish a run that was killed, keeping the turns it completed; the result is the same as an uninterrupted run.")
    var resume = false

    @Flag(help: "Replace --out if it already holds a set ShapeTurns made (never a folder of other files), or start a killed run over.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print nothing on success and draw no progress bar.")
    var quiet = false

    func validate() throws {
        do {
            _ = try OutputPolicy(option: "--out").destination(out)
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
        options.formats = try ShapeOptions.list(format, option: "--format", accepted: ImageFormat.allCases.map(\.rawValue)) {
            ImageFormat(rawValue: $0)
        }
        options.pngEncoding = pngCompression
        try shapeOptions.apply(to: &options)
        return options
    }
}

extension PNGEncoding: ExpressibleByArgument {}
