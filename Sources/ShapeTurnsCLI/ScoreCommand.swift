import ArgumentParser
import Foundation
import ShapeTurns

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
    var `class`: String?

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
    var csv: String?

    @OptionGroup(title: "Shapes (with --seed: the options the sheet was made with)")
    var shapeOptions: ShapeOptions

    func validate() throws {
        try Self.validateKey(key: key, seed: seed, turns: turns, roster: roster, forClass: `class` != nil)
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

    func run() throws {
        let scoringKey = try loadKey()
        let policy = blank ?? (`class` != nil ? .wrong : scoringKey.defaultBlankPolicy)
        if let classFile = `class` {
            try scoreClass(classFile, key: scoringKey, blank: policy)
            return
        }
        let sheet = try pickSheet(scoringKey)
        let responsesFile = URL(fileURLWithPath: responses ?? "")
        let report = try ResponseScorer().score(
            try ResponseScorer.readResponses(responsesFile, turns: sheet.turns.count), against: sheet.turns,
            blank: policy, source: responsesFile.path
        )
        try KeyCheck.verify(
            player: report, sheet: sheet, of: scoringKey, expected: expectedSheets, responses: responses ?? "-")
        if json {
            try StandardStreams.output(String(decoding: try AnswerKeyEncoding.line(report), as: UTF8.self))
        } else {
            try StandardStreams.outputLine(ScoreTable.player(report, sheet: sheet))
        }
    }

    private func loadKey() throws -> ScoringKey {
        try Self.loadKey(key: key, seed: seed, turns: turns, roster: roster, shapeOptions: shapeOptions)
    }

    /// The checks of a key given as --key, or as --seed and --turns (and --roster): `score`'s
    /// and `scan`'s.
    static func validateKey(key: String?, seed: UInt64?, turns: Int?, roster: String?, forClass: Bool) throws {
        switch (key, seed) {
        case (nil, nil):
            throw ValidationError(
                "--key: give the answer key (a set folder, answers.jsonl or worksheet PDF), or --seed and --turns to rebuild it"
            )
        case (.some, .some):
            throw ValidationError("--seed: rebuilds a key; give either --key or --seed, not both")
        case (nil, .some):
            guard let turns else {
                throw ValidationError("--turns: needed with --seed (1 to \(WorksheetOptions.turnLimit))")
            }
            guard (1...WorksheetOptions.turnLimit).contains(turns) else {
                throw ValidationError("--turns: must be 1 to \(WorksheetOptions.turnLimit) (got \(turns))")
            }
            if forClass, roster == nil {
                throw ValidationError(
                    "--roster: a class's answers need the class's sheets; give --roster FILE (the roster the sheets were made from) or --key CLASS.pdf (the class's PDF or its -key.pdf); for one sheet copied for everyone, --key SHEET.pdf"
                )
            }
        case (.some, nil):
            if turns != nil { throw ValidationError("--turns: only with --seed; a key knows its turns") }
            if roster != nil { throw ValidationError("--roster: only with --seed; a class's key PDF knows its roster") }
        }
    }

    /// The key of --key, or the key rebuilt from --seed, --turns, the shape options and --roster.
    static func loadKey(key: String?, seed: UInt64?, turns: Int?, roster: String?, shapeOptions: ShapeOptions) throws
        -> ScoringKey
    {
        if let key {
            return try ScoringKey.load(key)
        }
        // The sheet's options: a worksheet's defaults, such as its smallest ratio.
        var options = WorksheetOptions().game
        options.seed = seed ?? 1
        options.turns = turns ?? 1
        try shapeOptions.apply(to: &options)
        let classRoster = try roster.map { try Roster(contentsOf: URL(fileURLWithPath: $0), parameter: .roster) }
        return try ScoringKey.rebuilt(options: options, roster: classRoster)
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

    private func scoreClass(_ file: String, key: ScoringKey, blank: BlankPolicy) throws {
        let policy = OutputPolicy(.gradebookFile, inputs: [file] + [self.key, roster].compactMap { $0 })
        if let csv {
            // Checked before any work, like every output.
            let target = try policy.destination(csv).standardizedFileURL
            try policy.checkFiles([target.lastPathComponent], in: target.deletingLastPathComponent())
        }
        let answers = try ClassResponses(contentsOf: URL(fileURLWithPath: file), sizeLimit: key.classAnswersSizeLimit)
        let gradebook = try ClassScorer().score(
            answers, against: key, blank: blank, responses: file, expectedSheets: expectedSheets)
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
