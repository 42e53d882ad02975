import Foundation
import PixelDiff
import ShapeTurnsCore

/// The facade for comparing two PNG files with pixelmatch's semantics: reads and decodes both,
/// compares them, writes the diff image atomically when asked, and reports against a tolerance.
public struct ImageFileComparer: Sendable {
    /// pixelmatch's options.
    package let options: PixelmatchOptions
    /// How many pixels may differ for the images to match.
    package let tolerance: ComparisonTolerance
    package let comparison: ImageComparison

    /// Fails with the parameter at fault (`threshold`, `diffAlpha`, `maxDifferentPixels`,
    /// `maxDifferentRatio`, `masks`) when a value is out of range.
    public init(options: PixelmatchOptions = PixelmatchOptions(), tolerance: ComparisonTolerance = .exact)
        throws(ShapeTurnsError)
    {
        do {
            comparison = try ImageComparison(options: options)
            try tolerance.validate()
        } catch {
            throw .invalidOption(Self.parameter(for: error), reason: Wording(error.description))
        }
        self.options = options
        self.tolerance = tolerance
    }

    /// Compares the PNG at `actualPath` with the one at `expectedPath`; with `diffPath`, writes
    /// pixelmatch's diff image there (not when the sizes differ).
    ///
    /// The diff path is checked with the output policy before anything is read: it may not be
    /// one of the two images, a device or other non-regular file, or a file ShapeTurns did not
    /// write (`cannotCreateFile`, 73). A missing or unreadable file, or one that is not a regular
    /// file, fails with `missingInput` (66); a file that is not a usable PNG, or is larger than a
    /// PNG of `RGBAImage.maximumSide` pixels square can be, with `badData` (65).
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
                let bytes: [UInt8]
                do {
                    bytes = try diffImage.pngBytes()
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

    /// Reads, decodes and compares the two PNGs. The decoded images live only in this call, so
    /// they are freed before the diff image is encoded: pair mode holds at most the two images
    /// and the diff, 3 x 8192 x 8192 pixels at worst, the folder compare's `PixelBudget`.
    private func compareFiles(_ expectedPath: String, _ actualPath: String, drawingDiff: Bool)
        throws(ShapeTurnsError) -> PixelDiff.ComparisonResult
    {
        let (expected, actual) = try Self.readImages(at: expectedPath, actualPath)
        return comparison.compare(expected, actual, drawingDiff: drawingDiff)
    }

    /// The largest PNG file accepted: an image of `RGBAImage.maximumSide` pixels square stored
    /// uncompressed at 16 bits per RGBA sample (the largest encoding of the largest image),
    /// with room for the deflate and chunk framing and other chunks.
    package static var pngSizeLimit: Int {
        let side = RGBAImage.maximumSide
        let raw = side * (side * 8 + 1)
        return raw + raw / 100 + (16 << 20)
    }

    /// Reads and decodes both PNGs at once, one per core (decoding is most of a comparison's
    /// time); when both fail, the expected image's error is the one reported.
    package static func readImages(at first: String, _ second: String) throws(ShapeTurnsError) -> (RGBAImage, RGBAImage)
    {
        let paths = [first, second]
        var results = [Result<RGBAImage, ShapeTurnsError>](
            repeating: .failure(.missingInput(first, reason: "not read")), count: 2)
        results.withUnsafeMutableBufferPointer { results in
            // Each iteration writes only its own slot.
            nonisolated(unsafe) let results = results
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                results[index] = Result { () throws(ShapeTurnsError) in try readImage(at: paths[index]) }
            }
        }
        return (try results[0].get(), try results[1].get())
    }

    /// Reads and decodes one PNG, telling a missing, unreadable or non-regular file (66) from a
    /// bad or oversized one (65). Memory stays bounded whatever the file.
    package static func readImage(at path: String) throws(ShapeTurnsError) -> RGBAImage {
        let bytes = try BoundedFileReader.read(path, limit: pngSizeLimit)
        do {
            return try RGBAImage(pngBytes: bytes)
        } catch {
            throw .badData(location: path, reason: error.description)
        }
    }

    /// The whole file, read within `pngSizeLimit`: `missingInput` for a missing, unreadable or
    /// non-regular file (a folder, a device), `badData` for one larger than any PNG can be.
    package static func readFile(at path: String) throws(ShapeTurnsError) -> [UInt8] {
        try BoundedFileReader.read(path, limit: pngSizeLimit)
    }

    /// `readFile(at:)` for a path given as bytes (a walked name need not be UTF-8); `display`
    /// names it in messages.
    package static func readFile(atPathBytes path: [UInt8], display: String) throws(ShapeTurnsError) -> [UInt8] {
        try BoundedFileReader.read(pathBytes: path, limit: pngSizeLimit, describedAs: Wording(display))
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
