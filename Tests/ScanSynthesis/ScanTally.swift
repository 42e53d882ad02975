import ShapeGame
import ShapeRendering
import ShapeScan

/// How a reading of synthetic scans compares with the marks drawn.
package struct ScanTally: CustomStringConvertible, Sendable {
    package var sheets = 0
    package var pages = 0
    package var pagesRead = 0
    package var pagesToWrongSheet = 0
    package var turns = 0
    /// Turns with a clear mark or a clean blank, and how many of them were flagged.
    package var clearTurns = 0
    package var clearFlagged = 0
    /// A choice read that was not the one drawn, a blank read where a choice was drawn, a double
    /// mark not flagged, a faint mark or smudge read as a choice.
    package var wrongUnflagged = 0
    package var mustFlagMissed = 0
    /// Faint marks and smudges, how many were flagged, and how many read as blanks (only right
    /// when none of their ink is left in the scan, as on a 1-bit copy).
    package var faintTurns = 0
    package var faintFlagged = 0
    package var faintReadBlank = 0
    /// Clear marks by kind that were flagged, for finding what a reader finds hard.
    package var flaggedByMark: [String: Int] = [:]
    package var wrongByMark: [String: Int] = [:]
    /// Why pages were not read, with counts.
    package var problems: [String: Int] = [:]
    /// Pages that are not this class's sheets (a blank page, another class's sheet, a photo of
    /// something else) mixed into the scans, and how many of them were given to a student.
    package var intruders = 0
    package var intrudersAssigned = 0

    package init() {}

    package var description: String {
        "sheets \(sheets), pages \(pagesRead)/\(pages) read, \(pagesToWrongSheet) to a wrong sheet; turns \(turns): "
            + "\(clearFlagged)/\(clearTurns) clear turns flagged, \(wrongUnflagged) wrong unflagged, "
            + "\(mustFlagMissed) double marks not flagged, \(faintFlagged)/\(faintTurns) faint marks and smudges "
            + "flagged (\(faintReadBlank) read as blank); mixed-in pages \(intrudersAssigned)/\(intruders) assigned; "
            + "flagged by mark \(flaggedByMark.sorted { $0.key < $1.key }); wrong by mark "
            + "\(wrongByMark.sorted { $0.key < $1.key }); not read: \(problems.sorted { $0.key < $1.key })"
    }

    /// Counts a page that is not one of the class's sheets: it must not be given to anyone.
    package mutating func addIntruder(_ page: ScannedPage) {
        intruders += 1
        if page.problem == nil { intrudersAssigned += 1 }
    }

    package mutating func add(_ page: ScannedPage, truth: SyntheticClass.Truth) {
        pages += 1
        if let problem = page.problem { problems[String(String(describing: problem).prefix(30)), default: 0] += 1 }
        guard page.problem == nil, let code = page.code else { return }
        guard code.sheetCode == truth.sheetCode, code.page == truth.page else {
            pagesToWrongSheet += 1
            return
        }
        pagesRead += 1
        for reading in page.readings {
            guard let (mark, label) = truth.marks[reading.turn] else { continue }
            turns += 1
            let flagged = reading.flag != nil
            if mark.isChoice || mark == .blank {
                clearTurns += 1
                if flagged {
                    clearFlagged += 1
                    flaggedByMark[mark.rawValue, default: 0] += 1
                }
            }
            if mark.mustFlag, !flagged { mustFlagMissed += 1 }
            if mark.isFaint {
                faintTurns += 1
                if flagged { faintFlagged += 1 } else if reading.choice == nil { faintReadBlank += 1 }
            }
            if Self.isWrongUnflagged(reading, mark: mark, label: label) {
                wrongUnflagged += 1
                wrongByMark[mark.rawValue, default: 0] += 1
            }
        }
    }

    /// Whether `reading` of a turn drawn as `mark` choosing `label` is wrong and not flagged.
    package static func isWrongUnflagged(_ reading: TurnReading, mark: PenMark, label: ShapeLabel) -> Bool {
        let flagged = reading.flag != nil
        if mark.isChoice, !flagged, reading.choice != label { return true }
        if mark == .blank, reading.choice != nil { return true }
        if mark.mustFlag, !flagged { return true }
        return mark.isFaint && reading.choice != nil
    }

    /// The sum of two tallies.
    package mutating func merge(_ other: ScanTally) {
        sheets += other.sheets
        pages += other.pages
        pagesRead += other.pagesRead
        pagesToWrongSheet += other.pagesToWrongSheet
        turns += other.turns
        clearTurns += other.clearTurns
        clearFlagged += other.clearFlagged
        wrongUnflagged += other.wrongUnflagged
        mustFlagMissed += other.mustFlagMissed
        faintTurns += other.faintTurns
        faintFlagged += other.faintFlagged
        faintReadBlank += other.faintReadBlank
        flaggedByMark.merge(other.flaggedByMark, uniquingKeysWith: +)
        wrongByMark.merge(other.wrongByMark, uniquingKeysWith: +)
        problems.merge(other.problems, uniquingKeysWith: +)
        intruders += other.intruders
        intrudersAssigned += other.intrudersAssigned
    }
}
