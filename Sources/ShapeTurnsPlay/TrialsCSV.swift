import Foundation
import ShapeGame
import ShapeTurnsClassroom
import ShapeTurnsCore

/// Record lines as one CSV a study can concatenate and analyse: a row per answer with the
/// player, the session, every metadata key (a column each, `meta_KEY`, sorted), the turn, its
/// practice flag, choice, correctness, timeout, ratio, reaction time, score, and the turn's
/// context (input, timestamps, user agent, viewport, pixel ratio, on-screen size in CSS px and
/// mm). Cells are `CSVField`'s: one a spreadsheet would run as a formula gets a leading `'`.
package enum TrialsCSV {
    /// The class's trial export in the records folder, written when `play` stops.
    package static let fileName = "trials.csv"

    /// Writes `trials.csv` in `folder`: every answer of every record file there (this run's and
    /// earlier runs'), read back from the files, through the output policy. Writes nothing when
    /// the folder is missing (no player answered) or holds no record.
    package static func export(folder: URL) throws(ShapeTurnsError) {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        let records = try readFolder(folder)
        guard !records.isEmpty else { return }
        let target = folder.appendingPathComponent(fileName)
        try OutputPolicy(.destination).write(Array(csv(records).utf8), to: target)
    }

    static let fixedColumns = [
        "player", "session", "practice", "turn", "choice", "larger", "correct", "timedOut", "areaRatio",
        "reactionTimeMs", "score", "input", "shownAt", "answeredAt", "recordedAt", "viewportWidth",
        "viewportHeight", "devicePixelRatio", "shapeCssPx", "shapeMm", "pxPerMm", "userAgent",
    ]

    /// The CSV of `records`, in the order given.
    package static func csv(_ records: [AnswerRecord]) -> String {
        let keys = Set(records.flatMap { ($0.metadata ?? [:]).keys }).sorted()
        let header = Array(fixedColumns.prefix(2)) + keys.map { "meta_\($0)" } + Array(fixedColumns.dropFirst(2))
        var lines = [header.map(CSVField.escaped).joined(separator: ",")]
        for record in records {
            let context = record.context ?? TrialContext()
            let fixed: [String] = [
                record.player, record.session,
            ]
            let metadata = keys.map { record.metadata?[$0] ?? "" }
            let rest: [String] = [
                record.practice == true ? "true" : "false", "\(record.turn)", record.choice?.rawValue ?? "",
                record.larger.rawValue, "\(record.correct)", record.timedOut == true ? "true" : "false",
                "\(record.areaRatio)", "\(record.reactionTimeMs)", "\(record.score)", context.input ?? "",
                context.shownAt ?? "", context.answeredAt ?? "", context.recordedAt ?? "",
                number(context.viewportWidth), number(context.viewportHeight), number(context.devicePixelRatio),
                number(context.shapeCssPx), number(context.shapeMm), number(context.pxPerMm), context.userAgent ?? "",
            ]
            lines.append((fixed + metadata + rest).map(CSVField.escaped).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every line of every record file (`session-*.jsonl`, `practice-*.jsonl`) in `folder`, file
    /// by file in name order; a file that is not a readable record is skipped (it stays on the
    /// disk for `score` to judge).
    static func readFolder(_ folder: URL) throws(ShapeTurnsError) -> [AnswerRecord] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .ioFailure(path: folder.path, reason: SystemReason.of(error))
        }
        let recordFiles = names.filter {
            ($0.hasPrefix("session-") || $0.hasPrefix("practice-")) && $0.hasSuffix(".jsonl")
        }.sorted()
        var records: [AnswerRecord] = []
        for name in recordFiles {
            let path = folder.appendingPathComponent(name).path
            guard let record = try? PlayRecord.readIfRecord(path) else { continue }
            records += record.lines
        }
        return records
    }

    private static func number(_ value: Double?) -> String {
        value.map { "\($0)" } ?? ""
    }
}
