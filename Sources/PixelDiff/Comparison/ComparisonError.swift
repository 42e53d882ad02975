/// A comparison option out of its range; the description says which and what is accepted.
public struct ComparisonError: Error, Equatable, CustomStringConvertible {
    /// What went wrong. Internal, so that new reasons can be added without breaking a client's
    /// `switch`: clients compare with the static values below or read `description`.
    package enum Code: Equatable, Sendable {
        case threshold(Double)
        case diffAlpha(Double)
        case maxDifferentPixels(Int)
        case maxDifferentRatio(Double)
    }

    /// What went wrong.
    package let code: Code

    package init(_ code: Code) {
        self.code = code
    }

    /// The matching threshold is not within 0...1.
    public static func threshold(_ value: Double) -> ComparisonError {
        ComparisonError(.threshold(value))
    }

    /// The opacity of the expected image in the diff is not within 0...1.
    public static func diffAlpha(_ value: Double) -> ComparisonError {
        ComparisonError(.diffAlpha(value))
    }

    /// The tolerated number of differing pixels is negative.
    public static func maxDifferentPixels(_ value: Int) -> ComparisonError {
        ComparisonError(.maxDifferentPixels(value))
    }

    /// The tolerated fraction of differing pixels is not within 0...1.
    public static func maxDifferentRatio(_ value: Double) -> ComparisonError {
        ComparisonError(.maxDifferentRatio(value))
    }

    public var description: String {
        switch code {
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
