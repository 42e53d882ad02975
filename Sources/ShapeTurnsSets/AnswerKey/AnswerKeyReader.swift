import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// Reads the answer key of a set made by `generate` from its `manifest.json` and `answers.jsonl`,
/// and checks one against the other before anything is scored: the number of turns, the seed,
/// the schema version, and that each key's `larger` agrees with the areas it lists.
public struct AnswerKeyReader: Sendable {
    /// The longest line of `answers.jsonl` accepted: a key with both formats' file names is
    /// under 1 KB, so this bounds the file by the turns its manifest promises.
    package static let lineSizeLimit = 8 << 10
    /// `manifest.json` holds the options and counts: a few KB.
    package static let manifestSizeLimit = 1 << 20

    package let setFolder: URL

    /// A reader of the set in `setFolder`.
    public init(setFolder: URL) {
        self.setFolder = setFolder
    }

    /// The set's answers in turn order; fails when the folder or key is missing (66) or
    /// malformed or inconsistent with the manifest (65, naming the line or turn).
    public func read() throws(ShapeTurnsError) -> [TurnAnswer] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: setFolder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .missingInput("\(.answerKey, setFolder.path)", because: "no such folder")
        }
        let manifest = try readManifest()
        let file = setFolder.appendingPathComponent(SetLayout.answersFile)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw .missingInput(
                "\(.answerKey, setFolder.path)",
                because: "no \(SetLayout.answersFile); is it a set made by shapeturns generate?")
        }
        let limit = max(1, manifest.counts.turns) * Self.lineSizeLimit
        // Line by line: a manifest claiming ten million turns over a file of junk costs one
        // line's memory, not the file's.
        var parser = LineParser(file: file.path, manifest: manifest)
        try BoundedFileReader.forEachLine(file.path, limit: limit, lineLimit: Self.lineSizeLimit) {
            line, number throws(ShapeTurnsError) in
            try parser.take(line, number: number)
        }
        return try parser.finish()
    }

    /// The answers in an `answers.jsonl` file's bytes, each checked against `manifest` (count,
    /// seed, schema version) when there is one, else against the first key's seed and this
    /// version's schema, and always its `larger` against its areas; `file` names it in errors.
    package static func parse(_ data: Data, file: String, manifest: SetManifest? = nil) throws(ShapeTurnsError)
        -> [TurnAnswer]
    {
        var parser = LineParser(file: file, manifest: manifest)
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            try parser.take(line, number: index + 1)
        }
        return try parser.finish()
    }

    /// The answers of an `answers.jsonl`, one line at a time, checked as `parse` says.
    package struct LineParser {
        let file: String
        let manifest: SetManifest?
        private let decoder = JSONDecoder()
        private var answers: [TurnAnswer] = []

        init(file: String, manifest: SetManifest?) {
            self.file = file
            self.manifest = manifest
        }

        /// Reads line `number`; an empty line is skipped.
        mutating func take(_ line: some Collection<UInt8>, number: Int) throws(ShapeTurnsError) {
            guard !line.isEmpty else { return }
            let location = "\(file) line \(number)"
            guard let answer = try? decoder.decode(TurnAnswer.self, from: Data(line)) else {
                throw .badData(
                    location: location,
                    reason:
                        "not an answer key of schema version \(TurnAnswer.schemaVersion) (starts '\(BoundedFileReader.excerpt(String(decoding: line.prefix(80), as: UTF8.self)))')"
                )
            }
            guard answer.turn == answers.count + 1 else {
                throw .badData(
                    location: location, reason: "turn \(answer.turn) where turn \(answers.count + 1) was expected")
            }
            try AnswerKeyReader.check(
                answer, turns: manifest?.counts.turns,
                seed: manifest?.options.seed ?? answers.first?.seed ?? answer.seed,
                schemaVersion: manifest?.schemaVersion ?? TurnAnswer.schemaVersion, location: location
            )
            answers.append(answer)
        }

        /// The answers read, once every line is in.
        func finish() throws(ShapeTurnsError) -> [TurnAnswer] {
            guard let manifest else {
                guard !answers.isEmpty else { throw .badData(location: file, reason: "no turns") }
                return answers
            }
            guard answers.count == manifest.counts.turns else {
                throw .badData(
                    location: file,
                    reason:
                        "holds \(answers.count) turns but \(SetLayout.manifestFile) says \(manifest.counts.turns); turn \(answers.count + 1) is missing"
                )
            }
            return answers
        }
    }

    private func readManifest() throws(ShapeTurnsError) -> SetManifest {
        let file = setFolder.appendingPathComponent(SetLayout.manifestFile)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw .missingInput(
                "\(.answerKey, setFolder.path)",
                because:
                    "no \(SetLayout.manifestFile) beside \(SetLayout.answersFile); is it a complete set made by shapeturns generate?"
            )
        }
        let bytes = try BoundedFileReader.read(file.path, limit: Self.manifestSizeLimit)
        guard let manifest = try? JSONDecoder().decode(SetManifest.self, from: Data(bytes)),
            manifest.tool == "shapeturns"
        else {
            throw .badData(location: file.path, reason: "not a ShapeTurns set manifest")
        }
        guard manifest.schemaVersion == TurnAnswer.schemaVersion else {
            throw .badData(
                location: file.path,
                reason:
                    "schema version \(manifest.schemaVersion); this ShapeTurns \(ShapeTurnsVersion.current) reads version \(TurnAnswer.schemaVersion)"
            )
        }
        guard manifest.counts.turns >= 1, manifest.counts.turns <= GenerateOptions.turnLimit else {
            throw .badData(
                location: file.path,
                reason: "counts.turns must be 1 to \(GenerateOptions.turnLimit) (got \(manifest.counts.turns))")
        }
        return manifest
    }

    /// Checks one key against what the manifest (or the key's first line) says and against itself.
    package static func check(_ answer: TurnAnswer, turns: Int?, seed: UInt64, schemaVersion: Int, location: String)
        throws(ShapeTurnsError)
    {
        let turn = "turn \(answer.turn)"
        if let turns, answer.turn > turns {
            throw .badData(
                location: location, reason: "\(turn) is beyond the \(turns) turns \(SetLayout.manifestFile) lists")
        }
        guard answer.schemaVersion == schemaVersion else {
            throw .badData(
                location: location,
                reason: "\(turn) has schema version \(answer.schemaVersion); the manifest says \(schemaVersion)")
        }
        guard answer.seed == seed else {
            throw .badData(location: location, reason: "\(turn) has seed \(answer.seed); the manifest says \(seed)")
        }
        guard let model = answer.turnModel else {
            throw .badData(location: location, reason: "\(turn): shapes must be a then b")
        }
        let areas = (model.shapeA.area, model.shapeB.area)
        guard areas.0.isFinite, areas.1.isFinite, areas.0 > 0, areas.1 > 0 else {
            throw .badData(
                location: location, reason: "\(turn): areas must be positive numbers (got \(areas.0) and \(areas.1))")
        }
        let larger: ShapeLabel? = areas.0 > areas.1 ? .a : areas.1 > areas.0 ? .b : nil
        if let larger, larger != answer.larger {
            throw .badData(
                location: location,
                reason: "\(turn) says \(answer.larger) is larger, but its areas are a \(areas.0) and b \(areas.1)"
            )
        }
    }
}

extension TurnAnswer {
    /// The turn as the game sees it, rebuilt from what the key recorded; `nil` unless the key
    /// has exactly shapes `a` and `b`.
    public var turnModel: Turn? {
        guard shapes.count == 2, let a = shapes.first(where: { $0.label == .a }),
            let b = shapes.first(where: { $0.label == .b })
        else {
            return nil
        }
        return Turn(
            number: turn,
            shapeA: RecordedShape(kind: a.kind, proportion: a.proportion, area: a.area),
            shapeB: RecordedShape(kind: b.kind, proportion: b.proportion, area: b.area)
        )
    }
}
