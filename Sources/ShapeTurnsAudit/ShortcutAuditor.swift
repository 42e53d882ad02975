import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// Measures a `ShortcutAudit` as a set's answer keys go by, in one pass and bounded memory: the
/// cues of each split's first `regressionLimit` turns, on which every rule is fitted and scored.
///
/// Every rule is fitted on the turns of the set's first split (`train` in a set made with
/// `--split train=...`, or the whole set) that are not held out (`HeldOutRules.isHeldOut(turn:)`
/// holds out a third), and scored on that split's held-out turns and on every turn of the other
/// splits, so no rule is scored on a turn it was read from. Extent is the key's `proportion`, perimeter is computed from kind and
/// proportion (turns of a kind it cannot measure leave the cue out), box is the key's `box` in
/// pixels, and placement the distance from the box's centre to the centre of the shape's square.
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
        var turn: Int
        var proportionA: Double
        var proportionB: Double
        var boxWidthA: Double
        var boxHeightA: Double
        var boxWidthB: Double
        var boxHeightB: Double
    }

    /// The turns of one split.
    package struct Tally {
        var turns = 0
        var sample: [Cues] = []
    }

    private let catalog: ShapeCatalog
    package private(set) var order: [String] = []
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
        let fit = names.first.flatMap { tallies[$0] }?.sample.filter { !HeldOutRules.isHeldOut(turn: $0.turn) } ?? []
        return ShortcutAudit(
            splits: names.enumerated().compactMap { position, name in
                tallies[name].map { $0.split(named: name, fit: fit, isFittingSplit: position == 0) }
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
            kindB: b.kind.rawValue, colourA: styles[0], colourB: styles[1], largerIsA: answer.larger == .a,
            turn: answer.turn, proportionA: a.proportion, proportionB: b.proportion, boxWidthA: Double(a.box.width),
            boxHeightA: Double(a.box.height), boxWidthB: Double(b.box.width), boxHeightB: Double(b.box.height))
    }
}

extension ShortcutAuditor.Tally {
    package mutating func add(_ cues: ShortcutAuditor.Cues) {
        turns += 1
        if sample.count < ShortcutAuditor.regressionLimit {
            sample.append(cues)
        }
    }

    /// This split's figures for rules fitted on `fit`: scored on its held-out turns when it is
    /// the split `fit` came from, else on all of its turns (which no rule has seen).
    package func split(named name: String, fit: [ShortcutAuditor.Cues], isFittingSplit: Bool) -> ShortcutAudit.Split {
        let heldOut = isFittingSplit ? sample.filter { HeldOutRules.isHeldOut(turn: $0.turn) } : sample
        let scored = HeldOutRules(fit: fit, heldOut: heldOut).findings()
        return ShortcutAudit.Split(
            name: name, turns: turns, rules: scored.rules, regression: scored.regression,
            regressionTurns: sample.count, findings: scored.findings, fittedTurns: fit.count,
            heldOutTurns: heldOut.count)
    }
}
