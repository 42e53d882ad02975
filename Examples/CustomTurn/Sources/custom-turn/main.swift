import CustomTurn
import Foundation

// Writes the custom turn's two PNGs into the folder given (default: the current one) and says
// which shape is larger.
let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
do {
    let custom = CustomTurn()
    let images = try custom.renderPNGs()
    try Data(images.a).write(to: folder.appendingPathComponent("custom-a.png"))
    try Data(images.b).write(to: folder.appendingPathComponent("custom-b.png"))
    print("larger: \(custom.turn.larger), area ratio \(custom.turn.areaRatio)")
} catch {
    FileHandle.standardError.write(Data("custom-turn: \(error)\n".utf8))
    exit(1)
}
