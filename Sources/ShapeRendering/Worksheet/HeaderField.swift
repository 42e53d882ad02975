/// A field of a worksheet's header that a person fills in by hand: a label (`Name`), a rule to
/// write on and, for the score, the total after it (`/ 30`).
public struct HeaderField: Sendable, Equatable {
    public let label: String
    /// Printed at the right end of the field, after the rule; empty for none.
    public let trailer: String
    /// The left end of the field's baseline.
    public let origin: Point
    /// From the label's start to the field's right end.
    public let width: Double

    public init(label: String, trailer: String = "", origin: Point, width: Double) {
        self.label = label
        self.trailer = trailer
        self.origin = origin
        self.width = width
    }
}
