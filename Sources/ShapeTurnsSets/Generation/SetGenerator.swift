import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// The facade for generating a turn set: validates options, plays the turns, renders every shape
/// in every format on all cores, and writes images, answer keys and the manifest into a folder.
public struct SetGenerator: Sendable {
    /// The options of the set, validated.
    package let options: GenerateOptions
    /// The controller that plays the set's turns (a game copies it and records answers in it).
    package let controller: TurnController
    private let builder: ShapeViewBuilder
    private let renderer: ShapeImageRenderer
    package let formats: [ImageFormat]
    private let variation: ShapeVariation

    /// The stream of each turn (turn i at index i − 1) when some were redrawn past an excluded
    /// set's turns; `nil`: turn i's stream is i + `seedOffset`.
    private var redrawnStreams: [Int]?

    /// Fails with the property at fault when the options cannot make a set.
    public init(options: GenerateOptions, catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) {
        try self.init(options: options, catalog: catalog, excluding: nil)
    }

    /// A generator that leaves out `excluded`'s turns, which must be those `options.exclude`
    /// names: a turn whose shapes equal one of them is drawn again from the next unused stream
    /// (the next pair of streams in a balanced set), so the same options give the same turns.
    /// All turns' streams are worked out here, one turn's shapes and colours at a time.
    package init(options: GenerateOptions, catalog: ShapeCatalog = .standard, excluding excluded: ExcludedTurns?)
        throws(ShapeTurnsError)
    {
        try options.validate(catalog: catalog)
        self.options = options
        controller = try options.makeController(catalog: catalog)
        builder = ShapeViewBuilder(style: options.style, viewFactory: ShapeViewFactory(catalog: catalog))
        renderer = ShapeImageRenderer(
            canvasSide: options.size, background: options.background, pngEncoding: options.pngEncoding)
        formats = ImageFormat.allCases.filter(options.formats.contains)
        variation = ShapeVariation(options: options, viewFactory: ShapeViewFactory(catalog: catalog))
        guard let record = options.exclude else { return }
        guard let excluded, excluded.record == record else {
            throw .invalidOption(
                .exclude,
                reason:
                    "names a set whose answers have checksum \(record.answers); give that set's folder (\(excluded.map { "this one's is \($0.record.answers)" } ?? "none was read"))"
            )
        }
        redrawnStreams = try streams(avoiding: excluded)
    }

    /// Every turn's stream, each the next after the previous turn's (pair of turns') whose
    /// shapes are not in `excluded`.
    private func streams(avoiding excluded: ExcludedTurns) throws(ShapeTurnsError) -> [Int] {
        let unit = options.balance == nil ? 1 : 2
        var streams: [Int] = []
        streams.reserveCapacity(options.turns + unit)
        var group = (options.seedOffset ?? 0) / unit
        var redrawn = 0
        while streams.count < options.turns {
            group += 1
            let candidates = (1...unit).map { (group - 1) * unit + $0 }
            var collides = false
            for stream in candidates where !collides {
                collides = excluded.contains(answer(for: try drawnTurn(stream: stream, as: stream), stream: stream))
            }
            guard collides else {
                streams += candidates
                continue
            }
            redrawn += 1
            // Each excluded turn can take the place of a drawn one only once, unless the draws
            // repeat themselves, which would never end.
            guard redrawn <= excluded.count + options.turns else {
                throw .invalidOption(
                    .exclude,
                    reason: "leaves no new turns to draw after \(redrawn) redraws; choose other shapes or proportions")
            }
        }
        return Array(streams.prefix(options.turns))
    }

    /// The stream turn `number` of the set is drawn from.
    package func stream(ofTurn number: Int) -> Int {
        if let redrawnStreams, redrawnStreams.indices.contains(number - 1) {
            return redrawnStreams[number - 1]
        }
        return number + (options.seedOffset ?? 0)
    }

    /// Writes the set (or, with `run.shard`, one shard of it) to `destination`.
    ///
    /// A whole set is staged and put in place when complete and on disk (see
    /// `StagedOutputFolder`): `destination` must be missing or empty, or hold a ShapeTurns set
    /// to replace with `run.force`; a folder of other files is refused before any work, and on
    /// failure nothing is left behind. A shard writes straight into the shared `destination`,
    /// which `merge` completes. `run.resume` continues a killed run after checking it was made
    /// with the same options and version, keeping only turns whose files match the journal (and,
    /// with `--pack tar`, complete tar shards).
    @discardableResult
    public func generate(into destination: URL, run: RunOptions = RunOptions()) throws(ShapeTurnsError)
        -> GenerateOutcome
    {
        try run.validate()
        if let shard = run.shard {
            return try generateShard(shard, into: destination, run: run)
        }
        let staged = try StagedOutputFolder(
            destination: destination, options: options, replaceExisting: run.force, resume: run.resume)
        guard case .ready(let resuming) = staged.state else { return .alreadyComplete }
        do throws(ShapeTurnsError) {
            let folder = staged.folder
            try RunRecord.claim(folder, options: options, replace: !resuming)
            let index = try SetIndexWriter(folder: folder, options: options)
            var shards: [ShardRecord]?
            if options.packFormat == .tar {
                let tar = TarShardSet(
                    folder: folder, turnsPerShard: options.turnsPerShard, keepsCompleteShards: resuming)
                do throws(ShapeTurnsError) {
                    try packTurns(1...options.turns, into: tar, run: run) { answer, line throws(ShapeTurnsError) in
                        try index.add(answer, line: line)
                    }
                    try tar.finishAll()
                } catch {
                    tar.discard()
                    throw error
                }
                shards = tar.records
            } else {
                let journalPath = folder.url(SetLayout.journalFile).path
                let kept = resuming ? TurnJournal.load(from: journalPath, turns: 1...options.turns) : nil
                let journal = try TurnJournal(folder: folder, relativePath: SetLayout.journalFile)
                try renderTurns(1...options.turns, into: folder, run: run, kept: kept, journal: journal) {
                    record throws(ShapeTurnsError) in
                    try index.add(record.answer, line: record.line)
                }
            }
            try index.commit()
            var manifest = SetManifest(
                options: options, counts: manifestCounts(index.larger, splits: index.splitCounts))
            manifest.shards = shards
            manifest.audit = index.audit
            manifest.balancedKindPairs = try options.balancedKindPairs()
            try folder.write(try AnswerKeyEncoding.document(manifest), to: SetLayout.manifestFile)
            try folder.write(DatasetCard(manifest: manifest).bytes, to: SetLayout.cardFile)
            try folder.remove(SetLayout.runRecordFile)
            if options.packFormat == .folder {
                try folder.remove(SetLayout.journalFile)
            }
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
        try render(try self.turn(number: number))
    }

    /// The answer key and image bytes of `turn` (one a game dealt, perhaps adaptively), drawn
    /// exactly as the set's turns are.
    package func render(_ turn: Turn) throws(ShapeTurnsError) -> RenderedTurn {
        let varied = varied(turn)
        let answer = answer(for: turn, varied: varied)
        return RenderedTurn(answer: answer, images: try images(for: turn, answer: answer, varied: varied))
    }

    /// Turn `number` of the set, or the reason it does not exist.
    package func turn(number: Int) throws(ShapeTurnsError) -> Turn {
        // A number below 1 is refused by the controller, whatever the offset.
        try drawnTurn(stream: number >= 1 ? stream(ofTurn: number) : number, as: number)
    }

    /// The turn drawn from `stream`, numbered `number` in the set.
    private func drawnTurn(stream: Int, as number: Int) throws(ShapeTurnsError) -> Turn {
        let drawn: Turn
        do {
            drawn = try controller.turn(number: stream)
        } catch {
            throw .invalidOption("turn \(number)", reason: error.description)
        }
        return stream == number ? drawn : Turn(number: number, shapeA: drawn.shapeA, shapeB: drawn.shapeB)
    }

    package func answer(for turn: Turn) -> TurnAnswer {
        answer(for: turn, varied: varied(turn))
    }

    /// The colours, angles and places of `turn`'s shapes, drawn once for its key and its images.
    package func varied(_ turn: Turn) -> [ShapeVariation.Varied] {
        variation.vary(turn, stream: stream(ofTurn: turn.number))
    }

    /// The answer of `turn`, whose colours, angles and places come from `stream`'s.
    private func answer(for turn: Turn, stream: Int) -> TurnAnswer {
        answer(for: turn, varied: variation.vary(turn, stream: stream))
    }

    /// The answer of `turn`, its shapes varied as `varied` says.
    package func answer(for turn: Turn, varied: [ShapeVariation.Varied]) -> TurnAnswer {
        // A balanced set's pairs of turns stay together, so each split is balanced too.
        let split = options.split?.split(
            ofTurn: options.balance == nil ? turn.number : (turn.number + 1) / 2, seed: options.seed)
        let prefix = SetLayout.prefix(ofSplit: split)
        let key = SetLayout.sampleKey(ofTurn: turn.number, turnCount: options.turns)
        let tar = options.packFormat == .tar
        let canvas: CanvasRecord
        let files: (ShapeLabel) -> ShapeFiles
        let box: (ShapeLabel) -> PixelBox
        switch options.imageLayout {
        case .separate:
            canvas = CanvasRecord(side: options.size, background: options.background)
            files = { label in
                ShapeFiles(
                    paths: Dictionary(
                        uniqueKeysWithValues: formats.map { format in
                            (
                                format,
                                tar
                                    ? "\(key).\(label).\(format.fileExtension)"
                                    : prefix
                                        + SetLayout.imageFile(
                                            ofTurn: turn.number, turnCount: options.turns, label: label, format: format)
                            )
                        }))
            }
            box = { label in varied[label == .a ? 0 : 1].box }
        case .pair:
            let pair = pairCanvas
            canvas = CanvasRecord(pair: pair, background: options.background)
            let shared = ShapeFiles(
                paths: Dictionary(
                    uniqueKeysWithValues: formats.map { format in
                        (
                            format,
                            tar
                                ? "\(key).\(format.fileExtension)"
                                : prefix
                                    + SetLayout.pairImageFile(
                                        ofTurn: turn.number, turnCount: options.turns, format: format)
                        )
                    }))
            files = { _ in shared }
            box = { label in
                let index = label == .a ? 0 : 1
                let (box, origin) = (varied[index].box, pair.squareOrigin(index))
                return PixelBox(x: box.x + origin.x, y: box.y + origin.y, width: box.width, height: box.height)
            }
        }
        var answer = TurnAnswer(
            turn: turn, seed: options.seed, canvas: canvas, style: options.style, files: files, box: box)
        answer.split = split
        if variation.isActive {
            for index in answer.shapes.indices {
                answer.shapes[index].style = StyleRecord(varied[index].style)
                answer.shapes[index].rotation = varied[index].rotationDegrees
            }
        }
        if let balance = options.balance {
            answer.congruent = CueCongruence(turn: turn, shapes: answer.shapes, cues: balance)
            answer.pair = (turn.number + 1) / 2
        }
        return answer
    }

    package var pairCanvas: PairCanvas {
        PairCanvas(side: options.size, labels: options.drawsLabels)
    }

    /// The turn's images in label then format order (one per format in the pair layout), each
    /// named as `answer`'s files name it, its shapes varied as for `answer` (`varied(_:)`).
    package func images(for turn: Turn, answer: TurnAnswer, varied: [ShapeVariation.Varied]) throws(ShapeTurnsError)
        -> [RenderedImage]
    {
        var images: [RenderedImage] = []
        do {
            var views: [any ShapeView] = []
            for (label, shape) in zip(ShapeLabel.allCases, varied) {
                views.append(try builder.viewFactory.makeView(for: turn.shape(label), style: shape.style))
            }
            switch options.imageLayout {
            case .separate:
                for (index, shape) in answer.shapes.enumerated() {
                    for format in formats {
                        let bytes = try renderer.render(views[index], pose: varied[index].pose, as: format)
                        images.append(RenderedImage(path: shape.files[format] ?? "", bytes: bytes))
                    }
                }
            case .pair:
                for format in formats {
                    let path = answer.shapes.first?.files[format] ?? ""
                    let bytes = try renderer.renderPair(
                        views, poses: varied.map(\.pose), canvas: pairCanvas, as: format)
                    images.append(RenderedImage(path: path, bytes: bytes))
                }
            }
        } catch let error as ShapeRenderingError {
            throw .rendering(error.description)
        } catch {
            throw .rendering("\(error)")
        }
        return images
    }

    package func manifestCounts(_ larger: [ShapeLabel: Int], splits: [String: Int] = [:]) -> SetManifest.Counts {
        let perTurn = options.imageLayout == .pair ? 1 : 2
        return SetManifest.Counts(
            turns: options.turns,
            largerA: larger[.a, default: 0],
            largerB: larger[.b, default: 0],
            images: Dictionary(uniqueKeysWithValues: formats.map { ($0.rawValue, perTurn * options.turns) }),
            splits: options.split.map { plan in
                Dictionary(uniqueKeysWithValues: plan.names.map { ($0, splits[$0, default: 0]) })
            }
        )
    }

    /// Renders `turns` into the folder layout with the run's jobs and writes each turn's files on
    /// this thread, recording each turn's checksum in `journal` and handing its record to
    /// `deliver`, in turn order. Turns in `kept` whose
    /// files still match are not rendered again.
    private func renderTurns(
        _ turns: ClosedRange<Int>, into folder: SetFolder, run: RunOptions, kept: KeptTurns?, journal: TurnJournal,
        deliver: (RenderTurnCommand.Record) throws(ShapeTurnsError) -> Void
    ) throws(ShapeTurnsError) {
        for split in options.split?.names.map(Optional.some) ?? [nil] {
            for bucket in SetLayout.buckets(of: turns, turnCount: options.turns) {
                try folder.makeFolder(SetLayout.prefix(ofSplit: split) + bucket)
            }
        }
        let command = RenderTurnCommand(generator: self, folder: folder, kept: kept)
        var done = 0
        try RenderInvoker(jobs: run.jobs).run(turns: turns, command: command.execute(turn:)) {
            records throws(ShapeTurnsError) in
            // A turn's files are written before the journal names it, so a killed run's journal
            // never vouches for a file that is not there.
            for record in records {
                try command.write(record)
            }
            try journal.record(records.map { ($0.number, $0.checksum) })
            for record in records {
                try deliver(record)
            }
            done += records.count
            run.progress?(done, turns.count)
        }
    }

    /// Renders `turns` with the run's jobs and packs them, in turn order, into tar shards,
    /// handing each turn's answer and `answers.jsonl` line to `deliver`.
    private func packTurns(
        _ turns: ClosedRange<Int>, into tar: TarShardSet, run: RunOptions,
        deliver: (TurnAnswer, [UInt8]) throws(ShapeTurnsError) -> Void
    ) throws(ShapeTurnsError) {
        try renderPacked(turns, run: run) { turn throws(ShapeTurnsError) in
            let packed = try turn.placed(in: tar.nextShardFile(split: turn.answer.split))
            try tar.append(turn: packed.answer.turn, split: packed.answer.split, members: packed.members)
            try deliver(packed.answer, packed.line)
        }
    }

    /// A rendered turn on its way into a tar: the turn with its answer's `archive` set, the
    /// answer's `answers.jsonl` line, and its members (images, then `NNNNNN.json`).
    package struct PackedTurn: Sendable {
        let turn: RenderedTurn
        /// Filled in on the worker threads when the shard is known there (sets without splits).
        let line: [UInt8]
        let members: [TarShardSet.Member]

        /// The turn's WebDataset key, the stem of its members' names.
        let key: String

        var answer: TurnAnswer { turn.answer }

        init(_ rendered: RenderedTurn, key: String, archive: String?) throws(ShapeTurnsError) {
            self.key = key
            var answer = rendered.answer
            answer.archive = archive
            turn = RenderedTurn(answer: answer, images: rendered.images)
            guard archive != nil else {
                line = []
                members = []
                return
            }
            line = AnswerKeyEncoding.line(turn: answer)
            // `NNNNNN.cls`, WebDataset's class index: 0 when `a` is larger, 1 when `b` is.
            members =
                rendered.images.map { TarShardSet.Member(name: $0.path, bytes: $0.bytes) } + [
                    TarShardSet.Member(name: "\(key).cls", bytes: Array((answer.larger == .a ? "0" : "1").utf8)),
                    TarShardSet.Member(name: "\(key).json", bytes: AnswerKeyEncoding.document(turn: answer)),
                ]
        }

        /// The turn as packed into `archive`: as it is when the workers already knew its shard.
        func placed(in archive: String) throws(ShapeTurnsError) -> PackedTurn {
            guard answer.archive != archive else { return self }
            return try PackedTurn(turn, key: key, archive: archive)
        }
    }

    /// Renders `turns` with the run's jobs (images in memory, at most 32 turns a job waiting), handing each
    /// to `deliver` in turn order. Without splits a turn's shard follows from its number, so its
    /// JSON is encoded on the worker threads too.
    private func renderPacked(
        _ turns: ClosedRange<Int>, run: RunOptions, deliver: (PackedTurn) throws(ShapeTurnsError) -> Void
    ) throws(ShapeTurnsError) {
        let generator = self
        let shardTurns = options.turnsPerShard
        let knowsShard = options.split == nil
        var done = 0
        let render: @Sendable (Int) throws(ShapeTurnsError) -> PackedTurn = { number throws(ShapeTurnsError) in
            let turn = try generator.renderTurn(number: number)
            let archive = knowsShard ? SetLayout.tarShardFile(index: (number - 1) / shardTurns, split: nil) : nil
            return try PackedTurn(
                turn, key: SetLayout.sampleKey(ofTurn: number, turnCount: generator.options.turns), archive: archive)
        }
        try RenderInvoker(jobs: run.jobs).run(turns: turns, command: render) { rendered throws(ShapeTurnsError) in
            for turn in rendered {
                try deliver(turn)
            }
            done += rendered.count
            run.progress?(done, turns.count)
        }
    }

    /// Throws unless `options` can be streamed as one tar: `--pack tar`, no `--split`, and a
    /// `shard` part that holds at least one tar shard (an empty stream would look like success).
    package static func checkStreamable(_ options: GenerateOptions, shard: Shard? = nil) throws(ShapeTurnsError) {
        if let shard, options.packFormat == .tar,
            shard.turns(ofSetWith: options.turns, tarShardTurns: options.turnsPerShard) == nil
        {
            let shards = (options.turns - 1) / options.turnsPerShard + 1
            throw .invalidOption(
                "\(.shard, "\(shard.index)/\(shard.count)") with \(.destination, "-")",
                because:
                    "part \(shard.index) of \(shard.count) holds none of the set's \(shards) tar shard\(shards == 1 ? "" : "s") of \(options.turnsPerShard) turns, so it would stream an empty tar; divide it into at most \(shards) parts"
            )
        }
        guard options.packFormat == .tar else {
            throw .invalidOption(
                "\(.destination, "-")", because: "streams a tar to standard output; add \(.pack, "tar")")
        }
        guard options.split == nil else {
            throw .invalidOption(
                "\(.destination, "-") with \(.split)",
                because: "a stream is one tar of one split; write the split set to a folder instead")
        }
    }

    /// Writes the turns of the run (all, or those of `run.shard`, divided by whole tar shards) as
    /// one tar to `descriptor`, for `--pack tar --out -`: the members a shard file holds, so a run
    /// whose part is exactly one shard streams that shard's bytes. Nothing else is written.
    package func stream(to descriptor: Int32, run: RunOptions = RunOptions()) throws(ShapeTurnsError) -> ClosedRange<
        Int
    >? {
        try run.validate()
        try Self.checkStreamable(options, shard: run.shard)
        guard
            let turns = run.shard.map({ $0.turns(ofSetWith: options.turns, tarShardTurns: options.turnsPerShard) })
                ?? (1...options.turns)
        else {
            // checkStreamable refused a part that holds no tar shard.
            return nil
        }
        // Nothing records a checksum of a stream, so none is computed.
        let writer = try TarArchiveWriter(descriptor: descriptor, displayPath: "standard output", hashing: false)
        try renderPacked(turns, run: run) { turn throws(ShapeTurnsError) in
            let packed = try turn.placed(
                in: SetLayout.tarShardFile(index: (turn.answer.turn - 1) / options.turnsPerShard, split: nil))
            for member in packed.members {
                try writer.append(name: member.name, bytes: member.bytes)
            }
        }
        _ = try writer.finishUnhashed()
        return turns
    }

    private func generateShard(_ shard: Shard, into destination: URL, run: RunOptions) throws(ShapeTurnsError)
        -> GenerateOutcome
    {
        // Refused before the claim, so a refused shard leaves nothing behind (not even a run record).
        if options.packFormat == .tar, options.split != nil {
            throw .invalidOption(
                "\(.shard) with \(.split) and \(.pack, "tar")",
                because: "is not supported yet; render the split set in one run, or drop \(.split)")
        }
        let claim = try ShardClaim(shard, of: options, in: destination, run: run)
        let folder = claim.folder
        if options.packFormat == .tar {
            let outcome = try generateTarShard(shard, into: folder, run: run)
            withExtendedLifetime(claim) {}
            return outcome
        }
        let turns = shard.turns(ofSetWith: options.turns)
        let kept =
            run.resume ? turns.map { TurnJournal.load(from: folder.url(shard.journalFile).path, turns: $0) } : nil
        let journal = try TurnJournal(folder: folder, relativePath: shard.journalFile)
        var answersChecksum = FileChecksum()
        try folder.writeStreaming(to: shard.answersFile) { answers throws(ShapeTurnsError) in
            if let turns {
                try renderTurns(turns, into: folder, run: run, kept: kept ?? nil, journal: journal) {
                    record throws(ShapeTurnsError) in
                    answersChecksum.add(record.line)
                    do {
                        try answers.write(contentsOf: record.line)
                    } catch {
                        throw .ioFailure(path: folder.displayPath(shard.answersFile), reason: SystemReason.of(error))
                    }
                }
            }
        }
        try finish(shard, turns: turns, answers: answersChecksum, in: folder)
        withExtendedLifetime(claim) {}
        return .shardFinished(shard, turns: turns)
    }

    /// Marks `shard` finished once everything it wrote is on disk. The mark names the turns and
    /// the size and CRC-32 of the shard's answer lines, which `merge` checks.
    private func finish(_ shard: Shard, turns: ClosedRange<Int>?, answers: FileChecksum, in folder: SetFolder)
        throws(ShapeTurnsError)
    {
        try Durability.syncFileSystem(holding: folder.root.path)
        let range = turns.map { "\($0.lowerBound)-\($0.upperBound)" } ?? "none"
        try folder.write(Array("\(range) \(answers.text)\n".utf8), to: shard.doneFile)
        try Durability.syncFolder(at: folder.url(SetLayout.shardsFolder).path)
    }

    /// A part of a tar set: whole tar shards, written into the shared `shards/` folder.
    private func generateTarShard(_ shard: Shard, into folder: SetFolder, run: RunOptions) throws(ShapeTurnsError)
        -> GenerateOutcome
    {
        let turns = shard.turns(ofSetWith: options.turns, tarShardTurns: options.turnsPerShard)
        var answersChecksum = FileChecksum()
        try folder.writeStreaming(to: shard.answersFile) { answers throws(ShapeTurnsError) in
            guard let turns else { return }
            let tar = TarShardSet(
                folder: folder, turnsPerShard: options.turnsPerShard, keepsCompleteShards: run.resume,
                turnsBefore: turns.lowerBound - 1)
            do throws(ShapeTurnsError) {
                try packTurns(turns, into: tar, run: run) { _, line throws(ShapeTurnsError) in
                    answersChecksum.add(line)
                    do {
                        try answers.write(contentsOf: line)
                    } catch {
                        throw .ioFailure(path: folder.displayPath(shard.answersFile), reason: SystemReason.of(error))
                    }
                }
                try tar.finishAll()
            } catch {
                tar.discard()
                throw error
            }
        }
        try finish(shard, turns: turns, answers: answersChecksum, in: folder)
        return .shardFinished(shard, turns: turns)
    }
}
