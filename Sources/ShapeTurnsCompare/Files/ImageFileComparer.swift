import Foundation
import PixelDiff
import ShapeTurnsCore

/// The facade for comparing two image files (PNG, JPEG or WebP) with pixelmatch's semantics:
/// reads and decodes both, compares them, writes the diff image atomically when asked, and
/// reports against a tolerance.
public struct ImageFileComparer: Sendable {
    /// pixelmatch's options.
    package let options: PixelmatchOptions
    /// How many pixels may differ for the images to match.
    package let tolerance: ComparisonTolerance
    package let comparison: ImageComparison
    /// The most pixels a comparison may hold decoded at once: both images and, when one is
    /// drawn, the diff (folder mode: all its jobs together).
    package let pixelBudget: Int

    /// The default `pixelBudget`: 201,326,592 pixels (768 MiB at 4 bytes a pixel), two images of
    /// 8192 x 8192 (or 1280 x 52428) and their diff.
    public static let defaultPixelBudget = PairPixelBudget.standard

    /// The accepted `pixelBudget`s: up to a pair of the largest images ShapeTurns decodes
    /// (`RGBAImage.maximumSide` square) and their diff.
    package static let pixelBudgetRange = 1...(3 * RGBAImage.maximumSide * RGBAImage.maximumSide)

    /// Fails with the parameter at fault (`threshold`, `diffAlpha`, `maxDifferentPixels`,
    /// `maxDifferentRatio`, `masks`, `pixelBudget`) when a value is out of range.
    ///
    /// `pixelBudget` bounds the memory of a comparison: the pixels of both images and, when a
    /// diff image is drawn, of the diff, read from the images' headers before anything is decoded
    /// (4 bytes a pixel). A pair that needs more is refused with `badData` (65).
    public init(
        options: PixelmatchOptions = PixelmatchOptions(), tolerance: ComparisonTolerance = .exact,
        pixelBudget: Int = ImageFileComparer.defaultPixelBudget
    ) throws(ShapeTurnsError) {
        do {
            comparison = try ImageComparison(options: options)
            try tolerance.validate()
        } catch {
            throw .invalidOption(Self.parameter(for: error), reason: Wording(error.description))
        }
        guard Self.pixelBudgetRange.contains(pixelBudget) else {
            throw .invalidOption(
                .pixelBudget,
                reason:
                    "must be from \(Self.pixelBudgetRange.lowerBound) to \(Self.pixelBudgetRange.upperBound) pixels, not \(pixelBudget)"
            )
        }
        self.options = options
        self.tolerance = tolerance
        self.pixelBudget = pixelBudget
    }

    /// Compares the image at `actualPath` with the one at `expectedPath`; with `diffPath`, writes
    /// pixelmatch's diff image there (not when the sizes differ).
    ///
    /// The diff path is checked with the output policy before anything is read: it may not be
    /// one of the two images, a device or other non-regular file, or a file ShapeTurns did not
    /// write (`cannotCreateFile`, 73). A missing or unreadable file, or one that is not a regular
    /// file, fails with `missingInput` (66); a file that is not a usable PNG, JPEG or WebP, is
    /// larger than an image of its declared size can be, or a pair whose pixels (and diff's) are above
    /// `pixelBudget`, with `badData` (65).
    /// Differing images are not an error: the report says `match: false`.
    public func compare(expectedPath: String, actualPath: String, diffPath: String? = nil) throws(ShapeTurnsError)
        -> ComparisonReport
    {
        var output: StagedOutputFiles?
        if let diffPath {
            let policy = OutputPolicy(.diffPath, inputs: [expectedPath, actualPath])
            let target = try policy.destination(diffPath).standardizedFileURL
            output = try StagedOutputFiles(
                folder: target.deletingLastPathComponent(),
                names: [target.lastPathComponent],
                policy: policy,
                createsFolders: false
            )
        }
        do throws(ShapeTurnsError) {
            let result = try compareFiles(expectedPath, actualPath, drawingDiff: diffPath != nil)
            var written: String?
            if let output, let diffPath, let diffImage = result.diffImage {
                // The fast encoding, as folder mode's report writes its diffs: at level 6 the diff
                // of two 1920x1080 screenshots took longer to encode than to compare.
                let bytes: [UInt8]
                do {
                    bytes = try diffImage.fastPNGBytes()
                } catch {
                    throw ShapeTurnsError.rendering(error.description)
                }
                let name = URL(fileURLWithPath: diffPath).lastPathComponent
                try output.stage(bytes, as: name)
                try output.commit()
                written = diffPath
            } else {
                output?.discard()
            }
            return ComparisonReport(
                result: result, expectedPath: expectedPath, actualPath: actualPath,
                options: options, tolerance: tolerance, diffPath: written
            )
        } catch {
            output?.discard()
            throw error
        }
    }

    /// Reads, decodes and compares the two images. The decoded images live only in this call, so
    /// they are freed before the diff image is encoded: pair mode holds at most the two images
    /// and the diff, within `pixelBudget`.
    private func compareFiles(_ expectedPath: String, _ actualPath: String, drawingDiff: Bool)
        throws(ShapeTurnsError) -> PixelDiff.ComparisonResult
    {
        let (expected, actual) = try readImages(at: expectedPath, actualPath, drawingDiff: drawingDiff)
        return comparison.compare(expected, actual, drawingDiff: drawingDiff)
    }

    /// The largest PNG file accepted: an image of `pixelBudget` pixels, one row of each of
    /// `RGBAImage.maximumSide`, stored uncompressed at 16 bits per RGBA sample (the largest
    /// encoding of the largest image), with room for the deflate and chunk framing and other chunks.
    /// Each file is further held to what its own header declares (`fileLimit(forHeader:)`).
    package var pngSizeLimit: Int {
        PNGFileBounds.largestFile(pixels: pixelBudget, rows: RGBAImage.maximumSide)
    }

    /// How long a file starting with `header` may be: a PNG no longer than the largest encoding
    /// of the size its IHDR declares, a WebP than its RIFF header says, a JPEG than the budget's
    /// bound; nil for bytes of no known format (the header is all the decoder needs to say so,
    /// so the rest is never read).
    package static func fileLimit(forHeader header: [UInt8]) -> Int? {
        switch ImageDecoder.format(of: header) {
        case .png:
            guard let size = PNGFileBounds.declaredSize(header) else { return Int.max }
            return PNGFileBounds.largestFile(pixels: size.pixelCount, rows: size.height)
        case .webp:
            // The RIFF chunk's size (little-endian, after "RIFF") and its 8-byte header.
            return header[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) } + 8
        case .jpeg:
            return Int.max
        case nil:
            return nil
        }
    }

    /// Why a pair that needs `needed` pixels decoded is refused, or nil when it fits the budget.
    package func budgetShortfall(_ expected: ImageSize?, _ actual: ImageSize?, drawingDiff: Bool) -> Wording? {
        let needed = PairPixelBudget.needed(expected, actual, drawingDiff: drawingDiff)
        guard needed > pixelBudget else { return nil }
        let sizes = [expected, actual].compactMap { $0?.description }
        let diff = drawingDiff && expected == actual ? " and a diff" : ""
        return
            "comparing them needs \(needed) pixels decoded (\(sizes.joined(separator: " and "))\(diff)), above the pixel budget of \(pixelBudget); raise \(.pixelBudget)"
    }

    /// Reads both PNGs, checks from their headers that the pair fits `pixelBudget`, then decodes
    /// both at once, one per core (decoding is most of a comparison's time); when both fail, the
    /// expected image's error is the one reported.
    package func readImages(at first: String, _ second: String, drawingDiff: Bool) throws(ShapeTurnsError) -> (
        RGBAImage, RGBAImage
    ) {
        let paths = [first, second]
        let files = [
            Result { () throws(ShapeTurnsError) in try readFile(at: first) },
            Result { () throws(ShapeTurnsError) in try readFile(at: second) },
        ]
        let sizes = files.map { (try? $0.get()).flatMap(ImageDecoder.declaredSize(of:)) }
        if sizes[0] != nil, sizes[1] != nil,
            let shortfall = budgetShortfall(sizes[0], sizes[1], drawingDiff: drawingDiff)
        {
            throw .badData(location: "\(first) and \(second)", because: shortfall)
        }
        var results = [Result<RGBAImage, ShapeTurnsError>](
            repeating: .failure(.missingInput(first, reason: "not read")), count: 2)
        results.withUnsafeMutableBufferPointer { results in
            // Each iteration writes only its own slot.
            nonisolated(unsafe) let results = results
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                results[index] = Result { () throws(ShapeTurnsError) in
                    try decode(files[index].get(), path: paths[index])
                }
            }
        }
        return (try results[0].get(), try results[1].get())
    }

    /// Decodes one image's bytes (PNG, JPEG or WebP) within `pixelBudget`; `badData` (65) names
    /// `path` when it is not a usable image.
    package func decode(_ bytes: [UInt8], path: String) throws(ShapeTurnsError) -> RGBAImage {
        do {
            return try ImageDecoder.decode(bytes, maximumPixels: pixelBudget)
        } catch {
            throw .badData(location: path, reason: error.description)
        }
    }

    /// The whole file, read within `pngSizeLimit` and the limit its own header sets
    /// (`fileLimit(forHeader:)`): `missingInput` for a missing, unreadable or non-regular file (a
    /// folder, a device), `badData` for one larger than any PNG of its declared size can be. For
    /// bytes that are not a PNG only the first 24 are read and returned, all a decoder needs to
    /// refuse them.
    package func readFile(at path: String) throws(ShapeTurnsError) -> [UInt8] {
        try readFile(atPathBytes: Array(path.utf8), display: path)
    }

    /// `readFile(at:)` for a path given as bytes (a walked name need not be UTF-8); `display`
    /// names it in messages.
    package func readFile(atPathBytes path: [UInt8], display: String) throws(ShapeTurnsError) -> [UInt8] {
        try BoundedFileReader.read(
            pathBytes: path, limit: pngSizeLimit, describedAs: Wording(display), prefixCount: PNGFileBounds.headerCount,
            narrowing: Self.fileLimit(forHeader:))
    }
    private static func parameter(for error: ComparisonError) -> Parameter {
        switch error.code {
        case .threshold: .threshold
        case .diffAlpha: .diffAlpha
        case .maxDifferentPixels: .maxDifferentPixels
        case .maxDifferentRatio: .maxDifferentRatio
        case .mask: .masks
        }
    }
}
