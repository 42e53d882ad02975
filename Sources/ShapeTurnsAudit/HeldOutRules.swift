/// Fits every audit rule on one set of turns and scores it on another (`ShortcutAuditor` picks
/// them so that no rule is scored on a turn it was read from).
///
/// The rules: position (always the commoner label); the kind-pair and colour tables (each
/// category's commoner label, an unseen one the commoner label overall); for each measure
/// (extent, perimeter, box, placement) "more of it is larger" or its opposite (a tie counts
/// half), the best threshold on its log-ratio in either direction, and a depth-2 tree on it and
/// the kind pair; a depth-4 tree on every non-area field together; the logistic regression.
package struct HeldOutRules {
    /// Whether a turn is held out: the turns of every third pair (turns 2j − 1 and 2j with j a
    /// multiple of 3), so a balanced set's two turns of a pair land on the same side.
    package static func isHeldOut(turn: Int) -> Bool {
        ((turn + 1) / 2) % 3 == 0
    }

    package let fit: [ShortcutAuditor.Cues]
    package let heldOut: [ShortcutAuditor.Cues]

    /// The measures, with the cue each reads.
    static let measures: [(ShortcutAudit.Cue, @Sendable (ShortcutAuditor.Cues) -> Double?)] = [
        (.extent, { $0.extent }), (.perimeter, { $0.perimeter }), (.box, { $0.box }), (.placement, { $0.placement }),
    ]

    /// Every rule's finding, in the order tables list them, with today's single-cue rules and
    /// the regression as `ShortcutAudit.Split` records them.
    package func findings() -> (
        findings: [ShortcutAudit.Finding], rules: [ShortcutAudit.Cue: Double], regression: Double
    ) {
        var findings: [ShortcutAudit.Finding] = []
        var rules: [ShortcutAudit.Cue: Double] = [:]
        let fitLabels = fit.map(\.largerIsA)
        let commonerA = 2 * fitLabels.filter { $0 }.count >= fitLabels.count
        findings.append(score("position", "position in the pair: always the commoner label") { _ in commonerA })
        rules[.position] = findings.last?.accuracy
        for (cue, category) in [(ShortcutAudit.Cue.kindPair, \ShortcutAuditor.Cues.kindPair), (.colour, \.colour)] {
            let table = CategoryTable(fit.map { $0[keyPath: category] }, labels: fitLabels)
            findings.append(
                score("\(cue.rawValue).table", "\(cue.title): each one's commoner label") {
                    table.answersA($0[keyPath: category])
                })
            rules[cue] = findings.last?.accuracy
        }
        let pairs = CategoryTable(fit.map(\.kindPair), labels: fitLabels)
        for (cue, read) in Self.measures {
            let measured = fit.filter { read($0) != nil }
            let heldMeasured = heldOut.filter { read($0) != nil }
            guard !measured.isEmpty, !heldMeasured.isEmpty else { continue }
            let values = measured.map { read($0) ?? 0 }
            let labels = measured.map(\.largerIsA)
            let agreeing = zip(values, labels).filter { $0.0 != 0 && ($0.0 > 0) == $0.1 }.count
            let disagreeing = zip(values, labels).filter { $0.0 != 0 && ($0.0 > 0) != $0.1 }.count
            let moreIsLarger = agreeing >= disagreeing
            var sign = 0.0
            for turn in heldMeasured {
                let value = read(turn) ?? 0
                if abs(value) < 1e-12 {
                    sign += 0.5
                } else if ((value > 0) == moreIsLarger) == turn.largerIsA {
                    sign += 1
                }
            }
            findings.append(
                ShortcutAudit.Finding(
                    rule: "\(cue.rawValue).sign",
                    title: "\(cue.title): \(moreIsLarger ? "more" : "less") of it is larger", right: sign,
                    turns: heldMeasured.count))
            rules[cue] = findings.last?.accuracy
            let threshold = ThresholdRule(fitting: values, labels: labels)
            findings.append(
                score("\(cue.rawValue).threshold", "\(cue.title): best threshold, either way", among: heldMeasured) {
                    threshold.answersA(read($0) ?? 0)
                })
            let tree = DecisionTree(
                fitting: measured.map { [read($0) ?? 0, pairs.shareA($0.kindPair)] }, labels: labels, depth: 2)
            findings.append(
                score("\(cue.rawValue)+kindPair.tree2", "\(cue.title) and kind pair: depth-2 tree", among: heldMeasured)
                {
                    tree.answersA([read($0) ?? 0, pairs.shareA($0.kindPair)])
                })
        }
        let encoder = FieldEncoder(fitting: fit)
        let tree = DecisionTree(fitting: fit.map(encoder.row), labels: fitLabels, depth: 4)
        findings.append(score("all.tree4", "every non-area field: depth-4 tree") { tree.answersA(encoder.row($0)) })
        let regression = LogisticRegression(fitting: fit)
        findings.append(score("all.regression", "all cues: logistic regression") { regression.answersA($0) })
        return (findings, rules, findings.last?.accuracy ?? 0)
    }

    private func score(
        _ rule: String, _ title: String, among turns: [ShortcutAuditor.Cues]? = nil,
        _ answersA: (ShortcutAuditor.Cues) -> Bool
    ) -> ShortcutAudit.Finding {
        let turns = turns ?? heldOut
        let right = turns.filter { answersA($0) == $0.largerIsA }.count
        return ShortcutAudit.Finding(rule: rule, title: title, right: Double(right), turns: turns.count)
    }
}
