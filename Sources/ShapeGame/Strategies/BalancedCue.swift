/// A property of a turn other than area that a model could learn in place of area, and that
/// `--balance` keeps from predicting which shape is larger.
public enum BalancedCue: String, Sendable, Codable, CaseIterable, Comparable {
    /// The two shapes' kinds: every kind is the larger shape as often as the smaller.
    case kind
    /// The shape with the larger extent (side, diameter) is the larger shape in half the turns.
    case extent
    /// The shape with the longer outline is the larger shape in half the turns.
    case perimeter
    /// The shape whose box (the pixels it covers, in the answer key) is larger is the larger
    /// shape in half the turns.
    case box
    /// The two shapes' palette colours: each pair of colours faces both answers equally often.
    case colour
    /// The larger shape is `a` in half the turns, whatever else the turn shows.
    case position

    /// The cues measured by a size that grows with the shape (the rest are categories).
    package var isMeasure: Bool {
        switch self {
        case .extent, .perimeter, .box: true
        case .kind, .colour, .position: false
        }
    }

    public static func < (lhs: BalancedCue, rhs: BalancedCue) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
