/// A field of a worksheet's header that a person fills in by hand: a label (`Name`), a rule to
/// write on and, for the score, the total after it (`/ 30`).
package struct HeaderField: Sendable, Equatable {
    package let label: String
    /// Printed at the right end of the field, after the rule; empty for none.
    package let trailer: String
    /// The left end of the field's baseline.
    package let origin: Point
    /// From the label's start to the field's right end.
    package let width: Double

    package init(label: String, trailer: String = "", origin: Point, width: Double) {
        self.label = label
        self.trailer = trailer
        self.origin = origin
        self.width = width
    }
}
