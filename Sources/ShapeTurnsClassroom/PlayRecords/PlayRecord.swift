import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsCore
import ShapeTurnsSets

/// A player's record file as `play` writes it (`session-ID.jsonl`), read back so that
/// `shapeturns score` can score it without a key and recompute an adaptive game's estimate.
///
/// An adaptive game's turns depend on its answers, so no seed rebuilds them: the record is its
/// own key (each line holds the shapes shown), and the estimate is recomputed by replaying the
/// recorded ratios and answers through the procedure's own code. Every line's recorded score and
/// estimate must agree with the recomputation; a record that was changed, mixes two games, or
/// was played with other procedure settings is refused (65) rather than reported wrongly.
package struct PlayRecord: Sendable {
    /// The largest record read: the size bound of any responses file.
    package static let sizeLimit = (WorksheetOptions.turnLimit + 64) * 1024

    /// Where the record was read from, for messages.
    package let source: String
    /// The answers, in turn order (turn i on line i).
    package let lines: [AnswerRecord]

    /// The strategy the game was played with (`quest`, `staircase`, `random`, …).
    package var strategy: String { lines[0].strategy }

    /// The options the game was played with: nil in a record of schema version 1, which does
    /// not carry them (`score` must be given them).
    package var game: PlayedGame? { lines[0].game }

    /// Whether an adaptive procedure chose the game's turns.
    package var isAdaptive: Bool { ["staircase", "quest"].contains(strategy) }

    /// The record in the file at `path`, or nil when the file is not a play record (its first
    /// line is not one of `play`'s answer lines), so the caller can read it as plain responses.
    package static func readIfRecord(_ path: String) throws(ShapeTurnsError) -> PlayRecord? {
        let bytes = try BoundedFileReader.read(path, limit: sizeLimit, describedAs: "\(.responses, path)")
        return try ifRecord(bytes, source: path)
    }

    /// The record in `bytes` (a file's or standard input's, at most `sizeLimit`), or nil when
    /// its first line is not one of `play`'s answer lines: the test `readIfRecord` applies.
    package static func ifRecord(_ bytes: [UInt8], source: String) throws(ShapeTurnsError) -> PlayRecord? {
        let lines = bytes.split(separator: UInt8(ascii: "\n")).filter { !isBlank($0) }
        guard let first = lines.first, (try? decoder.decode(AnswerRecord.self, from: Data(first))) != nil else {
            return nil
        }
        return try PlayRecord(lines: lines.map { Array($0) }, source: source)
    }

    /// The record of `lines` (a file's non-blank lines), each checked: one game, turns 1, 2, …
    /// in order, each answer's `correct` its choice against the larger shape.
    package init(lines rawLines: [[UInt8]], source: String) throws(ShapeTurnsError) {
        self.source = source
        var lines: [AnswerRecord] = []
        for (index, raw) in rawLines.enumerated() {
            let location = "\(source) answer \(index + 1)"
            guard let line = try? Self.decoder.decode(AnswerRecord.self, from: Data(raw)) else {
                throw .badData(location: location, reason: "not a line of a play record")
            }
            guard AnswerRecord.readableVersions.contains(line.schemaVersion) else {
                throw .badData(
                    location: location,
                    reason:
                        "schema version \(line.schemaVersion); this ShapeTurns reads versions \(AnswerRecord.readableVersions.lowerBound) to \(AnswerRecord.readableVersions.upperBound)"
                )
            }
            if let first = lines.first {
                guard line.session == first.session, line.strategy == first.strategy, line.seed == first.seed,
                    line.schemaVersion == first.schemaVersion, line.game == nil || line.game == first.game
                else {
                    throw .badData(
                        location: location,
                        reason:
                            "belongs to another game (session, strategy, seed or options differ from the first line's); a record holds one player's game"
                    )
                }
            } else if line.schemaVersion >= 2 {
                guard let game = line.game, game.strategy == line.strategy, game.generate.seed == line.seed else {
                    throw .badData(
                        location: location,
                        reason:
                            "the first line of a version \(line.schemaVersion) record must carry its game's options (game), with its strategy and seed"
                    )
                }
            }
            guard line.turn == index + 1 else {
                throw .badData(
                    location: location,
                    reason:
                        "is turn \(line.turn), expected turn \(index + 1): a record holds its turns in order, each once"
                )
            }
            guard line.correct == (line.choice == line.larger), line.areaRatio.isFinite, line.areaRatio > 1 else {
                throw .badData(location: location, reason: "its choice, larger shape, correct and area ratio disagree")
            }
            lines.append(line)
        }
        guard !lines.isEmpty else { throw .badData(location: source, reason: "a play record with no answers") }
        self.lines = lines
    }

    /// The record scored by the tutorial's chain against its own shapes, as `score` scores any
    /// responses; fails (65) where a line's recorded score is not the chain's.
    package func scoreReport() throws(ShapeTurnsError) -> ScoreReport {
        var turns: [Turn] = []
        for line in lines {
            guard let a = line.shapes.first(where: { $0.label == .a }),
                let b = line.shapes.first(where: { $0.label == .b })
            else {
                throw .badData(location: "\(source) answer \(line.turn)", reason: "shapes must be a and b")
            }
            turns.append(
                Turn(
                    number: line.turn,
                    shapeA: RecordedShape(kind: ShapeKind(rawValue: a.kind), proportion: a.proportion, area: a.area),
                    shapeB: RecordedShape(kind: ShapeKind(rawValue: b.kind), proportion: b.proportion, area: b.area)))
        }
        let responses = lines.map { Response(turn: $0.turn, choice: $0.choice, line: $0.turn) }
        let report = try ResponseScorer().score(responses, against: turns, blank: .wrong, source: source)
        for (scored, line) in zip(report.turns, lines)
        where scored.score != line.score || scored.correct != line.correct {
            throw .badData(
                location: "\(source) answer \(line.turn)",
                reason: "the record says score \(line.score), its answers score \(scored.score): the file was changed")
        }
        return report
    }

    /// The estimate after the last answer, recomputed by replaying every recorded turn (its area
    /// ratio and whether it was right) through `choice`'s procedure, its ratios kept within
    /// `reachable` as the game kept them.
    ///
    /// Fails (65) where a turn's ratio is not the one the procedure chose, or a line's recorded
    /// estimate is not the recomputed one: the game was played with other settings (or shapes),
    /// or the file was changed.
    package func estimate(_ choice: ProcedureChoice, reachable: ClosedRange<Double>) throws(ShapeTurnsError)
        -> ThresholdEstimate
    {
        guard choice.name == strategy else {
            throw .badData(
                location: source, reason: "is the record of a \(strategy) game, not of a \(choice.name) game")
        }
        var procedure: any AdaptiveProcedure
        do {
            procedure = try choice.makeProcedure(within: reachable)
        } catch {
            throw .invalidOption(.strategy, reason: "\(error.description)")
        }
        let settings = "give score the shape and procedure options the game was played with, or the file was changed"
        for line in lines {
            let location = "\(source) answer \(line.turn)"
            let target = min(max(procedure.nextRatio, reachable.lowerBound), reachable.upperBound)
            guard abs(line.areaRatio / target - 1) <= Self.ratioTolerance else {
                throw .badData(
                    location: location,
                    reason: "showed the ratio \(line.areaRatio), but \(strategy) chooses \(target) there: \(settings)")
            }
            procedure.record(ratio: line.areaRatio, correct: line.correct)
            guard let recorded = line.estimate, Self.same(recorded, procedure.estimate) else {
                throw .badData(
                    location: location,
                    reason:
                        "the recorded estimate \(line.estimate.map { String($0.ratio) } ?? "null") is not \(strategy)'s \(procedure.estimate.ratio) from the turns: \(settings)"
                )
            }
        }
        return procedure.estimate
    }

    /// Checks that each recorded turn showed the shapes of the same turn of `turns` (the key its
    /// options rebuild), and that the record has no more turns than that key; fails (65) where
    /// it does not: the record was changed, or its turns come from another version of ShapeTurns.
    package func checkTurns(against turns: [Turn]) throws(ShapeTurnsError) {
        guard lines.count <= turns.count else {
            throw .badData(
                location: "\(source) answer \(turns.count + 1)",
                reason: "is beyond the game's \(turns.count) turns: the file was changed")
        }
        let played = game?.shapeturns ?? "an unnamed version"
        let why =
            played == ShapeTurnsVersion.current
            ? "the file was changed"
            : "the file was changed, or ShapeTurns \(ShapeTurnsVersion.current) makes other turns from these options than \(played), which played it, did"
        for (line, turn) in zip(lines, turns) {
            let shown = line.shapes.sorted { $0.label.rawValue < $1.label.rawValue }
            let dealt = [turn.shapeA, turn.shapeB]
            let same =
                shown.count == 2 && line.larger == turn.larger
                && zip(shown, dealt).allSatisfy { shown, dealt in
                    shown.kind == dealt.kind.rawValue && Self.close(shown.proportion, dealt.proportion)
                        && Self.close(shown.area, dealt.area)
                }
            guard same else {
                throw .badData(
                    location: "\(source) answer \(line.turn)",
                    reason:
                        "its shapes are not turn \(turn.number) of the game its first line names: \(why)"
                )
            }
        }
    }

    /// Equal up to the last bits a JSON round trip may not keep.
    private static func close(_ x: Double, _ y: Double) -> Bool {
        abs(x - y) <= 1e-12 * max(abs(x), abs(y))
    }

    /// How far a shown ratio may be from the procedure's: the shapes are drawn within a
    /// millionth of it.
    package static let ratioTolerance = 1e-5

    /// Equal up to the last bits a JSON round trip may not keep.
    package static func same(_ one: ThresholdEstimate, _ other: ThresholdEstimate) -> Bool {
        func close(_ x: Double?, _ y: Double?) -> Bool {
            switch (x, y) {
            case (nil, nil): true
            case (let x?, let y?): abs(x - y) <= 1e-12 * max(abs(x), abs(y))
            default: false
            }
        }
        return close(one.ratio, other.ratio) && close(one.lowerRatio, other.lowerRatio)
            && close(one.upperRatio, other.upperRatio)
    }

    private static let decoder = JSONDecoder()

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }
}
