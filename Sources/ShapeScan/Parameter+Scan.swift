import ShapeTurnsCore

/// The parameters `scan`'s messages name.
extension Parameter {
    package static let scans = Parameter("scans", flag: "SCANS", style: .path)
    package static let reviewFolder = Parameter("destination", flag: "--review", style: .path)
    package static let scanResponses = Parameter("destination", flag: "--responses", style: .path)

    /// Every parameter above, for the tests that check each is spelled as a command takes it.
    package static let scanParameters: [Parameter] = [
        .scans, .reviewFolder, .scanResponses,
    ]
}
