import Foundation
import ShapeTurns
import Testing

/// Every image of a set, written by the fast encoder, decodes with libpng and with Pillow to
/// exactly the pixels Cairo drew: the pixels of the same set written by Cairo's own PNG writer
/// (`--png-compression cairo`), read with libpng; RGB over an opaque background, RGBA otherwise.
@Suite("libpng and Pillow read the fast encoder's images as Cairo's pixels", .serialized)
struct PNGDecodersAgreeTests {
    static let sets: [[String]] = [
        ["--turns", "4", "--seed", "21", "--size", "128"],
        ["--turns", "3", "--seed", "22", "--size", "512", "--shapes", "circle,star"],
        ["--turns", "3", "--seed", "23", "--size", "200", "--layout", "pair", "--background", "white", "--labels"],
        [
            "--turns", "4", "--seed", "24", "--size", "96", "--rotation", "random", "--placement", "random",
            "--palette", "bright", "--max-proportion", "0.7", "--shapes", "square,circle,triangle,star,hexagon",
        ],
    ]

    @Test(arguments: sets)
    func everyImageDecodesToCairosPixels(options: [String]) throws {
        let folder = try TemporaryFolder()
        let fast = folder.url.appendingPathComponent("fast")
        let cairo = folder.url.appendingPathComponent("cairo")
        for (set, extra) in [(fast, [String]()), (cairo, ["--png-compression", "cairo"])] {
            let generated = try ShapeTurnsBinary.run(["generate"] + options + extra + ["--out", set.path, "--quiet"])
            try #require(generated.status == 0, "\(generated.stderr)")
        }
        let decoded = folder.url.appendingPathComponent("pillow")
        let pillow = try PythonEnvironment.runScript(
            "decode_pngs.py", [fast.path, decoded.path], cache: folder.url.appendingPathComponent("cache"))
        try #require(pillow.status == 0, "decode_pngs.py: \(pillow.stderr.suffix(2000))")

        let written = try TemporaryFolder.files(in: fast).filter { $0.key.hasSuffix(".png") }
        let reference = try TemporaryFolder.files(in: cairo).filter { $0.key.hasSuffix(".png") }
        try #require(!written.isEmpty)
        #expect(Set(written.keys) == Set(reference.keys))
        #expect(pillow.stdout.contains("\"images\": \(written.count)"), "\(pillow.stdout)")
        let colourType: UInt8 = options.contains("--background") ? 2 : 6
        for (path, bytes) in written.sorted(by: { $0.key < $1.key }) {
            #expect(bytes[25] == colourType && reference[path]?[25] == colourType, "\(path): PNG colour type")
            let byLibPNG = try RGBAImage.decodedByLibPNG([UInt8](bytes))
            let cairos = try RGBAImage.decodedByLibPNG([UInt8](try #require(reference[path])))
            #expect(byLibPNG == cairos, "\(path): libpng reads other pixels than Cairo drew")
            let byPillow = try Data(contentsOf: decoded.appendingPathComponent(path + ".rgba"))
            let libpngBytes = byLibPNG.pixels.flatMap { pixel in
                [UInt8(pixel & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel >> 16 & 0xFF), UInt8(pixel >> 24)]
            }
            #expect(byPillow == Data(libpngBytes), "\(path): Pillow and libpng disagree")
        }
    }
}
