import ShapeGame

/// Two copies of one page in the scans (a leaf fed twice, a page photographed again): the first
/// is used, the second is listed as not read (`PageProblem.duplicate`), and each turn the second
/// reads differently from the first is flagged on the first. Which copy is right is not guessed:
/// a copier's threshold can drop a light mark from one copy and keep it on the other.
enum PageCopies {
    /// `first` with each of its turns that is not flagged and that `copy` reads differently (another
    /// choice, a blank, a flag) flagged and pictured twice: from `first` (its crop from
    /// `firstCrops`, which is asked only when such a turn is found) and from `copy`
    /// (`ScannedPage.otherCopies`); and `copy` as a page not read, without its readings or crops.
    static func compared(
        _ first: ScannedPage, with copy: ScannedPage, firstCrops: () -> [Int: [UInt8]] = { [:] }
    ) -> (first: ScannedPage, copy: ScannedPage) {
        let copied = Dictionary(copy.readings.map { ($0.turn, $0) }, uniquingKeysWith: { one, _ in one })
        var crops = first.crops
        var others = first.otherCopies
        var ownCrops: [Int: [UInt8]]?
        let readings = first.readings.map { reading in
            guard reading.flag == nil, let other = copied[reading.turn],
                other.choice != reading.choice || other.flag != nil
            else { return reading }
            // A turn not flagged has no crop of its own yet.
            if ownCrops == nil { ownCrops = firstCrops() }
            crops[reading.turn] = ownCrops?[reading.turn]
            others[reading.turn] = ScannedPage.OtherCopy(source: copy.source, crop: copy.crops[reading.turn])
            return reading.flagged(
                "another copy of this page reads it differently: \(Self.describe(reading)) here, "
                    + "\(Self.describe(other)) on \(copy.source)")
        }
        return (
            ScannedPage(
                source: first.source, code: first.code, student: first.student, problem: first.problem,
                readings: readings, crops: crops, thumbnail: first.thumbnail, tagsFound: first.tagsFound,
                capture: first.capture, otherCopies: others),
            ScannedPage(
                source: copy.source, code: copy.code, student: copy.student, problem: copy.problem, readings: [],
                crops: [:], thumbnail: copy.thumbnail)
        )
    }

    /// `A`, `B`, `blank` or `flagged`.
    private static func describe(_ reading: TurnReading) -> String {
        if reading.flag != nil { return "flagged" }
        return reading.choice.map { $0.rawValue.uppercased() } ?? "blank"
    }
}
