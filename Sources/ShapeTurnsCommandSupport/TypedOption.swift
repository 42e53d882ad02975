import ArgumentParser

/// An option's value with whether it was typed. ArgumentParser gives an option left out its
/// default value; an option declared as `TypedOption(default:)` is built by ArgumentParser from
/// the command line only when it is there (`init(argument:)`), so `score` can tell `--strategy
/// random` typed against a quest game's record from no `--strategy` at all. The help shows the
/// value's own default and values, as for an option of type `Value`.
package struct TypedOption<Value: ExpressibleByArgument>: ExpressibleByArgument {
    /// The value typed, or the default.
    package let value: Value
    /// The value when it was on the command line; nil when it is the default.
    package let typed: Value?

    /// The option left out: `value` is `standard`.
    package init(default standard: Value) {
        value = standard
        typed = nil
    }

    package init?(argument: String) {
        guard let value = Value(argument: argument) else { return nil }
        self.value = value
        typed = value
    }

    package var defaultValueDescription: String { value.defaultValueDescription }

    package static var allValueStrings: [String] { Value.allValueStrings }

    package static var defaultCompletionKind: CompletionKind { Value.defaultCompletionKind }
}

extension TypedOption: Sendable where Value: Sendable {}
