import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// How well each cue but area predicts a set's label, per split: the accuracy of the best rule
/// that looks at one cue alone, and of a logistic regression on all of them together. Written
/// into `manifest.json` and the dataset card, and printed by `shapeturns audit`.
///
/// A set made with `--balance` shows every balanced cue at 50%. The regression stays high by
/// nature: kinds and extents together give the areas, which is the task itself.
public struct ShortcutAudit: Sendable, Equatable, Codable {
    /// The cues, in the order tables list them.
    public enum Cue: String, Sendable, Codable, CaseIterable, CodingKeyRepresentable {
        /// The two kinds, A's and B's: a table from each ordered pair of kinds to its usual answer.
        case kindPair
        /// "The shape with the larger extent (side, diameter) is larger", or its opposite.
        case extent
        /// "The shape with the longer outline is larger", or its opposite.
        case perimeter
        /// "The shape with the larger box (`box` in the key, in pixels) is larger", or its opposite.
        case box
        /// The two shapes' fill and outline colours: a table from each pair of styles to its usual answer.
        case colour
        /// Position in the pair: "always a" or "always b".
        case position
        /// "The shape whose box is nearer the middle of its square is larger", or its opposite.
        case placement

        /// The cue as tables name it.
        public var title: String {
            switch self {
            case .kindPair: "kind pair"
            case .extent: "extent"
            case .perimeter: "perimeter"
            case .box: "box size"
            case .colour: "colour"
            case .position: "position in the pair"
            case .placement: "placement"
            }
        }
    }

    /// One split's figures (or the whole set's, named `all`, when it has no splits).
    public struct Split: Sendable, Equatable, Codable {
        /// The split's name, or `all`.
        public var name: String
        /// Its turns.
        public var turns: Int
        /// Each cue's best single-cue rule: the share of the split's turns it labels right.
        public var rules: [Cue: Double]
        /// The share a logistic regression on all cues labels right, fitted and scored on the
        /// split's first `regressionTurns` turns.
        public var regression: Double
        /// How many turns the regression saw.
        public var regressionTurns: Int
    }

    /// Every split, in the order the set names them.
    public var splits: [Split]

    package init(splits: [Split]) {
        self.splits = splits
    }

    /// The audit as a Markdown table, a row per cue and a column per split.
    public var markdownTable: String {
        var lines = [
            "| cue | " + splits.map { "\($0.name) (\($0.turns) turns)" }.joined(separator: " | ") + " |",
            "|---|" + String(repeating: "---|", count: splits.count),
        ]
        for cue in Cue.allCases {
            lines.append(
                "| \(cue.title) | "
                    + splits.map { Self.percent($0.rules[cue]) }.joined(separator: " | ") + " |")
        }
        lines.append(
            "| all cues, logistic regression | " + splits.map { Self.percent($0.regression) }.joined(separator: " | ")
                + " |")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `61.2%`, or `-` when the cue was not measured.
    package static func percent(_ share: Double?) -> String {
        guard let share else { return "-" }
        return "\((share * 1000).rounded() / 10)%"
    }
}
