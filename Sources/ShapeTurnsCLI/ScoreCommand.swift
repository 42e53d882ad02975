import ArgumentParser
import Foundation
import ShapeGame
import ShapeTurnsAnswerKey
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCompare
import ShapeTurnsCore
import ShapeTurnsSets

/// `shapeturns score`: scores one player's responses, or a whole class's, against their keys.
struct ScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Score a player's or a whole class's answers against their answer keys.",
        discussion: """
            The key (--key) is a set folder made by generate, its answers.jsonl, or a worksheet \
            PDF made by ShapeTurns (it carries its key); or it is rebuilt from --seed and --turns \
            with the shape options the sheet was made with, without writing any image.

            The headline is the count the sheet asks for (15 / 20 correct), then the streak \
            points of the tutorial's scorer chain: +1 for a correct turn, -1 for a wrong one, \
            and +10 on every turn while the run of correct answers ending there is 5 or longer. \
            --blank says how a turn without an answer counts: wrong (-1, ends a streak; the \
            default for worksheets and classes, as on paper) or skip (not scored; the default \
            for a set's key).

            A record file of `play` (play-results/session-ID.jsonl) carries its game's options \
            and is scored with no other: a plain game's against the turns its options make, a \
            staircase or quest game's against the shapes it recorded, with the threshold \
            estimate recomputed from its turns by the procedure itself (its 95% interval for \
            quest), as the end screen showed it. An option given with another value than the \
            game's (--seed, --turns, a shape or procedure option) is refused (65), and so is a \
            record that was changed. A record from before version 2 does not carry its options: \
            give them (--seed and --turns for a plain game, the shape and procedure options).

            Responses (--responses) are CSV with a turn,choice header or JSON Lines \
            ({"turn": 3, "choice": "b"}); choices are a or b in any case, empty for a blank.

            A class's answers (--class) are CSV in the long form (student,turn,choice) or the \
            wide form (student,1,2,...,N; empty cells are blanks), as a spreadsheet exports \
            them. A student is named by name, sheet code (footer) or roster number (#3); a name \
            typed with other case, accents, punctuation or spacing still finds the one roster \
            name it folds to. Beside a name, a sheet column may carry each sheet's code (as the \
            class key prints it). Each is scored against their own sheet; the gradebook lists correct, wrong, blank, \
            percent and streak points per student, with the class's mean, median and hardest \
            turns. A line that cannot be used is reported on stderr with its number and the \
            rest is scored; the status is then 65. A class needs the class's key: --key with \
            the class's PDF, or --seed with --roster.

            Answers that were not made on the key's sheets are refused (65), not graded: a \
            sheet code that the key does not hold (a sheet column, --expect-sheet), or a class \
            agreeing with the key no better than guessing while no sheet code confirms it. One \
            player's --responses (40 answers or more) against a sheet with a code is checked \
            the same way; --expect-sheet with the footer's code grades a real guess.

            Examples:
              shapeturns score --key set7 --responses answers-by-ana.csv
              shapeturns score --key sheet.pdf --responses ana.csv
              shapeturns score --seed 7 --turns 20 --responses ana.csv --json
              shapeturns score --responses play-results/session-3f9c0e7a5b.jsonl
              shapeturns score --key class.pdf --class answers.csv
              shapeturns score --key class-key.pdf --class answers.csv --csv gradebook.csv
              shapeturns score --seed 7 --turns 20 --roster roster.txt --class answers.csv
              shapeturns score --key sheet.pdf --responses ana.csv --blank skip
              shapeturns score --key week2.pdf --class answers.csv --expect-sheet K7QX-M2PD
              collect-taps | shapeturns score --key set7 --responses -
            """
    )

    @Option(
        help: ArgumentHelp(
            "The answer key: a set folder, its answers.jsonl, or a worksheet PDF made by ShapeTurns.", valueName: "path"
        ))
    var key: String?

    @Option(
        help: ArgumentHelp(
            "Rebuild the key from this seed (with --turns and the shape options) instead of --key.", valueName: "seed"))
    var seed: UInt64?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --seed: how many turns the sheet has, 1 to \(WorksheetOptions.turnLimit).", valueName: "n"))
    var turns: Int?

    @Option(
        help: ArgumentHelp("With --seed and --class: the roster the class's sheets were made from.", valueName: "file"))
    var roster: String?

    @Option(
        help: ArgumentHelp(
            "One player's responses: CSV with a turn,choice header, or JSON Lines; - reads standard input.",
            valueName: "file"))
    var responses: String?

    @Option(
        help: ArgumentHelp(
            "A class's answers: CSV, long (student,turn,choice) or wide (student,1,2,...).", valueName: "file"))
    var `class`: PathOperand?

    @Option(
        help: ArgumentHelp(
            "With --responses and a class's key: whose sheet (name, sheet code or #number).", valueName: "student"))
    var student: String?

    @Option(
        name: .customLong("expect-sheet"),
        help: ArgumentHelp(
            "A sheet code read off a sheet's footer (or the class key); the key must hold it, else nothing is scored. Repeatable.",
            valueName: "code"))
    var expectedSheets: [String] = []

    @Option(
        help: ArgumentHelp(
            "How a blank counts: wrong or skip. Default: wrong for worksheets and classes, skip for a set's key.",
            valueName: "policy"))
    var blank: BlankPolicy?

    @Flag(help: "Print JSON: for a player the score and a turns array; for a class the gradebook.")
    var json = false

    @Option(help: ArgumentHelp("With --class: also write the gradebook as CSV to this file.", valueName: "file"))
    var csv: PathOperand?

    @OptionGroup(title: "Shapes (with --seed: the options the sheet was made with)")
    var shapeOptions: ShapeOptions

    @OptionGroup(title: "Adaptive procedures (a staircase or quest record of version 1: the game's settings)")
    var procedureOptions: ProcedureOptions

    func validate() throws {
        // --responses without --key may be a game's record, which carries its options; `run`
        // reads it to tell, and checks --seed and --turns as here when it is not.
        if !mayBeRecord {
            try KeyArguments.validate(key: key, seed: seed, turns: turns, roster: roster, forClass: `class` != nil)
        }
        switch (responses, `class`) {
        case (nil, nil):
            throw ValidationError("--responses: give one player's responses, or --class with a class's answers")
        case (.some, .some):
            throw ValidationError("--class: scores a class's answers; give either --responses or --class, not both")
        case (.some, nil):
            if csv != nil { throw ValidationError("--csv: writes a class's gradebook; use it with --class") }
            if roster != nil { throw ValidationError("--roster: rebuilds a class's keys; use it with --class") }
        case (nil, .some):
            if student != nil {
                throw ValidationError("--student: picks one sheet for --responses; --class scores every student")
            }
        }
    }

    /// Whether --responses may name a `play` record (a file, or `-` with one piped in), read
    /// before the key's options are checked.
    private var mayBeRecord: Bool {
        key == nil && responses != nil && `class` == nil
    }

    func run() throws {
        // Standard input can be read once: read whole (within a record's bound), it is told a
        // record the way a file is, and otherwise parsed as plain responses below.
        let standardInput =
            `class` == nil && responses == "-"
            ? try BoundedFileReader.read(
                "-", limit: PlayRecord.sizeLimit, describedAs: "\(.responses, "-")", allowStandardInput: true) : nil
        let piped = try standardInput.flatMap { bytes throws(ShapeTurnsError) in
            try PlayRecord.ifRecord(bytes, source: "-")
        }
        if `class` == nil, let file = responses,
            let record = try piped ?? (file == "-" ? nil : PlayRecord.readIfRecord(file))
        {
            if let game = record.game {
                try scoreRecord(record, game: game)
                return
            }
            if record.isAdaptive {
                try scoreAdaptiveWithOptions(record)
                return
            }
            if let seed, seed != record.lines[0].seed {
                throw ShapeTurnsError.badData(
                    location: file,
                    reason:
                        "is the record of a game of seed \(record.lines[0].seed), not \(seed); its turns are not --seed \(seed)'s"
                )
            }
            guard key != nil || seed != nil else {
                throw ShapeTurnsError.invalidOption(
                    "--seed",
                    reason:
                        "\(file) is the record of a \(record.strategy) game of seed \(record.lines[0].seed); score it with --seed \(record.lines[0].seed) --turns N (the game's --turns) and the game's shape options"
                )
            }
        }
        guard key != nil || seed != nil else {
            throw ShapeTurnsError.invalidOption(
                "--key",
                reason:
                    "give the answer key (a set folder, answers.jsonl or worksheet PDF), or --seed and --turns to rebuild it; --responses alone scores the record of a staircase or quest game"
            )
        }
        if mayBeRecord {
            try KeyArguments.validate(key: key, seed: seed, turns: turns, roster: roster, forClass: false)
        }
        let scoringKey = try loadKey()
        let policy = blank ?? (`class` != nil ? .wrong : scoringKey.defaultBlankPolicy)
        if let classFile = `class` {
            try scoreClass(classFile.path, key: scoringKey, blank: policy)
            return
        }
        let sheet = try pickSheet(scoringKey)
        let responsesFile = URL(fileURLWithPath: responses ?? "")
        let answers =
            try standardInput.map { bytes throws(ShapeTurnsError) in
                try ResponseScorer.parseResponses(bytes, turns: sheet.turns.count, source: "-")
            } ?? ResponseScorer.readResponses(responsesFile, turns: sheet.turns.count)
        let report = try ResponseScorer().score(
            answers, against: sheet.turns, blank: policy, source: responsesFile.path)
        try KeyCheck.verify(
            player: report, sheet: sheet, of: scoringKey, expected: expectedSheets, responses: responses ?? "-")
        if json {
            try StandardStreams.output(String(decoding: try AnswerKeyEncoding.line(report), as: UTF8.self))
        } else {
            try StandardStreams.outputLine(ScoreTable.player(report, sheet: sheet))
        }
    }

    /// An adaptive game's record of schema version 1, which does not carry its options: scored
    /// with the shape and procedure options given.
    private func scoreAdaptiveWithOptions(_ record: PlayRecord) throws {
        let file = responses ?? ""
        if key != nil || seed != nil {
            throw ShapeTurnsError.invalidOption(
                key != nil ? "--key" : "--seed",
                reason:
                    "\(file) is the record of a \(record.strategy) game, whose turns depend on its answers; score it without --key or --seed"
            )
        }
        if [StrategyName.staircase, .quest].contains(shapeOptions.strategy),
            shapeOptions.strategy.rawValue != record.strategy
        {
            throw ShapeTurnsError.invalidOption(
                "--strategy",
                reason: "\(file) is the record of a \(record.strategy) game, not \(shapeOptions.strategy.rawValue)")
        }
        // The game's options as play builds them, so the procedure keeps to the same ratios.
        var generate = GenerateOptions()
        try shapeOptions.apply(to: &generate)
        guard let strategy = StrategyName(rawValue: record.strategy),
            let choice = try procedureOptions.choice(for: strategy)
        else {
            throw ShapeTurnsError.badData(location: file, reason: "names no adaptive procedure")
        }
        try scoreAdaptive(record, choice: choice, reachable: try Self.reachableRatios(of: generate))
    }

    /// The area ratios a game of `generate`'s shapes can show, as `play` bounds its procedure.
    static func reachableRatios(of generate: GenerateOptions) throws -> ClosedRange<Double> {
        do {
            return try AdaptiveTurnStrategy.reachableRatios(of: try generate.makeFactories())
        } catch let error as ShapeGameError {
            throw ShapeTurnsError.invalidOption(.shapes, reason: "\(error.description)")
        }
    }

    /// An adaptive game's record, scored against its own shapes, with the procedure's estimate
    /// recomputed from its turns by `choice`, its ratios kept within `reachable`.
    func scoreAdaptive(_ record: PlayRecord, choice: ProcedureChoice, reachable: ClosedRange<Double>) throws {
        let report = try record.scoreReport()
        let estimate = try record.estimate(choice, reachable: reachable)
        let player = record.lines[0].player
        if json {
            let document = AdaptiveScore(
                report: report, player: player, strategy: record.strategy, estimate: estimate,
                weberFraction: estimate.weberFraction)
            try StandardStreams.output(String(decoding: try AnswerKeyEncoding.line(document), as: UTF8.self))
        } else {
            try StandardStreams.outputLine(
                ScoreTable.adaptive(report, player: player, strategy: record.strategy, estimate: estimate))
        }
    }

    /// `--json` for an adaptive game's record: the score report's fields and the estimate.
    struct AdaptiveScore: Encodable {
        let report: ScoreReport
        let player: String
        let strategy: String
        let estimate: ThresholdEstimate
        let weberFraction: Double

        enum CodingKeys: String, CodingKey { case player, strategy, estimate, weberFraction }

        func encode(to encoder: any Encoder) throws {
            try report.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(player, forKey: .player)
            try container.encode(strategy, forKey: .strategy)
            try container.encode(estimate, forKey: .estimate)
            try container.encode(weberFraction, forKey: .weberFraction)
        }
    }

    private func loadKey() throws -> ScoringKey {
        try KeyArguments.load(key: key, seed: seed, turns: turns, roster: roster, shapeOptions: shapeOptions)
    }

    private func pickSheet(_ key: ScoringKey) throws -> KeyedSheet {
        if let student {
            let matches = key.sheets.filter { sheet in
                [sheet.student, sheet.code, sheet.number.map { "#\($0)" }].contains { value in
                    value.map { ScoreTable.same($0, student) } ?? false
                }
            }
            guard matches.count == 1, let match = matches.first else {
                throw ShapeTurnsError.invalidOption(
                    "--student",
                    reason: matches.isEmpty
                        ? "'\(student)' is not a student of \(key.origin) (give a name, sheet code or #number)"
                        : "'\(student)' names \(matches.count) students; give the sheet code or #number"
                )
            }
            return match
        }
        guard key.sheets.count == 1, let sheet = key.sheets.first else {
            throw ShapeTurnsError.invalidOption(
                "--key",
                reason:
                    "\(key.origin) holds the keys of \(key.sheets.count) students' sheets; score them all with --class FILE, or pick one with --student"
            )
        }
        return sheet
    }

    /// Scores the class answers in `file` (and writes --csv), each named as the bytes passed,
    /// UTF-8 or not (`EscapedBytes`): the responses `scan` wrote under such a name are scored.
    private func scoreClass(_ file: String, key: ScoringKey, blank: BlankPolicy) throws {
        let policy = OutputPolicy(.gradebookFile, inputs: [file] + [self.key, roster].compactMap { $0 })
        let csv = self.csv?.path
        if let csv {
            // Checked before any work, like every output.
            let target = try policy.destination(csv).standardizedFileURL
            try policy.checkFiles([target.lastPathComponent], in: target.deletingLastPathComponent())
        }
        let answers = try ClassResponses(contentsOf: URL(fileURLWithPath: file), sizeLimit: key.classAnswersSizeLimit)
        let gradebook = try ClassScorer().score(
            answers, against: key, blank: blank, responses: DisplayName.escaped(file), expectedSheets: expectedSheets)
        if let csv {
            try gradebook.writeCSV(to: URL(fileURLWithPath: csv), policy: policy)
        }
        if json {
            try StandardStreams.output(String(decoding: try AnswerKeyEncoding.document(gradebook), as: UTF8.self))
        } else {
            try StandardStreams.outputLine(ScoreTable.gradebook(gradebook))
        }
        guard gradebook.problems.isEmpty else {
            for line in ScoringProblem.report(gradebook.problems, count: gradebook.problemCount, of: file) {
                StandardStreams.diagnose("shapeturns: \(line)\n")
            }
            throw ExitCode(65)
        }
    }
}

extension BlankPolicy: ExpressibleByArgument {}
