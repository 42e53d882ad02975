/// A phase of `quest` (the State pattern): whether it still places turns, and which phase follows
/// an answer.
package protocol QuestPhase: Sendable {
    var isFinished: Bool { get }
    func phase(after quest: Quest) -> any QuestPhase
}

/// Each turn at the ratio that teaches most about the threshold, slope and lapse, until the
/// interval is as narrow as asked.
package struct QuestPlacingPhase: QuestPhase {
    package var isFinished: Bool { false }

    package func phase(after quest: Quest) -> any QuestPhase {
        guard let precision = quest.grid.parameters.precision,
            let lower = quest.estimate.lowerRatio, let upper = quest.estimate.upperRatio,
            (upper - 1) <= precision * (lower - 1)
        else { return self }
        return QuestFinishedPhase()
    }
}

/// The interval is narrow enough; the procedure keeps answering `nextRatio` but asks to stop.
package struct QuestFinishedPhase: QuestPhase {
    package var isFinished: Bool { true }

    package func phase(after quest: Quest) -> any QuestPhase { self }
}
