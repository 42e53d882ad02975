/// A shape of one turn, sized relative to a square canvas of side 1.
///
/// This is the tutorial's Servant: every shape answers `area`, so the game can compare
/// shapes of any kinds without knowing what they are.
public protocol Shape: Sendable {
    /// The shape's kind: `square`, `circle`, `triangle`, `star`, `hexagon` or one registered later.
    var kind: ShapeKind { get }

    /// The shape's extent as a fraction of the canvas side: a square's side, a circle's diameter.
    var proportion: Double { get }

    /// The shape's exact area as a fraction of the canvas area.
    var area: Double { get }
}
