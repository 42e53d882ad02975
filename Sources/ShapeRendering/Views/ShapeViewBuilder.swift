import ShapeGame

/// Configures shape views once and builds one for every shape (the tutorial's Builder): show
/// fill, fill colour, show outline, outline colour and line width live in `style`.
public struct ShapeViewBuilder: Sendable {
    public var style: ShapeStyle
    public var viewFactory: ShapeViewFactory

    public init(style: ShapeStyle = ShapeStyle(), viewFactory: ShapeViewFactory = ShapeViewFactory()) {
        self.style = style
        self.viewFactory = viewFactory
    }

    public func buildView(for shape: any Shape) throws(ShapeRenderingError) -> any ShapeView {
        try viewFactory.makeView(for: shape, style: style)
    }
}
