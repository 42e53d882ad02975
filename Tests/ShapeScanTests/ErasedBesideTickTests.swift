import ShapeGame
import ShapeScan
import Testing

/// A firm tick beside what an eraser left of a first answer is the tick
/// (`BoxInk.holdsOnlyWhatAnEraserLeft`); anything more beside it is still flagged.
struct ErasedBesideTickTests {
    static let clean: [Double] = [0, 0, 0]
    static let tick = BoxInk(ink: 0.09, faint: 0.4, paper: 200, letterRing: clean, strokeLength: 9)

    @Test(arguments: [
        // what is beside the tick, and whether the turn is the tick's choice
        (BoxInk(ink: 0, faint: 0.2, paper: 200, letterRing: clean), true),
        (BoxInk(ink: 0, faint: 0.34, paper: 200, letterRing: clean), true),
        // a pale pen circle on a blurred photo: over 0.4 of the core faint
        (BoxInk(ink: 0, faint: 0.45, paper: 200, letterRing: clean), false),
        // a second mark with ink in it
        (BoxInk(ink: 0.02, faint: 0.2, paper: 200, letterRing: clean), false),
        // grey all over: a light fill
        (BoxInk(ink: 0, faint: 0.3, paper: 200, letterRing: clean, fill: 0.15), false),
        // part of a ring round the letter
        (BoxInk(ink: 0, faint: 0.2, paper: 200, letterRing: [0.02, 0, 0]), false),
    ])
    func aTickBesideWhatAnEraserLeftIsTheTick(beside: BoxInk, isTheTick: Bool) {
        #expect(beside.verdict == .unsure)
        let turn = TurnReading(turn: 1, inkA: beside, inkB: Self.tick)
        #expect((turn.choice == .b && turn.flag == nil) == isTheTick, "\(turn)")
        #expect((turn.choice == nil && turn.flag != nil) == !isTheTick, "\(turn)")
    }
}
