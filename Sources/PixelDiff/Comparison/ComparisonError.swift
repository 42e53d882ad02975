/// A comparison option out of its range; the description says which and what is accepted.
public enum ComparisonError: Error, Equatable, CustomStringConvertible {
    /// The matching threshold is not within 0...1.
    case threshold(Double)
    /// The opacity of the expected image in the diff is not within 0...1.
    case diffAlpha(Double)
    /// The tolerated number of differing pixels is negative.
    case maxDifferentPixels(Int)
    /// The tolerated fraction of differing pixels is not within 0...1.
    case maxDifferentRatio(Double)

    public var description: String {
        switch self {
        case .threshold(let value):
            "the threshold must be from 0 to 1 (0 is strictest), not \(value)"
        case .diffAlpha(let value):
            "the diff image's alpha must be from 0 to 1, not \(value)"
        case .maxDifferentPixels(let value):
            "the number of differing pixels allowed must be 0 or more, not \(value)"
        case .maxDifferentRatio(let value):
            "the fraction of differing pixels allowed must be from 0 to 1, not \(value)"
        }
    }
}
