import ArgumentParser
import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCompare
import ShapeTurnsCore
import ShapeTurnsSets

/// `score` on the record file of a `play` game. A record of schema version 2 carries its game's
/// options on its first line and is scored with them alone; an option given that says otherwise
/// is refused (65), so a record is never scored against turns it was not played with.
extension ScoreCommand {
    /// A record that names its game: a plain game's against the key its options rebuild (each
    /// recorded turn checked against it), an adaptive game's against its own shapes with the
    /// estimate recomputed by the procedure it names.
    func scoreRecord(_ record: PlayRecord, game: PlayedGame) throws {
        let file = responses ?? ""
        if key != nil {
            throw ShapeTurnsError.invalidOption(
                "--key",
                reason:
                    "\(file) is the record of a played game and carries its options; score it without --key")
        }
        if student != nil || !expectedSheets.isEmpty {
            throw ShapeTurnsError.invalidOption(
                student != nil ? "--student" : "--expect-sheet",
                reason: "\(file) is the record of a played game, which has no printed sheet; score it without it")
        }
        try refuseContradictions(of: game, file: file)
        if let procedure = game.procedure {
            try scoreAdaptive(record, choice: procedure, reachable: try Self.reachableRatios(of: game.generate))
            return
        }
        let rebuilt = try ScoringKey.rebuilt(options: game.generate)
        guard let sheet = rebuilt.sheets.first else {
            throw ShapeTurnsError.badData(location: file, reason: "its game's options make no turns")
        }
        try record.checkTurns(against: sheet.turns)
        _ = try record.scoreReport()
        let answers = record.lines.map { Response(turn: $0.turn, choice: $0.choice, line: $0.turn) }
        let report = try ResponseScorer().score(
            answers, against: sheet.turns, blank: blank ?? rebuilt.defaultBlankPolicy, source: file)
        if json {
            try StandardStreams.output(String(decoding: try AnswerKeyEncoding.line(report), as: UTF8.self))
        } else {
            try StandardStreams.outputLine(ScoreTable.player(report, sheet: sheet))
        }
    }

    /// Fails (65) on the first option given with a value other than the game's. An option with
    /// a default counts as given when it is on the command line, even at its default value
    /// (`TypedOption.typed`).
    private func refuseContradictions(of game: PlayedGame, file: String) throws {
        let played = game.generate
        var contradictions: [(flag: String, value: String, recorded: String)] = []
        func check<Value: Equatable>(
            _ flag: String, _ value: Value?, _ recorded: Value?, show: (Value) -> String = { "\($0)" }
        ) {
            guard let value, value != recorded else { return }
            contradictions.append((flag, show(value), recorded.map { "\(flag) \(show($0))" } ?? "no \(flag)"))
        }
        check("--seed", seed, played.seed)
        check("--turns", turns, played.turns)
        check(
            "--strategy", shapeOptions.typedStrategy.typed?.rawValue,
            game.strategy)
        if let kinds = shapeOptions.typedShapes.typed {
            let catalog = ShapeCatalog.standard.kinds
            let parsed = try ShapeOptions.list(kinds, option: "--shapes", accepted: catalog.map(\.rawValue)) { word in
                catalog.first { $0.rawValue == word }
            }
            check("--shapes", parsed, played.shapes) { $0.map(\.rawValue).joined(separator: ",") }
        }
        check("--difficulty", shapeOptions.difficulty?.rawValue, played.difficulty?.rawValue)
        check(
            "--min-proportion", shapeOptions.typedMinProportion.typed,
            played.proportions.minimum)
        check("--max-proportion", shapeOptions.maxProportion, played.proportions.maximum)
        check("--min-ratio", shapeOptions.minRatio, played.minimumRatio)
        // Colours as the record holds them: 8 bits a channel.
        check(
            "--fill",
            try shapeOptions.typedFill.typed.map { try RGBAColor(parsing: $0).hexString },
            played.style.fillColor.hexString)
        check(
            "--outline",
            try shapeOptions.typedOutline.typed.map { try RGBAColor(parsing: $0).hexString },
            played.style.outlineColor.hexString)
        check("--line-width", shapeOptions.lineWidth, played.style.lineWidth)
        // A flag is typed exactly when it is set.
        check("--no-fill", shapeOptions.noFill ? true : nil, !played.style.showFill)
        check("--no-outline", shapeOptions.noOutline ? true : nil, !played.style.showOutline)
        check(
            "--background",
            try shapeOptions.typedBackground.typed.map(CanvasBackground.init(parsing:)),
            played.background)
        let stairs = game.staircase
        check("--up", procedureOptions.typedUp.typed, stairs?.nUp)
        check("--down", procedureOptions.typedDown.typed, stairs?.nDown)
        if let steps = procedureOptions.typedStepSizes.typed {
            check(
                "--step-sizes", steps.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) },
                stairs?.stepSizes.map { Optional($0) }
            ) { $0.map { $0.map { String($0) } ?? "?" }.joined(separator: ",") }
        }
        check("--start-ratio", procedureOptions.typedStartRatio.typed, stairs?.startRatio)
        check("--reversals", procedureOptions.typedReversals.typed, stairs?.nReversals)
        check("--precision", procedureOptions.precision, game.quest?.precision)
        check("--prior-threshold", procedureOptions.priorThreshold, game.quest?.thresholdPriorCentre)
        check("--prior-sd", procedureOptions.priorSd, game.quest?.thresholdPriorSpread)
        guard let first = contradictions.first else { return }
        throw ShapeTurnsError.badData(
            location: file,
            reason:
                "was played with \(first.recorded), not \(first.flag) \(first.value); the record carries its game's options, so score it without \(first.flag) or with the game's value"
        )
    }
}
