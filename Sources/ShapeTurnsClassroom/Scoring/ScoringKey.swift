import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore
import ShapeTurnsSets

/// The answer keys `score` checks responses against, from wherever a user has them: a set
/// folder made by `generate`, its `answers.jsonl`, a worksheet PDF made by ShapeTurns (one
/// sheet or a whole class, its key read from the PDF's `Keywords`), or rebuilt from the
/// generation options alone without writing any image.
package struct ScoringKey: Sendable {
    /// Where a key came from; it decides how blanks count unless `--blank` says.
    package enum Source: String, Sendable, Equatable, Codable {
        case set
        case worksheet
        case rebuilt
    }

    package let source: Source
    /// One sheet, or one per student of a class, in roster order.
    package let sheets: [KeyedSheet]
    /// The path or description shown in messages.
    package let origin: String

    package init(source: Source, sheets: [KeyedSheet], origin: String) {
        self.source = source
        self.sheets = sheets
        self.origin = origin
    }

    /// Blanks count wrong on worksheets (the count a sheet asks for is of correct answers) and
    /// are skipped for a set's key, as `score` always did.
    package var defaultBlankPolicy: BlankPolicy { source == .set ? .skip : .wrong }

    /// The most bytes a class's answers to this key can legitimately take: an answer for every
    /// turn of every sheet (of every student a class may have, when one sheet is shared) in the
    /// long form, plus a header; never more than `ClassResponses.sizeLimit`.
    ///
    /// So a 5-turn sheet's class is refused above 1.3 MB, before anything is read.
    package var classAnswersSizeLimit: Int {
        let shared = sheets.count == 1 && sheets[0].student == nil
        let students = shared ? Roster.studentLimit : sheets.count
        let turns = sheets.map(\.turns.count).max() ?? 1
        let answers = students.multipliedReportingOverflow(by: turns * ClassResponses.answerSizeLimit)
        guard !answers.overflow else { return ClassResponses.sizeLimit }
        return min(ClassResponses.sizeLimit, ClassResponses.headerSizeLimit + turns * 16 + answers.partialValue)
    }

    package static let expected =
        "expected a set folder made by generate, its answers.jsonl, or a worksheet PDF made by ShapeTurns"

    /// Reads the key at `path`; every error says what was expected.
    package static func load(_ path: String, parameter: Parameter = .answerKey) throws(ShapeTurnsError) -> ScoringKey {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw .missingInput("\(parameter, path)", because: "no such folder or file; \(expected)")
        }
        if isFolder.boolValue {
            let answers = try AnswerKeyReader(setFolder: url).read()
            return try fromSet(answers, origin: path)
        }
        // A worksheet PDF of 10,000 turns or an answers.jsonl of as many: 512 MB bounds memory.
        let bytes = try BoundedFileReader.read(url.path, limit: 512 << 20, describedAs: "\(parameter, path)")
        if PDFInfoReader.isPDF(bytes) {
            let keywords = PDFInfoReader.entry("Keywords", in: bytes)
            if let keywords, keywords.utf8.count > WorksheetKey.textSizeLimit {
                throw .badData(
                    location: path,
                    reason:
                        "its embedded key is \(keywords.utf8.count) bytes; the key of \(Roster.studentLimit) sheets of \(WorksheetOptions.turnLimit) turns takes at most \(WorksheetKey.textSizeLimit)"
                )
            }
            guard let keywords, let key = WorksheetKey.parse(keywords) else {
                throw .badData(
                    location: path,
                    reason:
                        "a PDF, but not a worksheet made by ShapeTurns: it carries no answer key in its Keywords; \(expected)"
                )
            }
            return try fromWorksheet(key, origin: path)
        }
        let firstByte = bytes.first { ![UInt8(ascii: " "), 9, 10, 13, 0xEF, 0xBB, 0xBF].contains($0) }
        if url.pathExtension.lowercased() == "jsonl" || firstByte == UInt8(ascii: "{") {
            let answers = try AnswerKeyReader.parse(Data(bytes), file: url.path)
            return try fromSet(answers, origin: path)
        }
        throw .badData(location: "\(parameter, path)", because: "\(expected); this file is none of these")
    }

    /// The key of the turns `options` make, rebuilt without drawing: one sheet, or with a
    /// `roster`, one per student as `worksheet --class` makes them (`ClassSheetPlan`).
    package static func rebuilt(options: GenerateOptions, roster: Roster? = nil, catalog: ShapeCatalog = .standard)
        throws(ShapeTurnsError) -> ScoringKey
    {
        guard (1...WorksheetOptions.turnLimit).contains(options.turns) else {
            throw .invalidOption(
                .turns, reason: "must be 1 to \(WorksheetOptions.turnLimit) to rebuild a key (got \(options.turns))")
        }
        try options.validate(catalog: catalog)
        var sheets: [KeyedSheet] = []
        if let roster {
            let plan = try ClassSheetPlan(options: options, catalog: catalog)
            for student in roster.students {
                sheets.append(
                    KeyedSheet(
                        number: student.number, student: student.name, code: plan.code(for: student).description,
                        turns: try plan.turns(for: student)))
            }
        } else {
            sheets.append(
                KeyedSheet(
                    code: SheetCode(game: options).description,
                    turns: try options.makeController(catalog: catalog).allTurns()))
        }
        return ScoringKey(
            source: .rebuilt, sheets: sheets,
            origin: "the key rebuilt from --seed \(options.seed) --turns \(options.turns)")
    }

    package static func fromSet(_ answers: [TurnAnswer], origin: String) throws(ShapeTurnsError) -> ScoringKey {
        var turns: [Turn] = []
        for answer in answers {
            guard let turn = answer.turnModel else {
                throw .badData(location: "\(origin) turn \(answer.turn)", reason: "shapes must be a then b")
            }
            turns.append(turn)
        }
        return ScoringKey(source: .set, sheets: [KeyedSheet(turns: turns)], origin: origin)
    }

    package static func fromWorksheet(_ key: WorksheetKey, origin: String) throws(ShapeTurnsError) -> ScoringKey {
        guard key.version <= WorksheetKey.currentVersion else {
            throw .badData(
                location: origin,
                reason:
                    "its key is of version \(key.version); this ShapeTurns reads version \(WorksheetKey.currentVersion) (made by ShapeTurns \(key.tool))"
            )
        }
        guard !key.sheets.isEmpty else {
            throw .badData(location: origin, reason: "its embedded key holds no sheets")
        }
        guard (1...WorksheetOptions.turnLimit).contains(key.options.turns) else {
            throw .badData(
                location: origin,
                reason:
                    "its embedded key says the sheets have \(key.options.turns) turns; a worksheet has 1 to \(WorksheetOptions.turnLimit)"
            )
        }
        guard key.sheets.count <= Roster.studentLimit else {
            throw .badData(
                location: origin,
                reason:
                    "its embedded key holds \(key.sheets.count) sheets; a class has at most \(Roster.studentLimit) students"
            )
        }
        var sheets: [KeyedSheet] = []
        for sheet in key.sheets {
            guard sheet.answers.utf8.count == key.options.turns else {
                throw .badData(
                    location: origin,
                    reason:
                        "the embedded key of sheet \(BoundedFileReader.excerpt(sheet.code)) holds \(sheet.answers.utf8.count) answers for a sheet of \(key.options.turns) turns"
                )
            }
            guard let labels = sheet.labels, !labels.isEmpty else {
                throw .badData(
                    location: origin, reason: "the embedded key of sheet \(sheet.code) has answers other than a and b")
            }
            sheets.append(KeyedSheet(sheet, labels: labels, kind: key.options.shapes.first ?? .square))
        }
        return ScoringKey(source: .worksheet, sheets: sheets, origin: origin)
    }
}
