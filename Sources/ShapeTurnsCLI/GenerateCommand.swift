import ArgumentParser
import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCompare
import ShapeTurnsCore
import ShapeTurnsSets

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
              shapeturns generate --turns 2000 --seed 5 --exclude train --out test
              shapeturns generate --turns 20000 --layout pair --split train=0.9,test=0.1
              shapeturns generate --turns 100000 --pack tar --shard-turns 1000 --out tars
              shapeturns generate --layout pair --rotation random --max-proportion 0.7
              shapeturns generate --placement random --palette bright --background white
              shapeturns generate --turns 8000 --pack tar --shard 4/8 --out - > 3.tar

            Datasets (see docs/datasets.md): every set also has labels.csv, a README.md dataset card for \
            Hugging Face datasets, and, in the folder layout, a metadata.jsonl per split folder for imagefolder. \
            --pack tar writes WebDataset shards (turns-NNNNNN.tar) instead of loose files.
            """
    )

    @Option(parsing: .unconditional, help: "How many turns to render, 1 to 10,000,000.")
    var turns = 10

    @Option(
        parsing: .unconditional,
        help:
            "The seed every turn's random stream comes from (default 1); same seed and options, same turns and bytes, whatever --turns or --size: give train and test sets made apart different seeds, use --split, --seed-offset or --exclude."
    )
    var seed: UInt64?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Draw turn i from the random streams of turn i+N (0 to 1,000,000,000,000; even with --balance): sets made apart with one seed and different offsets share no turn's streams: a test set made with --seed-offset set to the train set's --turns draws from none of the train set's streams.",
            valueName: "n"))
    var seedOffset: Int?

    @Option(
        help: ArgumentHelp(
            "Leave out every turn whose two shapes (kind, proportion, rotation, colours) equal a turn of the set in this folder, as its answers.jsonl records them; a turn that would repeat one is drawn again from the next stream, so the same options give the same set.",
            valueName: "set"))
    var exclude: String?

    @Option(
        help: ArgumentHelp(
            "The folder to write: created if missing, filled in place if empty (a mount point or a link to a folder too); a set there is replaced only with --force. With --pack tar, - streams one tar to standard output.",
            valueName: "dir"))
    var out = "turns"

    @Option(help: ArgumentHelp("Image formats, comma-separated: png, svg or png,svg.", valueName: "formats"))
    var format = "png"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Side of each shape's square canvas, 16 to 8192 pixels.", valueName: "px"))
    var size = 512

    @Option(
        help: ArgumentHelp(
            "separate: an image per shape; pair: one game-screen image per turn, A left and B right (--size at most 3642, so the image fits 8192 pixels).",
            valueName: "layout"))
    var layout = ImageLayout.separate

    @Flag(help: "With --layout pair, write \"A\" and \"B\" under the shapes.")
    var labels = false

    @Option(
        help: ArgumentHelp("folder: loose files; tar: WebDataset tar shards of --shard-turns turns.", valueName: "pack")
    )
    var pack = PackFormat.folder

    @Option(help: ArgumentHelp("Turns per tar shard with --pack tar, 1 to 1,000,000 (default 1000).", valueName: "n"))
    var shardTurns: Int?

    @Option(
        help: ArgumentHelp(
            "Divide the turns into splits by a fixed rule on seed and turn, each in a folder: NAME=FRACTION,... adding up to 1.",
            valueName: "splits"
        ))
    var split: String?

    @Option(
        help: ArgumentHelp(
            "Write a JSON answer key per turn in the folder layout (true or false); answers.jsonl is always written.",
            valueName: "bool"))
    var turnJSON = true

    @Option(
        help: ArgumentHelp(
            "centered (the game's), or random: each shape anywhere fully inside its square.", valueName: "placement"))
    var placement = Placement.centered

    @Option(
        help: ArgumentHelp(
            "none, or random: squares, triangles, stars and hexagons turned by any angle (needs room: see --max-proportion).",
            valueName: "rotation"))
    var rotation = Rotation.none

    @Option(
        help: ArgumentHelp(
            "Paint each shape's fill and outline in two colours of a palette: bright, pastel, earth, gray, or a comma list of colours.",
            valueName: "palette"
        ))
    var palette: String?

    @Option(
        help: ArgumentHelp(
            "Keep these cues from predicting the larger shape (for training models): kind, extent, perimeter, box, colour, position, comma-separated; needs --strategy mixed. See docs/datasets.md.",
            valueName: "cues"))
    var balance: String?

    @Option(
        help: ArgumentHelp(
            "The area ratios (larger over smaller) turns may take, in place of --min-ratio: MIN,MAX with 1 < MIN <= MAX.",
            valueName: "min,max"))
    var ratioRange: String?

    @Option(
        help: ArgumentHelp(
            "With --balance, how ratios are drawn in their range: uniform (default) or log-uniform (as many turns from 1.1 to 1.21 as from 1.21 to 1.331).",
            valueName: "distribution"))
    var ratioDistribution: RatioDistribution?

    @Option(
        help: """
            How PNGs are compressed (all decode to the same pixels): fast, runs of one colour as deflate matches; \
            default, libdeflate level 6 (about a quarter smaller); small, level 10; cairo, Cairo's own writer, for comparison.
            """)
    var pngCompression = PNGEncoding.fast

    @OptionGroup(title: "Shapes and style")
    var shapeOptions: ShapeOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Turns rendered at once, 1 to 256 (default: the number of cores); the output is the same for any value.",
            valueName: "n"))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Render only part K of N of the set into --out, shared by all parts; then run merge.", valueName: "K/N"))
    var shard: String?

    @Flag(
        help:
            "Finish a run that was killed, keeping the turns it completed; the result is the same as an uninterrupted run."
    )
    var resume = false

    @Flag(
        help:
            "Replace --out if it already holds a set ShapeTurns made (never a folder of other files), or start a killed run over."
    )
    var force = false

    @Flag(name: .shortAndLong, help: "Print nothing on success and draw no progress bar.")
    var quiet = false

    func validate() throws {
        do {
            _ = try OutputPolicy(.destination).destination(out)
            let options = try makeOptions()
            _ = try SetGenerator(options: options)
            if exclude != nil {
                // The set is read by run(), so that a missing or broken one gets 66 or 65.
                var excluding = options
                excluding.exclude = ExcludedTurns.Record(answers: "")
                try excluding.validate()
            }
            try makeRunOptions().validate()
            if out == "-" {
                try Self.validateStreaming(options, shard: makeRunOptions().shard, resume: resume, force: force)
            }
        } catch {
            throw ValidationError(error.commandLineMessage)
        }
    }

    private static func validateStreaming(_ options: GenerateOptions, shard: Shard?, resume: Bool, force: Bool)
        throws(ShapeTurnsError)
    {
        try SetGenerator.checkStreamable(options, shard: shard)
        guard !resume, !force else {
            throw .invalidOption(
                resume ? "--resume with --out -" : "--force with --out -",
                reason: "a stream has no folder to finish or replace")
        }
        guard isatty(STDOUT_FILENO) == 0 else {
            throw .invalidOption(
                "--out -", reason: "standard output is a terminal; pipe the tar into a program or redirect it to a file"
            )
        }
    }

    func run() throws {
        var options = try makeOptions()
        let excluded = try exclude.map { path throws(ShapeTurnsError) in
            try ExcludedTurns.read(setAt: URL(fileURLWithPath: path))
        }
        options.exclude = excluded?.record
        var run = try makeRunOptions()
        if !quiet, let pairs = try options.balancedKindPairs() {
            StandardStreams.diagnose(
                "Balance keeps \(pairs.count) ordered kind pairs (A|B): \(pairs.joined(separator: ", "))\n")
        }
        if !quiet, let bar = ProgressBar(label: "generate") {
            run.progress = bar.update(done:total:)
        }
        if out == "-" {
            let turns = try SetGenerator(options: options, excluding: excluded).stream(to: STDOUT_FILENO, run: run)
            if !quiet {
                let part = turns.map { "turns \($0.lowerBound) to \($0.upperBound)" } ?? "no turns"
                StandardStreams.diagnose("Streamed \(part) as one tar to standard output\n")
                noteDefaultSeed(options.seed)
            }
            return
        }
        let outcome = try SetGenerator(options: options, excluding: excluded).generate(
            into: URL(fileURLWithPath: out), run: run)
        guard !quiet else { return }
        defer { noteDefaultSeed(options.seed) }
        switch outcome {
        case .completed:
            let formats = options.formats.map(\.rawValue).joined(separator: ", ")
            try StandardStreams.outputLine(
                "Wrote \(options.turns) turns (\(formats)) to \(out); answer key in \(out)/\(SetLayout.answersFile)")
        case .alreadyComplete:
            try StandardStreams.outputLine("\(out) is already complete; nothing to resume")
        case .shardFinished(let shard, let turns):
            let part = turns.map { "turns \($0.lowerBound) to \($0.upperBound)" } ?? "no turns (more shards than turns)"
            try StandardStreams.outputLine(
                "Shard \(shard) wrote \(part) to \(out); when all \(shard.count) shards are done, run: shapeturns merge \(out)"
            )
        }
    }

    /// After a run without `--seed`, says which seed it used: two sets made apart that way hold
    /// the same turns (a train set and a test set would leak).
    private func noteDefaultSeed(_ seed: UInt64) {
        guard self.seed == nil else { return }
        StandardStreams.diagnose(
            "Seed \(seed) (the default): another set made without --seed holds the same turns; pass --seed to make a different one\n"
        )
    }

    private func makeRunOptions() throws(ShapeTurnsError) -> RunOptions {
        var run = RunOptions()
        run.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        run.shard = try shard.map { text throws(ShapeTurnsError) in try Shard(parsing: text) }
        run.resume = resume
        run.force = force
        return run
    }

    private func makeOptions() throws(ShapeTurnsError) -> GenerateOptions {
        var options = GenerateOptions()
        options.turns = turns
        options.seed = seed ?? GenerateOptions().seed
        options.size = size
        options.formats = try ShapeOptions.list(
            format, option: "--format", accepted: ImageFormat.allCases.map(\.rawValue)
        ) {
            ImageFormat(rawValue: $0)
        }
        options.pngEncoding = pngCompression
        try shapeOptions.apply(to: &options)
        options.layout = layout == .separate ? nil : layout
        options.labels = labels ? true : nil
        options.pack = pack == .folder ? nil : pack
        options.shardTurns = shardTurns
        options.split = try split.map { text throws(ShapeTurnsError) in try SplitPlan(parsing: text) }
        options.turnJSON = turnJSON ? nil : false
        options.placement = placement == .centered ? nil : placement
        options.rotation = rotation == .none ? nil : rotation
        if rotation == .random, shapeOptions.maxProportion == nil, let largest = options.largestTurningProportion() {
            do {
                options.proportions = try ProportionRange(
                    minimum: options.proportions.minimum, maximum: min(options.proportions.maximum, largest))
            } catch {
                throw .invalidOption("--min-proportion with --rotation random", reason: error.description)
            }
        }
        options.palette = try palette.map { text throws(ShapeTurnsError) in try Palette(parsing: text) }
        options.balance = try balance.map { text throws(ShapeTurnsError) in
            try ShapeOptions.list(text, option: "--balance", accepted: BalancedCue.allCases.map(\.rawValue)) {
                BalancedCue(rawValue: $0 == "color" ? "colour" : $0)
            }
        }
        options.ratioRange = try ratioRange.map { text throws(ShapeTurnsError) in try Self.parseRange(text) }
        options.ratioDistribution = ratioDistribution
        options.seedOffset = seedOffset
        return options
    }
}

extension GenerateCommand {
    /// `MIN,MAX` as a range; one clear line when it is not two numbers with MIN <= MAX.
    static func parseRange(_ text: String) throws(ShapeTurnsError) -> ClosedRange<Double> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 2, let minimum = parts[0], let maximum = parts[1], minimum <= maximum else {
            throw .invalidOption(
                .ratioRange, reason: "must be MIN,MAX, two numbers with MIN <= MAX, such as 1.1,2 (got '\(text)')")
        }
        return minimum...maximum
    }
}

extension RatioDistribution: ExpressibleByArgument {}

extension PNGEncoding: ExpressibleByArgument {}

extension ImageLayout: ExpressibleByArgument {}

extension PackFormat: ExpressibleByArgument {}

extension Placement: ExpressibleByArgument {}

extension Rotation: ExpressibleByArgument {}
