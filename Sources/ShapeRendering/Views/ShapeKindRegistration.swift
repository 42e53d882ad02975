import ShapeGame

/// Everything ShapeTurns needs to know about one kind of shape: how to make its shapes and how
/// to draw them. Adding a kind means adding one registration to `ShapeCatalog.standard`.
package struct ShapeKindRegistration: Sendable {
    package let kind: ShapeKind
    package let makeFactory: @Sendable (ProportionRange) -> any ShapeFactory
    package let makeView: @Sendable (any Shape, ShapeStyle) -> any ShapeView
    /// The view's `ShapeOutline.inradiusRatio`: how wide an outline the kind can take.
    package let inradiusRatio: Double

    package init(
        kind: ShapeKind,
        makeFactory: @escaping @Sendable (ProportionRange) -> any ShapeFactory,
        makeView: @escaping @Sendable (any Shape, ShapeStyle) -> any ShapeView,
        inradiusRatio: Double
    ) {
        self.kind = kind
        self.makeFactory = makeFactory
        self.makeView = makeView
        self.inradiusRatio = inradiusRatio
    }

    /// Registers a kind drawn by its `ShapeOutline`.
    package init<Outline: ShapeOutline>(
        kind: ShapeKind, makeFactory: @escaping @Sendable (ProportionRange) -> any ShapeFactory, outline: Outline.Type
    ) {
        self.init(
            kind: kind, makeFactory: makeFactory,
            makeView: { OutlinedShapeView<Outline>(shape: $0, style: $1) },
            inradiusRatio: Outline.inradiusRatio
        )
    }
}
