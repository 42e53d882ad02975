import Foundation
import ShapeRendering

/// The facade for comparing two PNG files with pixelmatch's semantics: reads and decodes both,
/// compares them, writes the diff image atomically when asked, and reports against a tolerance.
public struct ImageFileComparer: Sendable {
    /// pixelmatch's options.
    public let options: PixelmatchOptions
    /// How many pixels may differ for the images to match.
    public let tolerance: ComparisonTolerance
    private let comparison: ImageComparison

    /// Fails with the option at fault (`--threshold`, `--alpha`, `--max-diff-pixels`,
    /// `--max-diff-ratio`) when a value is out of range.
    public init(options: PixelmatchOptions = PixelmatchOptions(), tolerance: ComparisonTolerance = .exact) throws(ShapeTurnsError) {
        do {
            comparison = try ImageComparison(options: options)
            try tolerance.validate()
        } catch {
            throw .invalidOption(Self.option(for: error), reason: error.description)
        }
        self.options = options
        self.tolerance = tolerance
    }

    /// Compares the PNG at `actualPath` with the one at `expectedPath`; with `diffPath`, writes
    /// pixelmatch's diff image there (not when the sizes differ).
    ///
    /// A missing or unreadable file fails with `missingInput` (66), a file that is not a usable
    /// PNG with `badData` (65), an unwritable diff with `cannotCreateFile` (73).
    /// Differing images are not an error: the report says `match: false`.
    public func compare(expectedPath: String, actualPath: String, diffPath: String? = nil) throws(ShapeTurnsError) -> ComparisonReport {
        let (expected, actual) = try Self.readImages(at: expectedPath, actualPath)
        let result = comparison.compare(expected, actual, drawingDiff: diffPath != nil)
        var written: String?
        if let diffPath, let diffImage = result.diffImage {
            let bytes: [UInt8]
            do {
                bytes = try diffImage.pngBytes()
            } catch {
                throw .rendering(error.description)
            }
            try AtomicFileWriter.write(bytes, to: diffPath)
            written = diffPath
        }
        return ComparisonReport(
            result: result, expectedPath: expectedPath, actualPath: actualPath,
            options: options, tolerance: tolerance, diffPath: written
        )
    }

    /// Reads and decodes both PNGs at once, one per core (decoding is most of a comparison's
    /// time); when both fail, the expected image's error is the one reported.
    static func readImages(at first: String, _ second: String) throws(ShapeTurnsError) -> (RGBAImage, RGBAImage) {
        let paths = [first, second]
        var results = [Result<RGBAImage, ShapeTurnsError>](repeating: .failure(.missingInput(first, reason: "not read")), count: 2)
        results.withUnsafeMutableBufferPointer { results in
            // Each iteration writes only its own slot.
            nonisolated(unsafe) let results = results
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                results[index] = Result { () throws(ShapeTurnsError) in try readImage(at: paths[index]) }
            }
        }
        return (try results[0].get(), try results[1].get())
    }

    /// Reads and decodes one PNG, telling a missing or unreadable file (66) from a bad one (65).
    public static func readImage(at path: String) throws(ShapeTurnsError) -> RGBAImage {
        let bytes = try readFile(at: path)
        do {
            return try RGBAImage(pngBytes: bytes)
        } catch {
            throw .badData(location: path, reason: error.description)
        }
    }

    /// The whole file, or `missingInput` with the system's reason (a folder gives "Is a directory").
    private static func readFile(at path: String) throws(ShapeTurnsError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .missingInput(path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 {
            bytes.reserveCapacity(Int(status.st_size))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .missingInput(path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func option(for error: ComparisonError) -> String {
        switch error.code {
        case .threshold: "--threshold"
        case .diffAlpha: "--alpha"
        case .maxDifferentPixels: "--max-diff-pixels"
        case .maxDifferentRatio: "--max-diff-ratio"
        }
    }
}
