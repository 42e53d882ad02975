import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// Measures a `ShortcutAudit` as a set's answer keys go by, in one pass and bounded memory:
/// counts for the single-cue rules, and the cues of each split's first `regressionLimit` turns
/// for the regression.
///
/// Single-cue rules are scored on the turns they were read from (the most a rule could get):
/// a comparison cue ("the shape with the larger extent is larger") scores its better direction,
/// a turn where the cue ties counting as a coin toss (half right); a category cue (kind pair,
/// colours) answers each category with its commoner label; position answers always `a` or
/// always `b`. Extent is the key's `proportion`, perimeter is computed from kind and proportion
/// (turns of a kind it cannot measure leave the cue out), box is the key's `box` in pixels, and
/// placement the distance from the box's centre to the centre of the shape's square.
package struct ShortcutAuditor {
    package static let regressionLimit = 20_000

    /// One turn's cues, A's against B's.
    package struct Cues {
        var kindPair: String
        var colour: String
        /// log(A / B) of each measure; `nil` where it cannot be measured.
        var extent: Double
        var perimeter: Double?
        var box: Double
        /// B's distance from the middle minus A's, over the square's side: above 0 when A is nearer.
        var placement: Double
        var kindA: String
        var kindB: String
        var colourA: String
        var colourB: String
        var largerIsA: Bool
    }

    /// Right and wrong counts of one split.
    package struct Tally {
        var turns = 0
        var largerA = 0
        /// For each comparison cue: turns where the shape with more of it is the larger, and ties.
        var agree: [ShortcutAudit.Cue: Int] = [:]
        var ties: [ShortcutAudit.Cue: Int] = [:]
        var measured: [ShortcutAudit.Cue: Int] = [:]
        /// For each category cue: per category, turns with `a` larger and with `b` larger.
        var categories: [ShortcutAudit.Cue: [String: (a: Int, b: Int)]] = [:]
        var sample: [Cues] = []
    }

    private let catalog: ShapeCatalog
    private(set) var order: [String] = []
    private var tallies: [String: Tally] = [:]

    package init(catalog: ShapeCatalog = .standard) {
        self.catalog = catalog
    }

    /// Adds the next turn.
    package mutating func add(_ answer: TurnAnswer) {
        guard answer.shapes.count == 2, let cues = cues(of: answer) else { return }
        let name = answer.split ?? "all"
        if tallies[name] == nil {
            order.append(name)
            tallies[name] = Tally()
        }
        tallies[name]?.add(cues)
    }

    /// The audit of every turn added, splits in the order they first appeared.
    package func audit(splitOrder: [String]? = nil) -> ShortcutAudit {
        let names =
            (splitOrder ?? order).filter { tallies[$0] != nil } + order.filter { !(splitOrder ?? order).contains($0) }
        return ShortcutAudit(
            splits: names.compactMap { name in
                tallies[name].map { $0.split(named: name) }
            })
    }

    private func cues(of answer: TurnAnswer) -> Cues? {
        let (a, b) = (answer.shapes[0], answer.shapes[1])
        guard a.proportion > 0, b.proportion > 0 else { return nil }
        let perimeters = [a, b].map { shape -> Double? in
            guard let registration = catalog.registration(for: shape.kind) else { return nil }
            let made = registration.makeFactory(.standard).makeShape(proportion: shape.proportion)
            return (made as? any OutlinedShape)?.perimeter
        }
        let side = Double(answer.canvas.shapeSquare ?? answer.canvas.width)
        let pair = answer.canvas.shapeSquare.map { PairCanvas(side: $0, labels: false) }
        let distances = [a, b].enumerated().map { index, shape in
            let origin = pair?.squareOrigin(index) ?? (x: 0, y: 0)
            let dx = Double(shape.box.x - origin.x) + Double(shape.box.width) / 2 - side / 2
            let dy = Double(shape.box.y - origin.y) + Double(shape.box.height) / 2 - side / 2
            return (dx * dx + dy * dy).squareRoot()
        }
        let boxes = [a, b].map { Double(max(1, $0.box.width * $0.box.height)) }
        let styles = [a, b].map { "\($0.style.fill ?? "none")/\($0.style.outline ?? "none")" }
        var perimeter: Double?
        if let first = perimeters[0], let second = perimeters[1], first > 0, second > 0 {
            perimeter = log(first / second)
        }
        return Cues(
            kindPair: "\(a.kind.rawValue)|\(b.kind.rawValue)", colour: styles.joined(separator: "|"),
            extent: log(a.proportion / b.proportion), perimeter: perimeter, box: log(boxes[0] / boxes[1]),
            placement: side > 0 ? (distances[1] - distances[0]) / side : 0, kindA: a.kind.rawValue,
            kindB: b.kind.rawValue, colourA: styles[0], colourB: styles[1], largerIsA: answer.larger == .a)
    }
}

extension ShortcutAuditor.Tally {
    package mutating func add(_ cues: ShortcutAuditor.Cues) {
        turns += 1
        if cues.largerIsA { largerA += 1 }
        let comparisons: [(ShortcutAudit.Cue, Double?)] = [
            (.extent, cues.extent), (.perimeter, cues.perimeter), (.box, cues.box), (.placement, cues.placement),
        ]
        for (cue, value) in comparisons {
            guard let value else { continue }
            measured[cue, default: 0] += 1
            if abs(value) < 1e-12 {
                ties[cue, default: 0] += 1
            } else if (value > 0) == cues.largerIsA {
                agree[cue, default: 0] += 1
            }
        }
        for (cue, category) in [(ShortcutAudit.Cue.kindPair, cues.kindPair), (.colour, cues.colour)] {
            var counts = categories[cue, default: [:]][category] ?? (0, 0)
            if cues.largerIsA { counts.a += 1 } else { counts.b += 1 }
            categories[cue, default: [:]][category] = counts
        }
        if sample.count < ShortcutAuditor.regressionLimit {
            sample.append(cues)
        }
    }

    package func split(named name: String) -> ShortcutAudit.Split {
        var rules: [ShortcutAudit.Cue: Double] = [:]
        let total = Double(turns)
        rules[.position] = Double(max(largerA, turns - largerA)) / total
        for cue in [ShortcutAudit.Cue.extent, .perimeter, .box, .placement] {
            guard let count = measured[cue], count > 0 else { continue }
            let tied = ties[cue, default: 0]
            let agreeing = agree[cue, default: 0]
            let best = max(agreeing, count - tied - agreeing)
            rules[cue] = (Double(best) + Double(tied) / 2) / Double(count)
        }
        for (cue, table) in categories {
            rules[cue] = Double(table.values.reduce(0) { $0 + max($1.a, $1.b) }) / total
        }
        return ShortcutAudit.Split(
            name: name, turns: turns, rules: rules, regression: LogisticRegression.accuracy(on: sample),
            regressionTurns: sample.count)
    }
}

extension ShortcutAuditor {
    /// The longest `answers.jsonl` line `audit(setAt:)` reads: far above any key ShapeTurns writes.
    package static let lineLimit = 64 << 10

    /// The audit of the set in `folder`: any folder in ShapeTurns' layout, read from its
    /// `answers.jsonl` a line at a time (at most `lineLimit` bytes a line, and
    /// `GenerateOptions.turnLimit` lines' worth), so a set of any size is audited in bounded memory.
    /// Fails with `missingInput` when there is no `answers.jsonl`, and `badData` when a line is not
    /// an answer key or there are no turns.
    package static func audit(setAt folder: URL, catalog: ShapeCatalog = .standard) throws(ShapeTurnsError)
        -> ShortcutAudit
    {
        let path = folder.appendingPathComponent(SetLayout.answersFile).path
        var auditor = ShortcutAuditor(catalog: catalog)
        var number = 0
        let decoder = JSONDecoder()
        try BoundedFileReader.forEachLine(
            path, limit: GenerateOptions.turnLimit * lineLimit, lineLimit: lineLimit, describedAs: Wording(path)
        ) { line, lineNumber throws(ShapeTurnsError) in
            number = lineNumber
            guard !line.isEmpty else { return }
            do {
                auditor.add(try decoder.decode(TurnAnswer.self, from: Data(line)))
            } catch {
                throw .badData(
                    location: Wording("\(path) line \(number)"), because: "is not a ShapeTurns answer key")
            }
        }
        guard !auditor.order.isEmpty else {
            throw .badData(location: Wording(path), because: "holds no turns")
        }
        return auditor.audit()
    }
}
