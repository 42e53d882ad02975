import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// The facade of scanning: reads every page of the scans, gives each to its sheet by its page
/// code, and turns what was read into a class's responses, scored exactly as `score --class`
/// scores a CSV (the same scorer, handed the values the CSV would hold).
///
/// Nothing is guessed: a page without three corner marks, with a code that does not check out,
/// of a sheet not in the key, or read twice is not used and is listed; a turn with both boxes
/// marked, a mark too faint to call, or read differently by a page's second copy (`PageCopies`)
/// is left blank in the responses and flagged for review.
package struct ScanGrader {
    package let key: ScoringKey
    /// Whether to keep crops and thumbnails for a review page.
    package let keepsImages: Bool
    /// Where the scans' pages are decoded: in a worker, under limits, for the command line.
    package let decoding: ScanFile.Decoding

    package init(key: ScoringKey, keepsImages: Bool = false, decoding: ScanFile.Decoding = .inProcess) {
        self.key = key
        self.keepsImages = keepsImages
        self.decoding = decoding
    }

    /// The outcome of reading scans.
    package struct Outcome: Sendable {
        package let pages: [ScannedPage]
        /// What was read as the long-form responses `score --class` reads.
        package let responses: ScanResponses
        package var responsesCSV: String { responses.csv }
        package let gradebook: Gradebook
        /// Sheets some of whose pages were not read, each with why (`NotRead`): `sheet K7QX-M2PD
        /// (Ana Lima): page 2 not scanned`; with pages refused, also the sheets none of whose pages was read.
        package let missingPages: [String]
        /// What the teacher can change at the copier (`ScanAdvice`), for stderr and the JSON; the
        /// review page words them again with each name isolated.
        package let notes: [String]

        package var unreadable: [ScannedPage] { pages.filter { $0.problem.map { !$0.isSkipped } ?? false } }
        /// The flagged turns in roster order (the order of the key's sheets, then by turn), as
        /// the teacher's list of names runs, not the order the pages were scanned in.
        package var flagged: [(page: ScannedPage, turn: TurnReading)] {
            var order: [String: Int] = [:]
            for (index, row) in responses.rows.enumerated() {
                let sheet = SheetCode.normalized(row.sheet)
                if order[sheet] == nil { order[sheet] = index }
            }
            let turns = pages.flatMap { page in page.flagged.map { (page: page, turn: $0) } }
            return turns.enumerated().sorted { first, second in
                let one = first.element.page.code.flatMap { order[SheetCode.normalized($0.sheetCode)] } ?? .max
                let other = second.element.page.code.flatMap { order[SheetCode.normalized($0.sheetCode)] } ?? .max
                if one != other { return one < other }
                if first.element.turn.turn != second.element.turn.turn {
                    return first.element.turn.turn < second.element.turn.turn
                }
                return first.offset < second.offset
            }.map(\.element)
        }

        /// The rows of turns whose page was not read (`NotRead`), in roster order.
        package var notRead: [ScanResponses.Row] {
            responses.rows.filter { $0.flag.hasPrefix(NotRead.flagPrefix) }
        }
    }

    /// Reads `files` in order, a page at a time. Fails only when a file cannot be read at all.
    package func read(_ files: [String]) throws(ShapeTurnsError) -> Outcome {
        guard let reader = PageReader() else {
            throw .badData(location: "libapriltag", reason: "its detector could not be made")
        }
        let sheets = Dictionary(
            key.sheets.compactMap { sheet in sheet.code.map { (SheetCode.normalized($0), sheet) } },
            uniquingKeysWith: { first, _ in first })
        var pages: [ScannedPage] = []
        var seen: [String: String] = [:]
        var readPages: [String: Set<Int>] = [:]
        var codes: [String: PageCode] = [:]
        var answers: [String: [Int: TurnReading]] = [:]
        // Where each page came from: a file and its index there.
        var places: [(file: String, index: Int)] = []
        for file in files {
            let scan = try ScanFile(path: file, decoding: decoding)
            try scan.forEachPage { index, image in
                let source = scan.pageCount == 1 ? scan.name : "\(scan.name) page \(index + 1)"
                var page = read(image, source: source, sheets: sheets, reader: reader, seen: &seen)
                // The copy read first is the first page read from the source `seen` names.
                if case .duplicate(_, _, let firstSource) = page.problem,
                    let first = pages.firstIndex(where: { $0.problem == nil && $0.source == firstSource })
                {
                    let (place, firstPage) = (places[first], pages[first])
                    (pages[first], page) = PageCopies.compared(firstPage, with: page) {
                        guard keepsImages else { return [:] }
                        // Its unflagged turns were not cropped: the page is decoded and read again.
                        let image = place.file == file ? scan.page(at: place.index) : pageAgain(place)
                        return crops(of: image, readAgainAs: firstPage, sheets: sheets, reader: reader)
                    }
                }
                pages.append(page)
                places.append((file, index))
            }
        }
        for page in pages where page.problem == nil {
            guard let code = page.code else { continue }
            let normalized = SheetCode.normalized(code.sheetCode)
            readPages[normalized, default: []].insert(code.page)
            codes[normalized] = code
            for reading in page.readings { answers[normalized, default: [:]][reading.turn] = reading }
        }
        if readPages.isEmpty, let wrongKey = Self.wrongKey(pages, key: key) { throw wrongKey }
        var responses = ScanResponses(key: key)
        var missing: [String] = []
        let refused = pages.filter { page in
            guard let problem = page.problem else { return false }
            if case .duplicate = problem { return false }
            return !problem.isSkipped
        }
        for sheet in key.sheets {
            guard let code = sheet.code else { continue }
            let normalized = SheetCode.normalized(code)
            let turns = answers[normalized]
            // A sheet none of whose pages is in the pile is an absent student's, unless a page
            // was refused that may be one of its.
            guard turns != nil || !NotRead.candidates(refused, for: code).isEmpty else { continue }
            // The grid as the sheet's pages say it.
            let layout = layout(of: sheet, code: codes[normalized])
            let expected = Set(1...max(1, layout.turnPageCount))
            let absent = expected.subtracting(readPages[normalized] ?? []).sorted()
            let reasons = Dictionary(
                absent.map { ($0, NotRead.reason(page: $0, of: code, refused: refused, sheetRead: turns != nil)) },
                uniquingKeysWith: { first, _ in first })
            for number in 1...max(1, sheet.turns.count) {
                if let reading = turns?[number] {
                    responses.append(
                        code: code, turn: number, choice: reading.choice?.rawValue ?? "", flag: reading.flag ?? "")
                } else {
                    let page = (number - 1) / max(1, layout.turnsPerPage) + 1
                    responses.append(
                        code: code, turn: number, choice: "",
                        flag: NotRead.flag(reasons[page] ?? "page \(page) not scanned"))
                }
            }
            if !absent.isEmpty {
                let who = sheet.student.map { " (\($0))" } ?? ""
                missing.append("sheet \(code)\(who): " + NotRead.summary(absent, reasons: reasons))
            }
        }
        // The sheet codes read off the pages (CRC-checked, and each one in the key) confirm the key.
        let gradebook = try ClassScorer().score(
            responses.classResponses, against: key, blank: .wrong,
            responses: files.map(DisplayName.escaped).joined(separator: " "),
            expectedSheets: readPages.keys.sorted())
        return Outcome(
            pages: pages, responses: responses, gradebook: gradebook, missingPages: missing,
            notes: ScanAdvice.notes(for: pages))
    }

    /// The one error for a pile none of whose pages is of a sheet in the key, when some are of
    /// sheets it does not hold: another week's or another class's key, not a class of absent students.
    private static func wrongKey(_ pages: [ScannedPage], key: ScoringKey) -> ShapeTurnsError? {
        let others = pages.compactMap { page -> String? in
            if case .notInKey(let code) = page.problem { return code }
            return nil
        }
        guard !others.isEmpty else { return nil }
        var codes: [String] = []
        for code in others where !codes.contains(code) { codes.append(code) }
        let named = codes.prefix(3).joined(separator: ", ") + (codes.count > 3 ? " and \(codes.count - 3) more" : "")
        let pagesText = others.count == 1 ? "1 page is" : "\(others.count) pages are"
        return .badData(
            location: key.origin,
            reason:
                "\(pagesText) of sheets not in this key (\(named)) and no page is of a sheet in it: these sheets are not in this key — another week's key?"
        )
    }

    private func layout(of sheet: KeyedSheet, code: PageCode?, paper: PaperSize = .a4) -> WorksheetLayout {
        WorksheetLayout(
            paper: paper, columns: code?.columns ?? 2, rows: code?.rows ?? 4, turnCount: sheet.turns.count,
            includesAnswerKey: true)
    }

    /// The page at `place` decoded again from its file, alone.
    private func pageAgain(_ place: (file: String, index: Int)) -> Result<GrayImage, PageRefusal> {
        do throws(ShapeTurnsError) {
            return try ScanFile(path: place.file, decoding: decoding).page(at: place.index)
        } catch {
            return .failure(PageRefusal(error.description))
        }
    }

    /// The crops of every turn of `image`, read again as `page` (a first copy some of whose turns
    /// a later copy reads differently); none when it no longer reads as that page.
    private func crops(
        of image: Result<GrayImage, PageRefusal>, readAgainAs page: ScannedPage, sheets: [String: KeyedSheet],
        reader: PageReader
    ) -> [Int: [UInt8]] {
        var unseen: [String: String] = [:]
        let again = read(image, source: page.source, sheets: sheets, reader: reader, seen: &unseen, cropsEvery: true)
        guard again.problem == nil, again.code == page.code else { return [:] }
        return again.crops
    }

    /// Reads `image`, the page at `source`: its sheet and page, its turns, or why it cannot be
    /// used. With `keepsImages`, the crops of its flagged turns, or of every turn when
    /// `cropsEvery` is set or the page is a copy of one read before.
    private func read(
        _ decoded: Result<GrayImage, PageRefusal>, source: String, sheets: [String: KeyedSheet], reader: PageReader,
        seen: inout [String: String], cropsEvery: Bool = false
    ) -> ScannedPage {
        func failed(_ problem: PageProblem, code: PageCode? = nil, student: String? = nil) -> ScannedPage {
            ScannedPage(
                source: source, code: code, student: student, problem: problem, readings: [], crops: [:],
                thumbnail: keepsImages ? (try? decoded.get()).flatMap(Self.thumbnail) : nil)
        }
        let image: GrayImage
        switch decoded {
        case .success(let decodedImage): image = decodedImage
        case .failure(let refusal): return failed(.undecodable(refusal))
        }
        // A 1-bit page that came in grey (a JPEG, or scaled) is a 1-bit page all the same
        // (`GreyedBilevel`): its black pixels (`bits`) tell its kind and what a threshold left of
        // a mark, and its boxes are read in the grey it came in, so that a grey scan taken for
        // 1-bit by mistake loses no mark. A dithered page is read through low-pass filters
        // (`BilevelScan`): its dots become grey.
        let scan = image
        let restored = GreyedBilevel.restored(image)
        let bits = restored ?? image
        var kind = BilevelScan.kind(of: bits)
        if restored != nil, kind.filtered != nil { kind = .dithered(BilevelScan.filtered(image)) }
        let filtered = kind.filtered
        let grey = filtered?.marks ?? scan
        // Fewer than one pixel in 500 darker than mid-grey: the blank back of a leaf (a printed
        // page's corner tags alone are more). A dithered page is counted filtered, so its dots
        // are paper, and is skipped only when not one corner tag is found on it.
        let dark = grey.pixels.reduce(0) { $0 + ($1 < 128 ? 1 : 0) }
        let looksBlank = dark * 500 < grey.pixels.count
        if looksBlank, filtered == nil { return failed(.blank) }
        var fix: PageFix
        switch reader.locate(grey) {
        case .failure(.noMarks(found: 0)) where looksBlank: return failed(.blank)
        case .failure(let problem): return failed(problem)
        case .success(let found): fix = found
        }
        guard let code = fix.code else { return failed(.codeUnreadable) }
        guard let sheet = sheets[SheetCode.normalized(code.sheetCode)] else {
            return failed(.notInKey(code.sheetCode), code: code)
        }
        let student = sheet.student
        let layout = layout(of: sheet, code: code, paper: fix.paper)
        guard (1...layout.pageCount).contains(code.page), code.columns >= 1, code.rows >= 1 else {
            return failed(.noSuchPage(code: code.sheetCode, page: code.page), code: code, student: student)
        }
        if fix.tagsFound < 3 {
            // Two tags' map is used only once the page's own boxes confirm it.
            guard let confirmed = MapRefinement.confirm(fix, image: grey, layout: layout, page: code.page) else {
                return failed(.unconfirmed(found: fix.tagsFound), code: code)
            }
            fix = confirmed
        }
        let pageKey = "\(SheetCode.normalized(code.sheetCode))/\(code.page)"
        // A second copy of a page is read too, to be compared with the first (`PageCopies`), but
        // not used.
        let first = seen[pageKey]
        if first == nil { seen[pageKey] = source }
        var readings = PageReader.readTurns(filtered?.boxes ?? scan, fix: fix, layout: layout, page: code.page)
        // A 1-bit page's boxes are looked at again, as the file holds them.
        let tone: ScannedPage.Capture.Tone
        switch kind {
        case .dithered(let filtered):
            tone = .dithered
            readings = DitheredInk.checked(
                readings.map { $0.onBilevelPage() }, dots: bits, read: filtered.boxes, fix: fix, layout: layout)
        case .thresholded:
            tone = .thresholded
            readings = ThresholdedInk.checked(
                readings.map { $0.onBilevelPage() }, scan: bits, fix: fix, layout: layout)
        case .grey:
            tone = .grey
        }
        var crops: [Int: [UInt8]] = [:]
        if keepsImages {
            for reading in readings where reading.flag != nil || first != nil || cropsEvery {
                let cell = layout.cell(forTurn: reading.turn)
                let region = Rect(
                    x: cell.labelRowA.x, y: cell.labelRowA.y - 10, width: cell.labelRowB.maxX - cell.labelRowA.x,
                    height: cell.labelRowA.height + 20)
                crops[reading.turn] = try? PageReader.crop(scan, region, fix: fix, scale: 3).pngBytes()
            }
        }
        return ScannedPage(
            source: source, code: code, student: student,
            problem: first.map { .duplicate(code: code.sheetCode, page: code.page, first: $0) },
            readings: readings, crops: crops, thumbnail: first != nil && keepsImages ? Self.thumbnail(scan) : nil,
            tagsFound: fix.tagsFound,
            capture: ScannedPage.Capture(tone: tone, dpi: fix.pixelsPerPoint * 72))
    }

    /// The page shrunk to at most 360 pixels wide, as PNG.
    static func thumbnail(_ image: GrayImage) -> [UInt8]? {
        let factor = max(1, (image.width + 359) / 360)
        let width = max(1, image.width / factor)
        let height = max(1, image.height / factor)
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                pixels[y * width + x] = image.pixels[(y * factor) * image.width + x * factor]
            }
        }
        return try? GrayImage(width: width, height: height, pixels: pixels).pngBytes()
    }
}
