/// Finished games: kept for the class list and gradebook, but not counted against
/// `--max-players` (only games in play are); the oldest are let go once more than
/// `finishedLimit` are held, to bound memory (their records stay on disk and come back at the
/// next start).
extension PlayGame {
    /// The most finished sessions held per player allowed at once.
    static let finishedPerPlayer = 10

    var finishedLimit: Int { options.sessionLimit * Self.finishedPerPlayer }

    func makeRoomForFinishedSessions() {
        let finished = sessions.values.filter(\.isFinished)
        guard finished.count >= finishedLimit else { return }
        for session in finished.sorted(by: { $0.lastSeen < $1.lastSeen }).prefix(finished.count - finishedLimit + 1) {
            sessions[session.id] = nil
        }
    }
}
