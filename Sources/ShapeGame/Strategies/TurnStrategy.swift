/// Decides the shapes of the next turn (the tutorial's Strategy); the controller then decides
/// which of them is `a`.
///
/// A strategy is handed the turn's own random stream, so the same seed and turn number always
/// give the same shapes, whatever turns were made before or in parallel.
package protocol TurnStrategy: Sendable {
    func makeShapes(for context: TurnContext, using random: inout RandomStream) -> ShapePair

    /// The label of turn `number`'s larger shape, for a strategy that decides it (a balanced
    /// set pairs its turns); `nil` leaves it to the controller's `AnswerBalance`.
    func largerLabel(forTurn number: Int) -> ShapeLabel?
}

extension TurnStrategy {
    package func largerLabel(forTurn number: Int) -> ShapeLabel? { nil }
}
