import ShapeGame
import ShapeRendering

/// A seeded pen: draws a child's marks into a page (a Cairo context in page points).
package struct Pen {
    package var random: SplitMix

    package init(random: SplitMix) { self.random = random }

    /// Draws `mark` for a turn whose boxes are `boxA` and `boxB` (page points), choosing `label`.
    package mutating func draw(
        _ mark: PenMark, choosing label: ShapeLabel, boxA: Rect, boxB: Rect, cell: Rect, in context: CairoContext
    ) throws {
        let box = label == .a ? boxA : boxB
        let other = label == .a ? boxB : boxA
        let ink = RGBAColor(red: 0.05, green: 0.1, blue: 0.35)
        let width = random.uniform(1.6, 2.8)
        switch mark {
        case .tick, .heavyTick:
            try tick(in: box, width: mark == .heavyTick ? width + 1.2 : width, color: ink, in: context)
        case .cross:
            try cross(in: box.insetBy(1), overshoot: 0, width: width, color: ink, in: context)
        case .thinRedCross:
            try cross(
                in: box.insetBy(1), overshoot: 0, width: random.uniform(0.8, 1.2),
                color: RGBAColor(red: 0.73, green: 0.11, blue: 0.13), in: context)
        case .outOfBox:
            // A cross whose strokes run 3 to 8 points out of the box, or a tick dragged far down-left.
            if random.next() % 2 == 0 {
                try cross(in: box, overshoot: random.uniform(3, 8), width: width, color: ink, in: context)
            } else {
                try tick(in: box, width: width, color: ink, in: context)
                let start = Point(x: box.x + random.uniform(2, 6), y: box.y + random.uniform(6, 10))
                try context.stroke(
                    .polyline([start, Point(x: box.x - random.uniform(4, 9), y: box.maxY + random.uniform(3, 8))]),
                    with: ink, lineWidth: width)
            }
        case .fill:
            try context.fill(.rectangle(box.insetBy(random.uniform(0.5, 2))), with: ink)
        case .circle:
            try context.stroke(.ellipse(in: box.insetBy(random.uniform(1.5, 3))), with: ink, lineWidth: width)
        case .circledLetter, .paleCircledLetter:
            // A ring round the letter beside the box (the letter's centre is about 9.3 points right of the box).
            let centre = Point(
                x: box.maxX + WorksheetLayout.tickBoxGap + 4.3 + random.uniform(-1, 1),
                y: box.midY + random.uniform(-1, 1))
            let rx = random.uniform(7, 9)
            let ry = random.uniform(7.5, 9.5)
            // A pale ring is what a blurred photo leaves of a thin pen's: darker than the paper by
            // 0.28 to 0.38, less than the reader's ink (0.4).
            let grey = mark == .paleCircledLetter ? random.uniform(0.62, 0.72) : 0
            try context.stroke(
                .ellipse(in: Rect(x: centre.x - rx, y: centre.y - ry, width: 2 * rx, height: 2 * ry)),
                with: mark == .paleCircledLetter ? RGBAColor(red: grey, green: grey, blue: grey) : ink,
                lineWidth: width)
        case .faint:
            // Light pencil: 0.08–0.18 darker than the paper, under a fifth of the printed
            // outline's darkness (the reader reads a stroke on clean paper from 0.22 of it).
            let grey = random.uniform(0.82, 0.92)
            try tick(
                in: box, width: random.uniform(0.5, 1), color: RGBAColor(red: grey, green: grey, blue: grey),
                in: context)
        case .stray:
            try tick(in: box, width: width, color: ink, in: context)
            let from = Point(
                x: cell.x + random.uniform(10, cell.width - 10), y: cell.y + random.uniform(10, cell.height / 2))
            try context.stroke(
                .polyline([from, Point(x: from.x + random.uniform(-20, 20), y: from.y + random.uniform(5, 20))]),
                with: ink, lineWidth: width)
        case .double:
            try tick(in: box, width: width, color: ink, in: context)
            try tick(in: other, width: width, color: ink, in: context)
        case .blank:
            break
        case .smudge:
            // An erased mark: the rubbed paper, and half the time what the eraser left of the tick.
            let grey = random.uniform(0.85, 0.93)
            try context.fill(
                .ellipse(in: box.insetBy(random.uniform(1, 3))), with: RGBAColor(red: grey, green: grey, blue: grey))
            if random.next() % 2 == 0 {
                let left = random.uniform(0.72, 0.85)
                try tick(in: box, width: 1, color: RGBAColor(red: left, green: left, blue: left), in: context)
            }
        }
    }

    private mutating func cross(
        in box: Rect, overshoot: Double, width: Double, color: RGBAColor, in context: CairoContext
    ) throws {
        let r = Rect(
            x: box.x - overshoot + random.uniform(-1.2, 1.2), y: box.y - overshoot + random.uniform(-1.2, 1.2),
            width: box.width + 2 * overshoot, height: box.height + 2 * overshoot)
        try context.stroke(
            .polyline([Point(x: r.x, y: r.y), Point(x: r.maxX, y: r.maxY)]), with: color, lineWidth: width)
        try context.stroke(
            .polyline([Point(x: r.maxX, y: r.y), Point(x: r.x, y: r.maxY)]), with: color, lineWidth: width)
    }

    /// A tick: a short stroke down to the box's lower third, a long one up past its top right.
    private mutating func tick(in box: Rect, width: Double, color: RGBAColor, in context: CairoContext) throws {
        let start = Point(
            x: box.x + box.width * random.uniform(0.1, 0.25), y: box.y + box.height * random.uniform(0.45, 0.6))
        let bottom = Point(
            x: box.x + box.width * random.uniform(0.35, 0.5), y: box.y + box.height * random.uniform(0.75, 0.9))
        let end = Point(x: box.maxX + random.uniform(-2, 6), y: box.y - random.uniform(-2, 7))
        try context.stroke(.polyline([start, bottom, end]), with: color, lineWidth: width)
    }
}
