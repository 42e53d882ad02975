/// How the distance between two colours is measured before it is held against the threshold.
public enum ColorMetric: String, Sendable, Equatable, CaseIterable {
    /// pixelmatch's YIQ distance (Kotsarenko and Ramos), as every released pixelmatch measures:
    /// the default, so counts equal the pixelmatch people install.
    case yiq
    /// pixelmatch main's distance (unreleased in July 2026): HyAB (|ΔL| + √(Δa² + Δb²)) in
    /// OKLab with Ottosson's toe-corrected lightness, normalised so black to white is 1.
    /// It separates saturated colours of similar brightness that YIQ scores as nearly equal
    /// (pixelmatch issue #127), and is less touchy about differences among near-blacks.
    case oklab
}
