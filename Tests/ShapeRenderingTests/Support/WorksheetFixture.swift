import ShapeGame
import ShapeRendering

/// Hand-made turns for worksheet tests: every kind, both answers, a range of sizes, fixed here
/// so the goldens do not move when a strategy changes.
enum WorksheetFixture {
    static let shapes: [(any Shape, any Shape)] = [
        (SquareShape(proportion: 0.8), SquareShape(proportion: 0.6)),
        (CircleShape(proportion: 0.5), CircleShape(proportion: 0.7)),
        (TriangleShape(proportion: 0.9), TriangleShape(proportion: 0.6)),
        (StarShape(proportion: 0.6), StarShape(proportion: 0.85)),
        (HexagonShape(proportion: 0.75), HexagonShape(proportion: 0.45)),
        (SquareShape(proportion: 0.3), CircleShape(proportion: 0.8)),
        (TriangleShape(proportion: 0.7), HexagonShape(proportion: 0.55)),
        (CircleShape(proportion: 0.45), StarShape(proportion: 0.9)),
        (StarShape(proportion: 0.95), SquareShape(proportion: 0.5)),
        (HexagonShape(proportion: 0.4), TriangleShape(proportion: 0.8)),
    ]

    /// `count` turns cycling through `shapes`.
    static func turns(_ count: Int) -> [Turn] {
        (1...count).map { number in
            let (a, b) = shapes[(number - 1) % shapes.count]
            return Turn(number: number, shapeA: a, shapeB: b)
        }
    }

    static func renderer(
        turns count: Int = 10,
        paper: PaperSize = .a4,
        columns: Int = 2,
        rows: Int = 4,
        style: ShapeStyle = ShapeStyle(),
        background: CanvasBackground = .transparent
    ) -> WorksheetRenderer {
        let layout = WorksheetLayout(paper: paper, columns: columns, rows: rows, turnCount: count)
        let content = WorksheetContent(
            footerNote: "Sheet K7QX-M2PD  ·  Seed 7", sheetCode: "K7QX-M2PD", turns: turns(count), style: style,
            background: background)
        return WorksheetRenderer(pageView: WorksheetPageView(layout: layout, content: content))
    }
}
