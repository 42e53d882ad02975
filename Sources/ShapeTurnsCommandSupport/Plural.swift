/// Counts with their noun in the right number: "1 turn", "2 turns".
package enum Plural {
    package static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? noun : (plural ?? noun + "s"))"
    }
}
