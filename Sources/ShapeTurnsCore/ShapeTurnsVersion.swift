/// The version of ShapeTurns, recorded in every manifest: a set is a pure function of its
/// options, its seed and this version.
package enum ShapeTurnsVersion {
    package static let current = "0.1.0"
}
