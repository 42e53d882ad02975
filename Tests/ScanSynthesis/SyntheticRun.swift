import Foundation
import ShapeRendering
import ShapeScan
import ShapeTurns

/// One class's scans under a profile: its pages marked, shuffled, mixed with pages that are not
/// the class's (a blank page, another class's sheet, a photo of something else), degraded,
/// written as the profile's files, read back by `ScanGrader` twice, and tallied against the truth.
package struct SyntheticRun {
    package let profile: ScanProfile
    package let students: Int
    package let turns: Int
    package let dpi: Double
    package let seed: UInt64
    /// Whether to mix the three pages that are not the class's into the scans.
    package let mixesInForeignPages: Bool
    /// The one kind of mark to draw on every turn, when given (else marks drawn by their weights).
    package let only: PenMark?

    package init(
        profile: ScanProfile, students: Int, turns: Int = 20, dpi: Double, seed: UInt64,
        mixesInForeignPages: Bool = true, only: PenMark? = nil
    ) {
        self.profile = profile
        self.students = students
        self.turns = turns
        self.dpi = dpi
        self.seed = seed
        self.mixesInForeignPages = mixesInForeignPages
        self.only = only
    }

    package struct Result: Sendable {
        package var tally: ScanTally
        /// Seconds `ScanGrader.read` took over the files (decoding included), once.
        package var readSeconds: Double
        /// Whether a second reading of the same files gave the same gradebook and responses bytes.
        package var sameBytes: Bool
        /// The class's pages not read: the page's place in the scans (1-based) and why.
        package var unread: [(page: Int, problem: String)]
    }

    /// Runs it; `keep` (a folder) receives the degraded pages as PNG and the scan files, `misread`
    /// (a folder) the crop of every turn read wrong and not flagged or clear and flagged, as the
    /// reader saw it.
    package func run(keep: URL? = nil, misread: URL? = nil) throws -> Result {
        let synthetic = try SyntheticClass(students: students, turns: turns, seed: seed)
        var random = SplitMix(state: seed &* 31)
        var pages: [(image: GrayImage, truth: SyntheticClass.Truth?)] = try synthetic.markedPages(
            dpi: dpi, seed: seed, only: only
        ).map { ($0.image, $0.truth) }
        if mixesInForeignPages {
            let other = try SyntheticClass(students: 1, turns: turns, seed: seed &+ 1_000_003)
            if let foreign = try other.markedPages(dpi: dpi, seed: seed &+ 1).first {
                pages.append((foreign.image, nil))
            }
            let width = Int(8.27 * dpi)
            let height = Int(11.69 * dpi)
            pages.append(
                (GrayImage(width: width, height: height, pixels: Array(repeating: 250, count: width * height)), nil))
            pages.append((try Self.somethingElse(width: width, height: height, random: &random), nil))
        }
        for index in pages.indices.reversed() where index > 0 {
            pages.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        let degraded = pages.map { profile.degrade($0.image, random: &random) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try profile.encode(degraded, dpi: dpi, to: folder, name: "scan").map(\.path)
        if let keep {
            for (index, page) in degraded.enumerated() {
                try Data(page.pngBytes()).write(
                    to: keep.appendingPathComponent("\(profile.rawValue)-\(Int(dpi))-page-\(index + 1).png"))
            }
            for file in files {
                let name = "\(profile.rawValue)-\(Int(dpi))-\(URL(fileURLWithPath: file).lastPathComponent)"
                try? FileManager.default.copyItem(atPath: file, toPath: keep.appendingPathComponent(name).path)
            }
        }
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try ScanGrader(key: synthetic.key).read(files)
        let elapsed = clock.now - start
        let again = try ScanGrader(key: synthetic.key).read(files)
        var tally = ScanTally()
        tally.sheets = students
        for (page, truth) in zip(outcome.pages, pages.map(\.truth)) {
            if let truth { tally.add(page, truth: truth) } else { tally.addIntruder(page) }
        }
        if outcome.pages.count != pages.count { tally.problems["pages missing from the outcome", default: 0] += 1 }
        if let misread {
            try writeMisread(outcome.pages, truths: pages.map(\.truth), files: files, seed: seed, to: misread)
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let unread = zip(outcome.pages, pages).enumerated().compactMap { index, pair in
            pair.1.truth != nil ? pair.0.problem.map { (index + 1, $0.description) } : nil
        }
        return Result(
            tally: tally, readSeconds: seconds,
            sameBytes: again.responsesCSV == outcome.responsesCSV && again.gradebook.csv() == outcome.gradebook.csv(),
            unread: unread)
    }

    /// Writes, for each turn read wrong and not flagged and each clear turn flagged, the crop of
    /// its two boxes and letters as the reader saw them (`misread-` or
    /// `flagged-seed-page-turn-mark-label.png`, 4 pixels a point, in `folder`, made if missing),
    /// and what was measured on stderr.
    func writeMisread(
        _ read: [ScannedPage], truths: [SyntheticClass.Truth?], files: [String], seed: UInt64, to folder: URL
    ) throws {
        guard let reader = PageReader() else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, (page, truth)) in zip(read, truths).enumerated() {
            guard let truth, page.problem == nil, files.count == read.count else { continue }
            let listed = page.readings.filter { reading in
                truth.marks[reading.turn].map {
                    ScanTally.isWrongUnflagged(reading, mark: $0.mark, label: $0.label)
                        || (reading.flag != nil && ($0.mark.isChoice || $0.mark == .blank))
                } ?? false
            }
            guard !listed.isEmpty, let image = try ScanFile(path: files[index]).pages.first ?? nil,
                case .success(let fix) = reader.locate(image), let code = page.code
            else { continue }
            let layout = WorksheetLayout(
                paper: fix.paper, columns: code.columns, rows: code.rows, turnCount: turns,
                includesAnswerKey: true)
            for reading in listed {
                guard let (mark, label) = truth.marks[reading.turn] else { continue }
                let cell = layout.cell(forTurn: reading.turn)
                let region = Rect(
                    x: cell.labelRowA.x - 10, y: cell.labelRowA.y - 14,
                    width: cell.labelRowB.maxX - cell.labelRowA.x + 20, height: cell.labelRowA.height + 28)
                let kind = reading.flag == nil ? "misread" : "flagged"
                let name = "\(kind)-\(seed)-page\(index + 1)-turn\(reading.turn)-\(mark.rawValue)-\(label.rawValue).png"
                try Data(PageReader.crop(image, region, fix: fix, scale: 4).pngBytes()).write(
                    to: folder.appendingPathComponent(name))
                FileHandle.standardError.write(
                    Data(
                        "\(name): read \(reading.choice?.rawValue ?? "blank"); A \(reading.inkA) \(reading.inkA.verdict); B \(reading.inkB) \(reading.inkB.verdict)\n"
                            .utf8))
            }
        }
    }

    /// A photo of something that is not a sheet: a light desk with a few dark objects and some
    /// lettering-like bars.
    package static func somethingElse(width: Int, height: Int, random: inout SplitMix) throws -> GrayImage {
        let surface = try CairoSurface.opaqueImage(width: width, height: height)
        let context = try CairoContext(surface: surface)
        try context.fill(
            .rectangle(Rect(x: 0, y: 0, width: Double(width), height: Double(height))),
            with: RGBAColor(red: 0.85, green: 0.82, blue: 0.78))
        for _ in 0..<40 {
            let grey = random.uniform(0, 0.9)
            let rect = Rect(
                x: random.uniform(0, Double(width)), y: random.uniform(0, Double(height)),
                width: random.uniform(10, Double(width) / 4), height: random.uniform(10, Double(height) / 6))
            let color = RGBAColor(red: grey, green: grey, blue: grey)
            if random.next() % 2 == 0 {
                try context.fill(.rectangle(rect), with: color)
            } else {
                try context.fill(.ellipse(in: rect), with: color)
            }
        }
        return try SyntheticClass.gray(surface)
    }
}
