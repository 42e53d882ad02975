import Foundation
import ShapeGame
import ShapeRendering

/// The facade for generating a turn set: validates options, plays the turns, renders every shape
/// in every format on all cores, and writes images, answer keys and the manifest into a folder.
public struct SetGenerator: Sendable {
    /// The options of the set, validated.
    public let options: GenerateOptions
    let controller: TurnController
    private let builder: ShapeViewBuilder
    private let renderer: ShapeImageRenderer
    let formats: [ImageFormat]

    /// Fails with the option at fault when the options cannot make a set.
    public init(options: GenerateOptions, catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) {
        try options.validate(catalog: catalog)
        self.options = options
        controller = try options.makeController(catalog: catalog)
        builder = ShapeViewBuilder(style: options.style, viewFactory: ShapeViewFactory(catalog: catalog))
        renderer = ShapeImageRenderer(canvasSide: options.size, background: options.background, pngEncoding: options.pngEncoding)
        formats = ImageFormat.allCases.filter(options.formats.contains)
    }

    /// Writes the set (or, with `run.shard`, one shard of it) to `destination`.
    ///
    /// A whole set is staged and put in place when complete and on disk (see
    /// `StagedOutputFolder`): `destination` must be missing or empty, or hold a ShapeTurns set
    /// to replace with `run.force`; a folder of other files is refused before any work, and on
    /// failure nothing is left behind. A shard writes straight into the shared `destination`,
    /// which `merge` completes. `run.resume` continues a killed run after checking it was made
    /// with the same options and version, keeping only turns whose files match the journal.
    @discardableResult
    public func generate(into destination: URL, run: RunOptions = RunOptions()) throws(ShapeTurnsError) -> GenerateOutcome {
        try run.validate()
        if let shard = run.shard {
            return try generateShard(shard, into: destination, run: run)
        }
        let staged = try StagedOutputFolder(destination: destination, options: options, replaceExisting: run.force, resume: run.resume)
        guard case .ready(let resuming) = staged.state else { return .alreadyComplete }
        do {
            let folder = staged.folder
            try RunRecord.claim(folder, options: options, replace: !resuming)
            let journalPath = folder.url(SetLayout.journalFile).path
            let kept = resuming ? TurnJournal.load(from: journalPath, turns: 1...options.turns) : nil
            let journal = try TurnJournal(folder: folder, relativePath: SetLayout.journalFile)
            let counts = try folder.writeStreaming(to: SetLayout.answersFile) { answers throws(ShapeTurnsError) in
                try renderTurns(1...options.turns, into: folder, run: run, kept: kept, journal: journal, answers: answers)
            }
            let manifest = SetManifest(options: options, counts: manifestCounts(counts))
            try folder.write(try AnswerKeyEncoding.document(manifest), to: SetLayout.manifestFile)
            try folder.remove(SetLayout.runRecordFile)
            try folder.remove(SetLayout.journalFile)
            try staged.commit()
            return .completed(manifest)
        } catch {
            if !resuming {
                staged.discard()
            }
            throw error
        }
    }

    /// The answer key and image bytes of one turn, without touching the file system.
    /// Throws `invalidOption` for a turn number below 1.
    package func renderTurn(number: Int) throws(ShapeTurnsError) -> RenderedTurn {
        let turn = try self.turn(number: number)
        return RenderedTurn(answer: answer(for: turn), images: try images(for: turn))
    }

    /// Turn `number` of the set, or the reason it does not exist.
    func turn(number: Int) throws(ShapeTurnsError) -> Turn {
        do {
            return try controller.turn(number: number)
        } catch {
            throw .invalidOption("turn \(number)", reason: error.description)
        }
    }

    func answer(for turn: Turn) -> TurnAnswer {
        TurnAnswer(
            turn: turn,
            seed: options.seed,
            canvas: CanvasRecord(side: options.size, background: options.background),
            style: options.style
        ) { label in
            ShapeFiles(paths: Dictionary(uniqueKeysWithValues: formats.map { format in
                (format, SetLayout.imageFile(ofTurn: turn.number, turnCount: options.turns, label: label, format: format))
            }))
        }
    }

    func images(for turn: Turn) throws(ShapeTurnsError) -> [RenderedImage] {
        var images: [RenderedImage] = []
        for label in ShapeLabel.allCases {
            do {
                let view = try builder.buildView(for: turn.shape(label))
                for format in formats {
                    images.append(RenderedImage(
                        path: SetLayout.imageFile(ofTurn: turn.number, turnCount: options.turns, label: label, format: format),
                        bytes: try renderer.render(view, as: format)
                    ))
                }
            } catch let error as ShapeRenderingError {
                throw .rendering(error.description)
            } catch {
                throw .rendering("\(error)")
            }
        }
        return images
    }

    func manifestCounts(_ larger: [ShapeLabel: Int]) -> SetManifest.Counts {
        SetManifest.Counts(
            turns: options.turns,
            largerA: larger[.a, default: 0],
            largerB: larger[.b, default: 0],
            images: Dictionary(uniqueKeysWithValues: formats.map { ($0.rawValue, 2 * options.turns) })
        )
    }

    /// Renders `turns` with the run's jobs, appending their answer lines to `answers` and their
    /// checksums to `journal` in order; returns how many turns have the larger shape at `a` and at `b`.
    private func renderTurns(
        _ turns: ClosedRange<Int>, into folder: SetFolder, run: RunOptions, kept: KeptTurns?,
        journal: TurnJournal, answers: FileHandle
    ) throws(ShapeTurnsError) -> [ShapeLabel: Int] {
        for bucket in SetLayout.buckets(of: turns, turnCount: options.turns) {
            try folder.makeFolder(bucket)
        }
        let command = RenderTurnCommand(generator: self, folder: folder, kept: kept)
        var larger: [ShapeLabel: Int] = [:]
        var done = 0
        try RenderInvoker(jobs: run.jobs).run(turns: turns, command: command.execute(turn:)) { records throws(ShapeTurnsError) in
            do {
                try answers.write(contentsOf: records.flatMap(\.line))
            } catch {
                throw .ioFailure(path: folder.displayPath(SetLayout.answersFile), reason: SetFolder.reason(error))
            }
            try journal.record(records.map { ($0.number, $0.checksum) })
            for record in records {
                larger[record.larger, default: 0] += 1
            }
            done += records.count
            run.progress?(done, turns.count)
        }
        return larger
    }

    private func generateShard(_ shard: Shard, into destination: URL, run: RunOptions) throws(ShapeTurnsError) -> GenerateOutcome {
        let claim = try ShardClaim(shard, of: options, in: destination, run: run)
        let folder = claim.folder
        let turns = shard.turns(ofSetWith: options.turns)
        let kept = run.resume ? turns.map { TurnJournal.load(from: folder.url(shard.journalFile).path, turns: $0) } : nil
        let journal = try TurnJournal(folder: folder, relativePath: shard.journalFile)
        try folder.writeStreaming(to: shard.answersFile) { answers throws(ShapeTurnsError) in
            if let turns {
                _ = try renderTurns(turns, into: folder, run: run, kept: kept ?? nil, journal: journal, answers: answers)
            }
        }
        try Durability.syncFileSystem(holding: folder.root.path)
        try folder.write(Array("\(turns.map { "\($0.lowerBound)-\($0.upperBound)" } ?? "none")\n".utf8), to: shard.doneFile)
        try Durability.syncFolder(at: folder.url(SetLayout.shardsFolder).path)
        withExtendedLifetime(claim) {}
        return .shardFinished(shard, turns: turns)
    }
}
