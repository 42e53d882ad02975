/// The parameters the output policy's and every writer's messages name.
extension Parameter {
    package static let destination = Parameter("destination", flag: "--out", style: .path)
    package static let force = Parameter("force", flag: "--force")
    package static let resume = Parameter("resume", flag: "--resume")
    package static let reportFolder = Parameter("destination", flag: "--report", style: .path)

    /// Every parameter above, for the tests that check each is spelled as a command takes it.
    package static let coreParameters: [Parameter] = [
        .destination, .force, .resume, .reportFolder,
    ]
}
