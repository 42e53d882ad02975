import ArgumentParser
import Foundation
import ShapeRendering
import ShapeScan
import ShapeTurnsAnswerKey
import ShapeTurnsClassroom
import ShapeTurnsCommandSupport
import ShapeTurnsCore
import ShapeTurnsSets

/// `shapeturns scan` (the executable `shapeturns-scan`): reads a class's ticked worksheets back
/// from scans into the gradebook.
@main
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shapeturns \(ExternalCommand.scan.name)",
        abstract: ExternalCommand.scan.abstract,
        discussion: """
            Every worksheet page ShapeTurns prints carries a mark in each corner and a page code \
            (the squares at its foot) naming its sheet and page. scan finds them on each scanned \
            page of SCANS, in any order and any way up, several pages and sheets a file: a \
            copier's PDF or TIFF (1-bit or grey) or phone photos (JPEG, PNG). A folder in SCANS \
            is its own files, in name order; any other entry (a subfolder, a file that is no \
            scan) is skipped with a line. The names of scans and outputs need not be UTF-8 (a \
            copier's Latin-1 page\\xff.png is read under its bytes and shown so); --key and \
            --roster must be. Blank pages (the backs of leaves) are skipped and named on stderr.

            In each answer box it measures the ink against the paper around it. One box marked \
            (a tick, a cross, a fill or a circle) and the other empty is that choice; both empty \
            is a blank. Both boxes marked (a child who changed their mind), or a mark too faint \
            or too small to call, is flagged for review and never guessed: the turn is left \
            blank and listed on stderr and on --review's page. A box filled or ticked firmly \
            beside one that holds only a few faint specks (a photo's grain, what an eraser \
            left) is that choice.

            The gradebook is printed, and written with --csv, exactly as score --class writes it. \
            With turns flagged it is not final: a line under it and on stderr says how many turns \
            await review (counted blank until decided), and the status is 1. \
            --responses writes what was read as the long-form CSV score --class reads \
            (student,sheet,turn,choice,flag), each student named as on the roster: every turn of \
            every sheet, those on a page not read flagged "not read: WHY", which score --class \
            refuses to grade until they are decided (typed in, or chosen on the review page).

            The teacher decides flagged turns on the review page: open DIR/index.html in a \
            browser (offline, nothing is sent anywhere), choose A, B or Blank for each flagged \
            turn, click "Save the responses" and score the saved file with score --class. \
            Typing the choices into --responses' file does the same.

            A page that cannot be used (no corner marks: a photo of something else; a page code \
            that does not check out; a sheet not in the key: another class's page; the same page \
            twice) and a sheet with pages missing are listed on stderr and on the review page; \
            nothing on them is given to anyone, and the status is then 65. A pile none of whose \
            sheets is in the key is one line (another week's key?) and no gradebook. --csv, \
            --responses and --review must name places of their own, none an input, checked \
            before any page is read (64, 73). A turn that the \
            second copy of a page reads differently from the first is flagged, and the review page \
            pictures it from both.

            Black-and-white (1-bit) scans are read too, but a copier's threshold drops marks \
            lighter than it, and dithering under 250 dpi leaves pencil hard to tell from the dots \
            (more turns flagged): a note on stderr and on the review page says so when the scans \
            hold such pages. Scanning in grey keeps the marks a threshold drops.

            Examples:
              shapeturns scan copier.pdf --key class-key.pdf
              shapeturns scan copier.tif --key class.pdf --csv marks.csv --review review
              shapeturns scan photos --seed 7 --turns 20 --roster roster.txt --json
              shapeturns scan copier.pdf --key class-key.pdf --responses read.csv

            After deciding the flagged turns on review/index.html and saving the file:
              shapeturns score --key class-key.pdf --class corrected-responses.csv
            """,
        version: CommandLineMain.version
    )

    static func main() {
        if let status = PageWorker.serveIfAsked([""] + ProcessArguments.bytes.map { EscapedBytes.string($0) ?? "" }) {
            Foundation.exit(status)
        }
        ExternalCommand.refuseAnotherVersion(executable: ExternalCommand.scan.executable)
        CommandLineMain.run(Self.self)
    }

    @Argument(
        help: ArgumentHelp(
            "Scanned files (PDF, TIFF, JPEG or PNG) or folders of them, in any order.", valueName: "scans"))
    var scans: [PathOperand] = []

    @Option(
        help: ArgumentHelp(
            "The answer key: the class's PDF or its class-key.pdf (or one sheet's PDF).", valueName: "path"))
    var key: String?

    @Option(help: ArgumentHelp("Rebuild the key from this seed (with --turns) instead of --key.", valueName: "seed"))
    var seed: UInt64?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --seed: how many turns a sheet has, 1 to \(WorksheetOptions.turnLimit).", valueName: "n"))
    var turns: Int?

    @Option(help: ArgumentHelp("With --seed: the roster the class's sheets were made from.", valueName: "file"))
    var roster: String?

    @Flag(help: "Print the gradebook as JSON.")
    var json = false

    @Option(help: ArgumentHelp("Also write the gradebook as CSV to this file.", valueName: "file"))
    var csv: PathOperand?

    @Option(
        help: ArgumentHelp(
            "Write the responses read as long-form CSV (student,sheet,turn,choice,flag) to this file.",
            valueName: "file"))
    var responses: PathOperand?

    @Option(
        help: ArgumentHelp(
            "Write a review page (DIR/index.html) to decide flagged turns on and see pages not read.",
            valueName: "dir"))
    var review: PathOperand?

    @OptionGroup(title: "Shapes (with --seed: the options the sheets were made with)")
    var shapeOptions: ShapeOptions

    func validate() throws {
        guard !scans.isEmpty else { throw ValidationError("SCANS: give at least one scanned file") }
        try KeyArguments.validate(key: key, seed: seed, turns: turns, roster: roster, forClass: true)
    }

    func run() throws {
        // Each named as the bytes passed, UTF-8 or not (`EscapedBytes`).
        let (csv, responses, review) = (self.csv?.path, self.responses?.path, self.review?.path)
        let files = try ScanInputs(scans.map(\.path))
        let inputs = files.files + [key, roster].compactMap { $0 }
        let gradebookPolicy = OutputPolicy(.gradebookFile, inputs: inputs)
        let responsesPolicy = OutputPolicy(.scanResponses, inputs: inputs)
        // Every output is checked before any page is read: each names its own place, none is an
        // input or holds one, and the review folder is made (as a staging folder) now, so a
        // refused one stops the run here.
        try DistinctOutputs(
            [
                csv.map { .init(.gradebookFile, path: $0) }, responses.map { .init(.scanResponses, path: $0) },
                review.map { .init(.reviewFolder, path: $0, isFolder: true) },
            ], inputs: inputs
        ).check()
        for (path, policy) in [(csv, gradebookPolicy), (responses, responsesPolicy)] {
            guard let path else { continue }
            let target = try policy.destination(path).standardizedFileURL
            try policy.checkFiles([target.lastPathComponent], in: target.deletingLastPathComponent())
        }
        let reviewFolder = try review.map { path throws(ShapeTurnsError) in
            try ReportFolder(path: path, parameter: .reviewFolder)
        }
        let outcome: ScanGrader.Outcome
        do {
            let scoringKey = try KeyArguments.load(
                key: key, seed: seed, turns: turns, roster: roster, shapeOptions: shapeOptions)
            // Each file's pages are decoded in a worker (this executable again), under limits.
            let decoding = ScanFile.Decoding.worker(executable: Bundle.main.executablePath ?? CommandLine.arguments[0])
            outcome = try ScanGrader(key: scoringKey, keepsImages: review != nil, decoding: decoding).read(files.files)
            // A pile not one of whose pages is read grades no one: refused, nothing written, rather
            // than a gradebook of absent students.
            if !outcome.pages.contains(where: { $0.problem == nil }), let first = outcome.pages.first {
                throw ShapeTurnsError.badData(
                    location: files.files.count == 1 ? DisplayName.escaped(files.files[0]) : "the scans",
                    reason:
                        "no page is a readable page of this key's sheets (\(first.source): "
                        + "\(first.problem?.description ?? "not read")"
                        + (outcome.pages.count > 1 ? ", and \(outcome.pages.count - 1) more" : "")
                        + "); nothing was written")
            }
            if let responses {
                try responsesPolicy.write(Array(outcome.responsesCSV.utf8), to: URL(fileURLWithPath: responses))
            }
            if let csv {
                try outcome.gradebook.writeCSV(to: URL(fileURLWithPath: csv), policy: gradebookPolicy)
            }
            if let reviewFolder {
                try ReviewPage(outcome: outcome, scoreCommand: scoreCommand).publish(in: reviewFolder)
            }
        } catch {
            reviewFolder?.discard()
            throw error
        }
        let awaiting = outcome.flagged.count
        let awaitingLine =
            "\(awaiting) turn\(awaiting == 1 ? " awaits" : "s await") review (counted blank here): decide "
            + (review == nil ? "them in --responses' file" : "them on the review page")
            + " and score the saved responses with score --class"
        if json {
            try StandardStreams.output(
                String(decoding: try AnswerKeyEncoding.document(ScanDocument(outcome)), as: UTF8.self))
        } else {
            try StandardStreams.outputLine(
                ScoreTable.gradebook(outcome.gradebook) + (awaiting > 0 ? "\n\(awaitingLine)" : ""))
        }
        for line in files.skipped {
            Self.warn(line)
        }
        for page in outcome.unreadable {
            Self.warn("\(page.source): not read: \(page.problem?.description ?? "")")
        }
        let blank = outcome.pages.filter { $0.problem?.isSkipped == true }.map(\.source)
        if !blank.isEmpty {
            Self.warn("blank page\(blank.count == 1 ? "" : "s") skipped: \(blank.joined(separator: ", "))")
        }
        for line in outcome.missingPages {
            Self.warn(line)
        }
        for (page, turn) in outcome.flagged {
            let who = page.code.map { outcome.responses.student(of: $0.sheetCode) } ?? page.source
            Self.warn("\(page.source): \(who), turn \(turn.turn): flagged for review: \(turn.flag ?? "")")
        }
        for note in outcome.notes {
            Self.warn("note: \(note)")
        }
        if awaiting > 0 {
            Self.warn(awaitingLine)
        }
        if !outcome.unreadable.isEmpty || !outcome.missingPages.isEmpty {
            throw ExitCode(65)
        }
        if awaiting > 0 {
            throw ExitCode(Self.awaitingReviewStatus)
        }
    }

    /// The status of a run that read every page but flagged turns: its gradebook is not final.
    static let awaitingReviewStatus: Int32 = 1

    /// The command that scores the review page's saved responses against the same key.
    private var scoreCommand: String {
        var words = ["shapeturns", "score"]
        if let key {
            words += ["--key", key]
        } else {
            words += ["--seed", seed.map(String.init) ?? "", "--turns", turns.map(String.init) ?? ""]
            words += roster.map { ["--roster", $0] } ?? []
        }
        words += ["--class", ReviewPage.savedName]
        return words.map(Self.shellQuoted).joined(separator: " ")
            + (key == nil ? "  # and the shape options of the sheets" : "")
    }

    /// `word` as a shell reads it back: quoted when it holds anything but letters, digits and `-._/=+,:@%`.
    private static func shellQuoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "-._/=+,:@%".unicodeScalars.contains($0))
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func warn(_ line: String) {
        StandardStreams.diagnose("shapeturns: \(line)\n")
    }
}
