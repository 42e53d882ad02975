/// The version of ShapeTurns, recorded in every manifest: a set is a pure function of its
/// options, its seed and this version.
public enum ShapeTurnsVersion {
    public static let current = "0.1.0"
}
