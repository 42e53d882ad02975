/// Decides the shapes of the next turn (the tutorial's Strategy).
///
/// A strategy is handed the turn's own random stream, so the same seed and turn number always
/// give the same turn, whatever turns came before or are made in parallel.
public protocol TurnStrategy: Sendable {
    func makeTurn(number: Int, using random: inout RandomStream) -> Turn
}
