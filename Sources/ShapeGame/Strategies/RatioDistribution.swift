/// How a balanced set draws each turn's area ratio inside its band.
public enum RatioDistribution: String, Sendable, Codable, CaseIterable {
    /// Every ratio in the band equally likely.
    case uniform
    /// Density proportional to 1/ratio: as many turns between 1.1 and 1.21 as between 1.21 and
    /// 1.331, so hard turns are not crowded out by easy ones.
    case logUniform = "log-uniform"

    /// A ratio in `range` drawn from this distribution. Log-uniform draws by rejection (a uniform
    /// ratio r kept with chance min/r), so it needs only exactly rounded arithmetic and gives the
    /// same ratios on every platform; after 64 rejections in a row it keeps the last draw.
    package func draw(in range: ClosedRange<Double>, using random: inout RandomStream) -> Double {
        var ratio = random.nextDouble(in: range)
        guard self == .logUniform, range.lowerBound > 0 else { return ratio }
        for _ in 0..<64 {
            if random.nextUnit() * ratio < range.lowerBound { return ratio }
            ratio = random.nextDouble(in: range)
        }
        return ratio
    }
}
