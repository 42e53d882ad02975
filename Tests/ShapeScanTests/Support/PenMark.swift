import Foundation
import ShapeGame
import ShapeRendering

/// A mark a child (or a smudge) leaves on a turn, as the synthetic scans draw it, and what a
/// correct reader must make of it.
enum PenMark: CaseIterable, Sendable {
    case tick, cross, fill, circle, faint, stray, double, blank, smudge, heavyTick

    /// The box the mark chooses, when it is a clear choice.
    var isChoice: Bool { [.tick, .cross, .fill, .circle, .heavyTick, .stray].contains(self) }
    /// Whether a reader must flag it (never guess it).
    var mustFlag: Bool { self == .double }
    /// Whether a reader may flag it or read it as a blank, but never as a choice.
    var mayFlag: Bool { self == .faint || self == .smudge }
}

/// A seeded pen: draws marks into a page image drawn at `scale` pixels a point.
struct Pen {
    var random: SplitMix

    /// Draws `mark` for a turn whose boxes are `boxA` and `boxB` (page points), choosing `label`.
    mutating func draw(
        _ mark: PenMark, choosing label: ShapeLabel, boxA: Rect, boxB: Rect, cell: Rect, in context: CairoContext
    )
        throws
    {
        let box = label == .a ? boxA : boxB
        let other = label == .a ? boxB : boxA
        let ink = RGBAColor(red: 0.05, green: 0.1, blue: 0.35)
        let width = random.uniform(1.6, 2.8)
        switch mark {
        case .tick, .heavyTick:
            try tick(in: box, width: mark == .heavyTick ? width + 1.2 : width, color: ink, in: context)
        case .cross:
            let inner = box.insetBy(1)
            let r = Rect(
                x: inner.x + random.uniform(-1.2, 1.2), y: inner.y + random.uniform(-1.2, 1.2), width: inner.width,
                height: inner.height)
            try context.stroke(
                .polyline([Point(x: r.x, y: r.y), Point(x: r.maxX, y: r.maxY)]), with: ink, lineWidth: width)
            try context.stroke(
                .polyline([Point(x: r.maxX, y: r.y), Point(x: r.x, y: r.maxY)]), with: ink, lineWidth: width)
        case .fill:
            try context.fill(.rectangle(box.insetBy(random.uniform(0.5, 2))), with: ink)
        case .circle:
            try context.stroke(.ellipse(in: box.insetBy(random.uniform(1.5, 3))), with: ink, lineWidth: width)
        case .faint:
            try tick(in: box, width: 0.7, color: RGBAColor(red: 0.8, green: 0.8, blue: 0.8), in: context)
        case .stray:
            try tick(in: box, width: width, color: ink, in: context)
            let from = Point(
                x: cell.x + random.uniform(10, cell.width - 10), y: cell.y + random.uniform(10, cell.height / 2))
            try context.stroke(
                .polyline([from, Point(x: from.x + random.uniform(-20, 20), y: from.y + random.uniform(5, 20))]),
                with: ink,
                lineWidth: width)
        case .double:
            try tick(in: box, width: width, color: ink, in: context)
            try tick(in: other, width: width, color: ink, in: context)
        case .blank:
            break
        case .smudge:
            try context.fill(.ellipse(in: box.insetBy(2)), with: RGBAColor(red: 0.9, green: 0.9, blue: 0.9))
        }
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

/// SplitMix64: the tests' seeded random numbers.
struct SplitMix {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `low..<high`.
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    /// About standard normal, cheaply: the sum of four uniforms, centred and scaled (Irwin–Hall).
    mutating func normal() -> Double {
        let sum = Double(next() >> 48) + Double(next() >> 48) + Double(next() >> 48) + Double(next() >> 48)
        return (sum / 65536 - 2) * 3.0.squareRoot()
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[Int(next() % UInt64(items.count))]
    }
}
