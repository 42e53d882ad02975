import ShapeGame

/// The kinds of shape ShapeTurns can play with, each registered once.
public struct ShapeCatalog: Sendable {
    package let registrations: [ShapeKindRegistration]

    package init(registrations: [ShapeKindRegistration]) {
        self.registrations = registrations
    }

    /// Every kind that ships with ShapeTurns: the single place a new kind is registered.
    public static let standard = ShapeCatalog(registrations: [
        ShapeKindRegistration(
            kind: .square, makeFactory: { SquareShapeFactory(proportions: $0) }, outline: SquareOutline.self),
        ShapeKindRegistration(
            kind: .circle, makeFactory: { CircleShapeFactory(proportions: $0) }, outline: CircleOutline.self),
        ShapeKindRegistration(
            kind: .triangle, makeFactory: { TriangleShapeFactory(proportions: $0) }, outline: TriangleOutline.self),
        ShapeKindRegistration(
            kind: .star, makeFactory: { StarShapeFactory(proportions: $0) }, outline: StarOutline.self),
        ShapeKindRegistration(
            kind: .hexagon, makeFactory: { HexagonShapeFactory(proportions: $0) }, outline: HexagonOutline.self),
    ])

    /// The kinds this catalog can draw, in registration order.
    package var kinds: [ShapeKind] { registrations.map(\.kind) }

    package func registration(for kind: ShapeKind) -> ShapeKindRegistration? {
        registrations.first { $0.kind == kind }
    }
}
