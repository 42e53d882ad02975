import ShapeGame
import ShapeTurnsClassroom
import ShapeTurnsCore
import ShapeTurnsSets

/// The teacher's view of the game: the class list, its gradebook, and a live feed of changes.
extension PlayGame {
    /// The most `/class` pages watching at once; one more is refused (503).
    package static let classWatcherLimit = 32
    /// The most lists a class feed holds for a slow reader.
    static let classFeedBacklog = 16

    /// Every open session in the order the players joined.
    package func classSnapshot() -> PlayPayloads.ClassSnapshot {
        forgetIdleSessions()
        let players = sessions.values.sorted { $0.number < $1.number }.map { session in
            PlayPayloads.ClassPlayer(
                number: session.number, name: session.name, answered: session.records.count,
                turns: options.generate.turns, score: session.score, correct: session.correctCount,
                accuracy: session.records.isEmpty
                    ? nil : Double(session.correctCount) / Double(session.records.count),
                finished: session.isFinished, estimate: session.records.last?.estimate)
        }
        return PlayPayloads.ClassSnapshot(
            strategy: options.strategyName, turns: options.generate.turns, players: players)
    }

    /// The class's gradebook in `score --class --csv`'s columns, a row per player in the order
    /// they joined: `turns` is the game's length (a game that ended early, as an adaptive one
    /// can, counts the turns it had), the turns not yet answered are blank, `percent` is correct
    /// of `turns`, `streak_points` the score the player sees. `sheet` is empty: a played game has
    /// no printed sheet.
    package func classGradebookCSV() -> String {
        forgetIdleSessions()
        let entries = sessions.values.sorted { $0.number < $1.number }.map { session in
            let turnCount = session.isFinished ? max(session.records.count, 1) : options.generate.turns
            let correct = session.correctCount
            let wrong = session.records.count - correct
            return Gradebook.Entry(
                number: session.number, student: session.name, sheet: nil, handedIn: !session.records.isEmpty,
                correct: correct, wrong: wrong, blank: turnCount - session.records.count, turnCount: turnCount,
                percent: ScoreReport.percent(correct, of: turnCount), streakPoints: session.score,
                turns: session.records.map {
                    ScoreReport.Line(
                        turn: $0.turn, choice: $0.choice, larger: $0.larger, correct: $0.correct,
                        increment: $0.increment, score: $0.score)
                })
        }
        return Gradebook.csv(entries)
    }

    /// A feed of the class: the list now, then the list after every change (a player joins or
    /// answers). A reader more than `classFeedBacklog` lists behind skips to the latest ones.
    /// Ends with `closeClassFeeds()` (the server also ends it at shutdown).
    package func watchClass() throws(PlayError) -> AsyncStream<PlayPayloads.ClassSnapshot> {
        guard classWatchers.count < Self.classWatcherLimit else {
            throw PlayError(503, "\(Self.classWatcherLimit) class pages are open; close one and try again")
        }
        let (stream, continuation) = AsyncStream.makeStream(
            of: PlayPayloads.ClassSnapshot.self, bufferingPolicy: .bufferingNewest(Self.classFeedBacklog))
        let number = nextWatcher
        nextWatcher += 1
        classWatchers[number] = continuation
        continuation.onTermination = { _ in Task { await self.stopWatching(number) } }
        continuation.yield(classSnapshot())
        return stream
    }

    /// `watchClass()` as a result, for a caller that retries while every slot is taken.
    package func watchClassOrBusy() -> Result<AsyncStream<PlayPayloads.ClassSnapshot>, PlayError> {
        Result { () throws(PlayError) in try watchClass() }
    }

    /// How many class feeds are open.
    package var classWatcherCount: Int { classWatchers.count }

    /// Ends every class feed, so that their responses finish (at shutdown).
    package func closeClassFeeds() {
        for continuation in classWatchers.values { continuation.finish() }
        classWatchers = [:]
    }

    func publishClass() {
        guard !classWatchers.isEmpty else { return }
        let snapshot = classSnapshot()
        for continuation in classWatchers.values { continuation.yield(snapshot) }
    }

    private func stopWatching(_ number: Int) {
        classWatchers[number] = nil
    }
}
