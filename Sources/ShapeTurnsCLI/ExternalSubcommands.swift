import ArgumentParser
import ShapeTurnsCommandSupport

/// `shapeturns play`, as `shapeturns --help` lists it: the command is `shapeturns-play`, which
/// `ShapeTurnsCommand.main` runs in its place.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ExternalCommand.play.name, abstract: ExternalCommand.play.abstract)

    @Argument(parsing: .captureForPassthrough)
    var arguments: [String] = []

    func run() {
        ExternalCommand.play.exec(arguments: arguments)
    }
}

/// `shapeturns scan`, as `shapeturns --help` lists it: the command is `shapeturns-scan`, which
/// `ShapeTurnsCommand.main` runs in its place.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ExternalCommand.scan.name, abstract: ExternalCommand.scan.abstract)

    @Argument(parsing: .captureForPassthrough)
    var arguments: [String] = []

    func run() {
        ExternalCommand.scan.exec(arguments: arguments)
    }
}
