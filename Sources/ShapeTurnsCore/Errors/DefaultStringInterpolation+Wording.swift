extension DefaultStringInterpolation {
    /// A parameter in a `String` would read the library's way on the command line too: a
    /// message that names one must be a ``Wording``. This overload only exists to make that
    /// mistake a warning, which `scripts/test` fails on.
    @available(
        *, deprecated,
        message: "a Parameter in a String is spelled the library's way everywhere; make the message a Wording"
    )
    package mutating func appendInterpolation(_ parameter: Parameter) {
        appendLiteral(parameter.libraryName)
    }

    /// A ``Wording`` in a `String` loses the parameters it names, as above.
    @available(
        *, deprecated,
        message: "a Wording in a String is spelled the library's way everywhere; keep the message a Wording"
    )
    package mutating func appendInterpolation(_ wording: Wording) {
        appendLiteral(wording.description)
    }
}
