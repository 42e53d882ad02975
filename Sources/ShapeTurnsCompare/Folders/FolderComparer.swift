import Foundation
import PixelDiff
import ShapeTurnsCore

/// Compares a folder of actual images with a folder of expected (approved) ones, as snapshot
/// suites need: images are matched by their path relative to each folder (`*.png`, recursively)
/// and each gets a status (`ImageStatus`).
///
/// Pairs are compared on `jobs` threads at once, each holding one pair in memory, so memory
/// grows with the jobs and not with the folder; a `PixelBudget` bounds the pixels decoded at
/// once, so jobs wait rather than hold several pairs of the largest images. An image that cannot be read or decoded is that
/// image's failure (`changed`, with the reason); the rest are still compared.
package struct FolderComparer: Sendable {
    /// How each pair is compared: pixelmatch's options (masks included) and the tolerance.
    package let comparer: ImageFileComparer
    /// Pairs compared at once, 1 or more.
    package let jobs: Int
    /// Per-image rules (a rules file): the first whose glob matches a path compares that pair
    /// instead of `comparer`, and the image's reason names it.
    package let rules: CompareRules?

    /// The accepted range of `jobs`.
    package static let jobsRange = 1...256

    /// Fails with `jobs` when `jobs` is out of `jobsRange`.
    package init(
        comparer: ImageFileComparer, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        rules: CompareRules? = nil
    ) throws(ShapeTurnsError) {
        guard Self.jobsRange.contains(jobs) else {
            throw .invalidOption(
                .folderJobs,
                reason: "must be from \(Self.jobsRange.lowerBound) to \(Self.jobsRange.upperBound), not \(jobs)")
        }
        self.comparer = comparer
        self.jobs = jobs
        self.rules = rules
    }

    /// Compares every image of both folders.
    ///
    /// - Parameters:
    ///   - images: when given, the images of each failing path are copied there for a report
    ///     (expected, actual and pixelmatch's diff).
    ///   - progress: called with (images done, images in all) as pairs finish, from any thread.
    /// - Throws: `missingInput` (66) when a folder is missing or unreadable, `cannotCreateFile`
    ///   (73) when an image cannot be copied into `images`.
    package func compare(
        expectedFolder: String, actualFolder: String, images: ReportImages? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(ShapeTurnsError) -> FolderComparisonReport {
        let expectedImages = try ImageFolderWalk.images(in: expectedFolder)
        let actualImages = try ImageFolderWalk.images(in: actualFolder)
        let paths = Set(expectedImages.keys).union(actualImages.keys).sorted(by: Self.pathOrder)
        var outcomes = [Result<ImageOutcome, ShapeTurnsError>](
            repeating: .failure(.rendering("not compared")), count: paths.count
        )
        let next = NextIndex()
        let budget = PixelBudget(limit: comparer.pixelBudget)
        outcomes.withUnsafeMutableBufferPointer { slots in
            // Each index is taken by one worker only, which writes only that slot.
            nonisolated(unsafe) let slots = slots
            let workers = min(jobs, max(paths.count, 1))
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                let work = {
                    while let index = next.take(below: paths.count) {
                        let path = paths[index]
                        slots[index] = Result { () throws(ShapeTurnsError) in
                            try compare(
                                path: path,
                                expected: expectedImages[path].map {
                                    PathBytes.join(expectedFolder, $0.relativePath)
                                },
                                actual: actualImages[path].map { PathBytes.join(actualFolder, $0.relativePath) },
                                images: images,
                                budget: budget
                            )
                        }
                        progress?(next.finish(), paths.count)
                    }
                }
                // Each worker's comparisons spread over its share of the processors only.
                ThreadedWork.limitingThreads(to: ThreadedWork.processorCount / workers, work)
            }
        }
        var results: [ImageOutcome] = []
        results.reserveCapacity(outcomes.count)
        for outcome in outcomes {
            results.append(try outcome.get())
        }
        return FolderComparisonReport(images: results)
    }

    /// One path's verdict; throws only when copying into the report fails.
    private func compare(
        path: String, expected: [UInt8]?, actual: [UInt8]?, images: ReportImages?, budget: PixelBudget
    ) throws(ShapeTurnsError) -> ImageOutcome {
        let start = DispatchTime.now().uptimeNanoseconds
        let rule = rules?.rule(for: path)
        let comparer = rule?.comparer ?? self.comparer
        func outcome(
            _ status: ImageStatus, _ different: Int, _ total: Int, _ reason: String, regions: ChangedRegions? = nil
        ) -> ImageOutcome {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            // A rule that decided a verdict is named with it.
            let named = rule.map { reason + "; " + $0.label } ?? reason
            return ImageOutcome(
                path: path, status: status, differentPixels: different, totalPixels: total,
                reason: status == .passed || status == .changed ? named : reason, seconds: seconds, regions: regions)
        }
        guard let expected else {
            if let images, let actual {
                try copyIfUsable(actual, role: .actual, path: path, into: images)
            }
            return outcome(.new, 0, 0, "only in the actual folder" + Self.unreadableNote(actual))
        }
        guard let actual else {
            if let images {
                try copyIfUsable(expected, role: .expected, path: path, into: images)
            }
            return outcome(.missing, 0, 0, "only in the expected folder" + Self.unreadableNote(expected))
        }
        let expectedBytes = Result { () throws(ShapeTurnsError) in
            try comparer.readFile(atPathBytes: expected, display: path)
        }
        let actualBytes = Result { () throws(ShapeTurnsError) in
            try comparer.readFile(atPathBytes: actual, display: path)
        }
        let declared = [expectedBytes, actualBytes].map { bytes in
            (try? bytes.get()).flatMap(ImageDecoder.declaredSize(of:))
        }
        if let shortfall = comparer.budgetShortfall(declared[0], declared[1], drawingDiff: images != nil) {
            // Refused from the headers alone: no copies, since the report could not show them either.
            return outcome(.changed, 0, 0, shortfall.description)
        }
        let pixels = PairPixelBudget.needed(declared[0], declared[1], drawingDiff: images != nil)
        budget.take(pixels)
        defer { budget.give(pixels) }
        let expectedImage = Result { () throws(ShapeTurnsError) in try decode(expectedBytes, role: "expected") }
        let actualImage = Result { () throws(ShapeTurnsError) in try decode(actualBytes, role: "actual") }
        /// Copies the images that decode (a report shows no broken pictures).
        func copyBoth() throws(ShapeTurnsError) {
            guard let images else { return }
            if case .success(let bytes) = expectedBytes, case .success = expectedImage {
                try images.write(bytes, role: .expected, path: path)
            }
            if case .success(let bytes) = actualBytes, case .success = actualImage {
                try images.write(bytes, role: .actual, path: path)
            }
        }
        let decoded: (RGBAImage, RGBAImage)
        do throws(ShapeTurnsError) {
            decoded = (try expectedImage.get(), try actualImage.get())
        } catch {
            try copyBoth()
            return outcome(.changed, 0, 0, error.description)
        }
        if decoded.0.width == decoded.1.width, decoded.0.height == decoded.1.height,
            decoded.0.pixels == decoded.1.pixels
        {
            // Identical pixels need no scan and no copies: most of a suite, most of the time.
            let total = decoded.0.pixelCount
            return outcome(.passed, 0, total, "0 of \(total) pixels differ (0.0%)")
        }
        let result = comparer.comparison.compare(decoded.0, decoded.1, drawingDiff: images != nil)
        let passed = comparer.tolerance.accepts(result)
        var regions: ChangedRegions?
        if !passed, let images {
            try copyBoth()
            if let diff = result.diffImage, let bytes = try? diff.fastPNGBytes() {
                try images.write(bytes, role: .diff, path: path)
            }
            // From the diff just drawn; compared again only when its colours are ambiguous.
            regions =
                result.diffImage.flatMap { ChangedRegions.find(diff: $0, options: comparer.options) }
                ?? ChangedRegions.find(decoded.0, decoded.1, options: comparer.options)
        }
        guard result.sizesMatch else {
            return outcome(
                .changed, result.differentPixels, result.totalPixels,
                "the sizes differ: expected \(result.expectedSize.width)x\(result.expectedSize.height), "
                    + "actual \(result.actualSize.width)x\(result.actualSize.height)"
            )
        }
        var reason =
            "\(result.differentPixels) of \(result.totalPixels) pixels differ (\(Percentage.text(result.differentRatio)))"
        if result.antiAliasedPixels > 0 {
            reason += ", \(result.antiAliasedPixels) anti-aliased pixels not counted"
        }
        return outcome(
            passed ? .passed : .changed, result.differentPixels, result.totalPixels, reason, regions: regions)
    }

    /// "; it cannot be read: ..." for an image on one side only that is a dangling link or not
    /// readable, so the verdict does not hide it; empty otherwise.
    private static func unreadableNote(_ file: [UInt8]?) -> String {
        guard let file, access(PathBytes.cString(file), R_OK) != 0 else { return "" }
        return "; it cannot be read: " + String(cString: strerror(errno))
    }

    /// Copies the image at `file` into the report when it can be read and decoded.
    private func copyIfUsable(_ file: [UInt8], role: ReportImages.Role, path: String, into images: ReportImages)
        throws(ShapeTurnsError)
    {
        guard let bytes = try? comparer.readFile(atPathBytes: file, display: path),
            (try? comparer.decode(bytes, path: path)) != nil
        else {
            return
        }
        try images.write(bytes, role: role, path: path)
    }

    private func decode(_ bytes: Result<[UInt8], ShapeTurnsError>, role: String) throws(ShapeTurnsError)
        -> RGBAImage
    {
        let data: [UInt8]
        switch bytes {
        case .success(let value): data = value
        case .failure(let error):
            if case .missingInput(_, let reason) = error.code {
                throw .missingInput(Wording(role), because: "cannot be read: \(reason)")
            }
            throw error
        }
        do {
            return try ImageDecoder.decode(data, maximumPixels: comparer.pixelBudget)
        } catch {
            throw .badData(location: role, reason: "not a usable image: \(error.description)")
        }
    }

    /// Paths in the order of their Unicode code points (as Python's `sorted` and `sort` in the C locale).
    package static func pathOrder(_ first: String, _ second: String) -> Bool {
        first.unicodeScalars.lexicographicallyPrecedes(second.unicodeScalars)
    }
}

/// The index of the next pair to compare and the count of finished ones, shared by the workers.
private final class NextIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var taken = 0
    private var finished = 0

    package func take(below count: Int) -> Int? {
        lock.withLock {
            guard taken < count else { return nil }
            defer { taken += 1 }
            return taken
        }
    }

    package func finish() -> Int {
        lock.withLock {
            finished += 1
            return finished
        }
    }
}
