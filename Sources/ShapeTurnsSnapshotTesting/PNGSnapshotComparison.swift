import Foundation
import PixelDiff
import SnapshotTesting

#if canImport(Testing)
    import Testing
#endif

/// One snapshot comparison of PNG data: decode, compare, and on failure describe it and write
/// the diff image where a person can open it.
struct PNGSnapshotComparison {
    let comparison: ImageComparison
    let tolerance: ComparisonTolerance

    /// Fails with the parameter at fault, which then becomes the test's failure message.
    init(options: PixelmatchOptions, tolerance: ComparisonTolerance) throws(SnapshotComparisonError) {
        do {
            comparison = try ImageComparison(options: options)
            try tolerance.validate()
        } catch {
            throw .invalidParameter(error)
        }
        self.tolerance = tolerance
    }

    /// `nil` when `actual` matches `reference` within the tolerance, otherwise the failure
    /// message and the diff image as an attachment.
    func failure(reference: Data, actual: Data) throws(SnapshotComparisonError) -> (String, [DiffAttachment])? {
        let expected = try Self.decode(reference, role: "reference")
        let image = try Self.decode(actual, role: "snapshot")
        let result = comparison.compare(expected, image, drawingDiff: true)
        if tolerance.accepts(result) {
            DiffArtifact.clearStale(reference: reference)
            return nil
        }
        guard result.sizesMatch else {
            return ("The sizes differ: reference \(result.expectedSize), snapshot \(result.actualSize).", [])
        }
        var message = "\(result.differentPixels) of \(result.totalPixels) pixels differ"
        let first = result.firstDifferenceCoordinates
        if !first.isEmpty {
            message += ", first at " + first.joined(separator: ", ")
        }
        if result.antiAliasedPixels > 0 {
            message += " (and \(result.antiAliasedPixels) anti-aliased pixels not counted)"
        }
        message += "; threshold \(comparison.options.threshold), \(allowance(total: result.totalPixels))."
        guard let diffImage = result.diffImage, let diffBytes = try? diffImage.pngBytes() else {
            return (message, [])
        }
        let diff = Data(diffBytes)
        let artifact = DiffArtifact.locate(reference: reference, actual: actual)
        do {
            try artifact.write(diff: diff, reference: reference, actual: actual)
            message += "\nDiff image (differences red, anti-aliasing yellow): \(artifact.url.path)"
        } catch {
            message += "\nThe diff image could not be written to \(artifact.url.path): \(error.localizedDescription)"
        }
        return (message, [.data(diff, name: "difference.png")])
    }

    private func allowance(total: Int) -> String {
        var bounds: [String] = []
        if let pixels = tolerance.maxDifferentPixels {
            bounds.append("at most \(pixels) pixels")
        }
        if let ratio = tolerance.maxDifferentRatio {
            bounds.append("at most \(Int((ratio * Double(total)).rounded(.down))) pixels (\(ratio * 100)%)")
        }
        return bounds.isEmpty ? "none allowed" : "allowed " + bounds.joined(separator: " and ")
    }

    private static func decode(_ data: Data, role: String) throws(SnapshotComparisonError) -> RGBAImage {
        do {
            return try RGBAImage(pngBytes: [UInt8](data))
        } catch {
            throw .undecodable(role: role, error)
        }
    }
}
