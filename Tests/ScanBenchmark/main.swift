import CMemoryTuning
import Foundation
import ScanSynthesis
import ShapeScan

// The accuracy runs of scripts/benchmark-scan, built in release: classes of BATCH sheets of
// TURNS turns under each profile, drawn at DPIS in turn, until SHEETS sheets a profile or
// SECONDS seconds a profile have gone by (the count reached is printed), with a blank page,
// another class's sheet and a photo of something else mixed into every class.
//   scan-benchmark [PROFILE...]   (copierTIFF copierJPEG phone outOfSpec; all when none given)
// Environment: SHEETS (1000), TURNS (20), BATCH (25), DPIS (150,200,300), SECONDS (600), SEED (1),
// KEEP (a folder for the first class's degraded pages), FIRST (the class to start at, 0-based),
// ONLY (one PenMark drawn on every turn), MISREAD (a folder for the crops of turns read wrong
// and not flagged, and of clear turns flagged, with what was measured on stderr).
//   scan-benchmark speed   (a class of BATCH sheets printed at 200 dpi and ticked, as PNG pages:
//                           the pages read a second, on one thread, fastest of three readings)

// As the command line does (ShapeTurnsCommand): page-sized buffers served from the heap, not
// mapped and unmapped (page faults) for each page.
_ = shapeturns_keep_large_allocations_on_heap()
let environment = ProcessInfo.processInfo.environment
func setting(_ name: String, _ fallback: Int) -> Int { environment[name].flatMap { Int($0) } ?? fallback }
let sheetsWanted = setting("SHEETS", 1000)
let turns = setting("TURNS", 20)
let batch = max(1, setting("BATCH", 25))
let secondsAllowed = Double(setting("SECONDS", 600))
let seed = UInt64(setting("SEED", 1))
let dpis = (environment["DPIS"] ?? "150,200,300").split(separator: ",").compactMap { Double($0) }
let keep = environment["KEEP"].map { URL(fileURLWithPath: $0) }
let misread = environment["MISREAD"].map { URL(fileURLWithPath: $0) }
let only = environment["ONLY"].flatMap(PenMark.init(rawValue:))
let firstClass = setting("FIRST", 0)
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "speed" {
    let synthetic = try SyntheticClass(students: batch, turns: turns, seed: seed)
    let pages = try synthetic.markedPages(dpi: 200, seed: seed)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-speed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [String] = []
    for (index, page) in pages.enumerated() {
        let url = folder.appendingPathComponent("page-\(index + 1).png")
        try Data(page.image.pngBytes()).write(to: url)
        files.append(url.path)
    }
    let clock = ContinuousClock()
    var best = Double.infinity
    var read = 0
    for _ in 0..<3 {
        let start = clock.now
        let outcome = try ScanGrader(key: synthetic.key).read(files)
        let elapsed = clock.now - start
        read = outcome.pages.filter { $0.problem == nil }.count
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    print(
        "scan speed: \(files.count) PNG pages at 200 dpi (\(batch) sheets × \(turns) turns), \(read) read; "
            + String(format: "%.2f s, %.2f pages/s (one thread)", best, Double(files.count) / best))
    exit(0)
}
let profiles = arguments.isEmpty ? ScanProfile.allCases : arguments.compactMap(ScanProfile.init(rawValue:))
guard arguments.isEmpty || profiles.count == arguments.count, !dpis.isEmpty else {
    FileHandle.standardError.write(Data("scan-benchmark: profiles are \(ScanProfile.allCases.map(\.rawValue))\n".utf8))
    exit(64)
}

for profile in profiles {
    let clock = ContinuousClock()
    let start = clock.now
    var total = ScanTally()
    var readSeconds = 0.0
    var sameBytes = true
    var classIndex = firstClass
    var pagesByDPI: [Int: Int] = [:]
    while total.sheets < sheetsWanted {
        let dpi = dpis[classIndex % dpis.count]
        let run = SyntheticRun(
            profile: profile, students: min(batch, sheetsWanted - total.sheets), turns: turns, dpi: dpi,
            seed: seed &* 1_000_003 &+ UInt64(classIndex), only: only)
        let result = try run.run(keep: classIndex == firstClass ? keep : nil, misread: misread)
        total.merge(result.tally)
        readSeconds += result.readSeconds
        sameBytes = sameBytes && result.sameBytes
        if classIndex == firstClass, keep != nil {
            for (page, problem) in result.unread {
                FileHandle.standardError.write(Data("\(profile.rawValue) page \(page): not read: \(problem)\n".utf8))
            }
        }
        pagesByDPI[Int(dpi), default: 0] += result.tally.pages + result.tally.intruders
        classIndex += 1
        let elapsed = clock.now - start
        FileHandle.standardError.write(
            Data(
                "\(profile.rawValue): class \(classIndex) wrong unflagged \(result.tally.wrongUnflagged); \(total.sheets) sheets after \(elapsed.components.seconds) s\n"
                    .utf8))
        if Double(elapsed.components.seconds) > secondsAllowed { break }
    }
    let perTenThousand = total.turns == 0 ? 0 : 10_000 * Double(total.wrongUnflagged) / Double(total.turns)
    let flaggedShare = total.clearTurns == 0 ? 0 : 100 * Double(total.clearFlagged) / Double(total.clearTurns)
    let pages = total.pages + total.intruders
    func fixed(_ value: Double) -> String { String(format: "%.2f", value) }
    let byDPI = pagesByDPI.sorted { $0.key < $1.key }.map { "\($0.value) pages at \($0.key)" }.joined(separator: ", ")
    print(
        "scan \(profile.rawValue): \(total.sheets) sheets × \(turns) turns (\(classIndex - firstClass) classes; \(byDPI)); "
            + "pages read \(total.pagesRead)/\(total.pages), to a wrong sheet \(total.pagesToWrongSheet); "
            + "wrong unflagged \(total.wrongUnflagged) (\(fixed(perTenThousand)) per 10,000 turns); "
            + "clear turns flagged \(total.clearFlagged)/\(total.clearTurns) (\(fixed(flaggedShare))%); "
            + "double marks not flagged \(total.mustFlagMissed); faint marks and smudges flagged "
            + "\(total.faintFlagged)/\(total.faintTurns), read as blank \(total.faintReadBlank); "
            + "mixed-in pages assigned \(total.intrudersAssigned)/\(total.intruders); "
            + "same bytes twice: \(sameBytes ? "yes" : "NO"); "
            + "reading \(fixed(readSeconds)) s, \(fixed(Double(pages) / max(readSeconds, 1e-9))) pages/s (one thread)")
    print("  detail: \(total)")
}
