import ArgumentParser

/// An option's value with whether it was typed. ArgumentParser gives an option left out its
/// default value; an option declared as `TypedOption(default:)` is built by ArgumentParser from
/// the command line only when it is there (`init(argument:)`), so `score` can tell `--strategy
/// random` typed against a quest game's record from no `--strategy` at all. The help shows the
/// value's own default and values, as for an option of type `Value`.
struct TypedOption<Value: ExpressibleByArgument>: ExpressibleByArgument {
    /// The value typed, or the default.
    let value: Value
    /// The value when it was on the command line; nil when it is the default.
    let typed: Value?

    /// The option left out: `value` is `standard`.
    init(default standard: Value) {
        value = standard
        typed = nil
    }

    init?(argument: String) {
        guard let value = Value(argument: argument) else { return nil }
        self.value = value
        typed = value
    }

    var defaultValueDescription: String { value.defaultValueDescription }

    static var allValueStrings: [String] { Value.allValueStrings }

    static var defaultCompletionKind: CompletionKind { Value.defaultCompletionKind }
}

extension TypedOption: Sendable where Value: Sendable {}
