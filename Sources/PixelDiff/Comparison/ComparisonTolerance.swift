/// How many differing pixels still pass a comparison.
///
/// With neither bound set, any differing pixel fails. With one set, that bound decides; with
/// both set, both must hold (the stricter wins). Images of different sizes never pass.
public struct ComparisonTolerance: Sendable, Equatable {
    /// At most this many differing pixels.
    public var maxDifferentPixels: Int?
    /// At most this fraction of all pixels differs, from 0 to 1.
    public var maxDifferentRatio: Double?

    /// A tolerance; `nil` leaves that limit out. With both, both must hold.
    public init(maxDifferentPixels: Int? = nil, maxDifferentRatio: Double? = nil) {
        self.maxDifferentPixels = maxDifferentPixels
        self.maxDifferentRatio = maxDifferentRatio
    }

    /// Zero differing pixels.
    public static let exact = ComparisonTolerance()

    /// Throws when a bound is negative, or the ratio is above 1 (or not a number).
    package func validate() throws(ComparisonError) {
        if let maxDifferentPixels, maxDifferentPixels < 0 {
            throw .maxDifferentPixels(maxDifferentPixels)
        }
        if let maxDifferentRatio, !(0...1).contains(maxDifferentRatio) {
            throw .maxDifferentRatio(maxDifferentRatio)
        }
    }

    /// Whether `result` passes: same sizes, and its differing pixels within every bound set.
    public func accepts(_ result: ComparisonResult) -> Bool {
        guard result.sizesMatch else { return false }
        guard maxDifferentPixels != nil || maxDifferentRatio != nil else {
            return result.differentPixels == 0
        }
        if let maxDifferentPixels, result.differentPixels > maxDifferentPixels {
            return false
        }
        if let maxDifferentRatio, result.differentRatio > maxDifferentRatio {
            return false
        }
        return true
    }
}
