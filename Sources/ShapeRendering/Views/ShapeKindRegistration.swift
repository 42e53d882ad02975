import ShapeGame

/// Everything ShapeTurns needs to know about one kind of shape: how to make its shapes and how
/// to draw them. Adding a kind means adding one registration to `ShapeCatalog.standard`.
public struct ShapeKindRegistration: Sendable {
    public let kind: ShapeKind
    public let makeFactory: @Sendable (ProportionRange) -> any ShapeFactory
    public let makeView: @Sendable (any Shape, ShapeStyle) -> any ShapeView

    public init(
        kind: ShapeKind,
        makeFactory: @escaping @Sendable (ProportionRange) -> any ShapeFactory,
        makeView: @escaping @Sendable (any Shape, ShapeStyle) -> any ShapeView
    ) {
        self.kind = kind
        self.makeFactory = makeFactory
        self.makeView = makeView
    }
}
