/// A shape that knows the length of its outline, so a balanced set can keep the outline from
/// telling which shape is larger and an audit can measure how well it does.
package protocol OutlinedShape: Shape {
    /// The outline's length as a fraction of the canvas side.
    var perimeter: Double { get }
}
