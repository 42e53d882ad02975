import PixelDiff

/// A command line the front answers itself: `compare EXPECTED ACTUAL` with, at most once each,
/// `--threshold`, `--metric`, `--checkerboard` or `--no-checkerboard`, `--include-aa`,
/// `--max-diff-pixels` and `--max-diff-ratio` (values after a space or `=`). Anything else (a
/// short option, `--`, a value that starts with `-`, any other option, not two paths) is not
/// one, and the full command parses it.
///
/// Values are read with the initialisers swift-argument-parser uses (`Double(_:)`, `Int(_:)`,
/// `ColorMetric(rawValue:)`), so a value the front takes means what it means to the full command.
struct PairRequest {
    var expected = ""
    var actual = ""
    var options = PixelmatchOptions()
    var tolerance = ComparisonTolerance.exact

    init?(arguments: [String]) {
        guard arguments.first == "compare" else { return nil }
        var paths: [String] = []
        var given: [String] = []
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                paths.append(argument)
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let attached = parts.count == 2 ? String(parts[1]) : nil
            let key = name == "--no-checkerboard" ? "--checkerboard" : name
            guard !given.contains(key) else { return nil }
            given.append(key)
            switch name {
            case "--include-aa", "--checkerboard", "--no-checkerboard":
                guard attached == nil else { return nil }
                if name == "--include-aa" {
                    options.includeAntiAliased = true
                } else {
                    options.checkerboard = name == "--checkerboard"
                }
            case "--threshold", "--metric", "--max-diff-pixels", "--max-diff-ratio":
                guard let value = attached ?? rest.popFirst(), !value.isEmpty, !value.hasPrefix("-"),
                    set(name, to: value)
                else { return nil }
            default:
                return nil
            }
        }
        guard paths.count == 2 else { return nil }
        (expected, actual) = (paths[0], paths[1])
    }

    /// Sets the option `name` from `value`; false when the value is not one.
    private mutating func set(_ name: String, to value: String) -> Bool {
        switch name {
        case "--threshold":
            guard let threshold = Double(value) else { return false }
            options.threshold = threshold
        case "--metric":
            guard let metric = ColorMetric(rawValue: value) else { return false }
            options.metric = metric
        case "--max-diff-pixels":
            guard let pixels = Int(value) else { return false }
            tolerance.maxDifferentPixels = pixels
        default:
            guard let ratio = Double(value) else { return false }
            tolerance.maxDifferentRatio = ratio
        }
        return true
    }
}
