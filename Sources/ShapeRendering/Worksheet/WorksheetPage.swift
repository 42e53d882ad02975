/// What one page of a worksheet holds.
package enum WorksheetPage: Sendable, Equatable {
    /// Numbered turns, from the first to the last number given (1-based).
    case turns(ClosedRange<Int>)
    /// The answer-key entries of these turns.
    case answerKey(ClosedRange<Int>)

    /// The turns on the page.
    package var turnNumbers: ClosedRange<Int> {
        switch self {
        case .turns(let numbers), .answerKey(let numbers): numbers
        }
    }
}
