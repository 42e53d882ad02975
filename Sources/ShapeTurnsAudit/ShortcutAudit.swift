import ShapeGame
import ShapeRendering
import ShapeTurnsCore

/// How well each cue but area predicts a set's label, per split: rules fitted on two thirds of
/// the first split's turns and scored on the other third and on every other split
/// (`ShortcutAuditor`, `HeldOutRules`), each with its accuracy, a 95% interval and the number of
/// turns that scored it. Written into `manifest.json` and the
/// dataset card, and printed by `shapeturns audit`.
///
/// The rules range from one cue's sign ("the shape with the larger extent is larger") through the
/// best threshold on it and a depth-2 tree on it and the kind pair to a depth-4 tree on every
/// non-area field. The trees and the regression stay high by nature: kinds and extents together
/// give the areas, which is the task itself.
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
        /// Each cue's simplest rule (its sign, or its table), fitted as `ShortcutAuditor` says: the
        /// share of the turns it is scored on here that it labels right.
        public var rules: [Cue: Double]
        /// The share of the turns scored here that a logistic regression on all cues labels right.
        public var regression: Double
        /// How many turns the audit read (the split's first `ShortcutAuditor.regressionLimit`).
        public var regressionTurns: Int
        /// Every rule with its interval, in the order tables list them (`nil` in manifests of
        /// sets made before held-out scoring).
        public var findings: [Finding]?
        /// How many turns the rules were fitted on.
        public var fittedTurns: Int?
        /// How many of this split's turns scored them.
        public var heldOutTurns: Int?
    }

    /// Every split, in the order the set names them.
    public var splits: [Split]

    package init(splits: [Split]) {
        self.splits = splits
    }

    /// The audit as Markdown: per split, a table of every rule (held-out accuracy, 95% interval,
    /// turns, whether it beats chance), then the rules that beat chance named plainly.
    public var markdownTable: String {
        var lines: [String] = []
        for split in splits {
            let fitted =
                split.fittedTurns.map {
                    "rules fitted on \($0) turns of \(splits[0].name), scored on \(split.heldOutTurns ?? 0) others"
                } ?? ""
            lines.append("**\(split.name)** (\(split.turns) turns; \(fitted))")
            lines.append("")
            lines.append("| rule | held-out accuracy | 95% interval | turns | beats chance |")
            lines.append("|---|---|---|---|---|")
            for finding in split.findings ?? [] {
                lines.append(
                    "| \(finding.title) | \(Self.percent(finding.accuracy)) | \(Self.percent(finding.lower))–\(Self.percent(finding.upper)) | \(finding.turns) | \(finding.beatsChance ? "**yes**" : "no") |"
                )
            }
            let beating = (split.findings ?? []).filter(\.beatsChance).map(\.title)
            lines.append("")
            lines.append(
                beating.isEmpty
                    ? "No rule beats chance on \(split.name)."
                    : "Beat chance on \(split.name) (a model can learn them instead of area): \(beating.joined(separator: "; "))."
            )
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// `61.2%`, or `-` when the cue was not measured.
    package static func percent(_ share: Double?) -> String {
        guard let share else { return "-" }
        return "\((share * 1000).rounded() / 10)%"
    }
}
