/// A turn's non-area fields as numbers, for the audit's depth-4 tree: every category (each
/// kind, each style, the kind pair, the colour pair) as its share of `a` answers on the fitting
/// turns, then the log-ratios of extent, outline and box, placement, both proportions and both
/// boxes' sides.
package struct FieldEncoder: Sendable {
    private let kinds: CategoryTable
    private let kindsB: CategoryTable
    private let pairs: CategoryTable
    private let colours: CategoryTable
    private let coloursB: CategoryTable
    private let colourPairs: CategoryTable

    package init(fitting turns: [ShortcutAuditor.Cues]) {
        let labels = turns.map(\.largerIsA)
        kinds = CategoryTable(turns.map(\.kindA), labels: labels)
        kindsB = CategoryTable(turns.map(\.kindB), labels: labels)
        pairs = CategoryTable(turns.map(\.kindPair), labels: labels)
        colours = CategoryTable(turns.map(\.colourA), labels: labels)
        coloursB = CategoryTable(turns.map(\.colourB), labels: labels)
        colourPairs = CategoryTable(turns.map(\.colour), labels: labels)
    }

    package func row(_ turn: ShortcutAuditor.Cues) -> [Double] {
        [
            kinds.shareA(turn.kindA), kindsB.shareA(turn.kindB), pairs.shareA(turn.kindPair),
            colours.shareA(turn.colourA), coloursB.shareA(turn.colourB), colourPairs.shareA(turn.colour),
            turn.extent, turn.perimeter ?? 0, turn.box, turn.placement, turn.proportionA, turn.proportionB,
            turn.boxWidthA, turn.boxHeightA, turn.boxWidthB, turn.boxHeightB,
        ]
    }
}
