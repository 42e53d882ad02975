import Foundation
import PixelDiff
import ShapeTurnsCompare
import Testing

/// JPEG and WebP decode to the straight RGBA Pillow's reference decoders give (its libjpeg-turbo
/// and libwebp, apart from ours), and compare reads them like PNGs, in pair and folder mode.
@Suite("JPEG and WebP images are read as Pillow reads them", .serialized)
struct ImageFormatsTests {
    /// Pillow writes each image and its own decoding of it; ours must give the same bytes.
    @Test func eachFormatDecodesToPillowsPixels() throws {
        let folder = try TemporaryFolder()
        let made = try PythonCheck.run("reference-decodes.py", [folder.url.path])
        let images = try #require(made["images"] as? [String: [Int]])
        #expect(images.count == 7)
        for (name, size) in images.sorted(by: { $0.key < $1.key }) {
            let bytes = [UInt8](try Data(contentsOf: folder.url.appendingPathComponent(name)))
            let expected = [UInt8](try Data(contentsOf: folder.url.appendingPathComponent(name + ".rgba")))
            let image = try ImageDecoder.decode(bytes, maximumPixels: RGBAImage.maximumPixels)
            #expect([image.width, image.height] == size, "\(name)")
            #expect(ImageDecoder.declaredSize(of: bytes) == ImageSize(width: size[0], height: size[1]), "\(name)")
            let decoded = image.pixels.withUnsafeBytes { Array($0) }
            let differing = zip(decoded, expected).filter { $0 != $1 }.count
            #expect(
                decoded.count == expected.count && differing == 0, "\(name): \(differing) bytes differ from Pillow's")
        }
    }

    /// The command compares JPEG and WebP files as it compares PNGs: a changed pair differs, a
    /// file against itself matches, and in folder mode `*.jpg` and `*.webp` are images too.
    @Test func compareReadsJPEGAndWebPInPairAndFolderMode() throws {
        let folder = try TemporaryFolder()
        _ = try PythonCheck.run("reference-decodes.py", [folder.url.path])
        let photo = folder.path("photo.jpg")
        let same = try ShapeTurnsBinary.run(["compare", photo, photo])
        #expect(same.status == 0, "\(same.stderr)")
        let changed = try ShapeTurnsBinary.run(["compare", photo, folder.path("photo-444.jpg"), "--threshold", "0"])
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(changed.stdout.hasPrefix("differ: "), "\(changed.stdout)")
        let sizes = try ShapeTurnsBinary.run(["compare", folder.path("lossy.webp"), folder.path("lossless-alpha.webp")])
        #expect(sizes.status == 1 && sizes.stderr.isEmpty, "\(sizes.stderr)")
        let photoBytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        for (name, content, says) in [
            ("text.jpg", Data("not a jpeg".utf8), "not a PNG, JPEG or WebP file"),
            ("cut.webp", Data("RIFF\u{10}\0\0\0WEBPVP8 ".utf8), "corrupt WebP"),
            ("cut.jpg", photoBytes.prefix(photoBytes.count / 2), "corrupt JPEG: Premature end of JPEG file"),
        ] {
            try content.write(to: folder.url.appendingPathComponent(name))
            let bad = try ShapeTurnsBinary.run(["compare", photo, folder.path(name)])
            #expect(bad.status == 65, "\(name): \(bad.stderr)")
            #expect(bad.stderr.hasPrefix("shapeturns: \(folder.path(name)): \(says)"), "\(bad.stderr)")
            #expect(bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        }
        let budget = try ShapeTurnsBinary.run(["compare", photo, photo, "--pixel-budget", "47501"])
        #expect(budget.status == 65 && budget.stderr.contains("needs 47502 pixels decoded (203x117 and 203x117)"))
        let expected = folder.url.appendingPathComponent("expected")
        let actual = folder.url.appendingPathComponent("actual")
        for url in [expected, actual] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: photo, toPath: expected.appendingPathComponent("a.JPG").path)
        try FileManager.default.copyItem(
            atPath: folder.path("photo-444.jpg"), toPath: actual.appendingPathComponent("a.JPG").path)
        for url in [expected, actual] {
            try FileManager.default.copyItem(
                atPath: folder.path("lossless-alpha.webp"), toPath: url.appendingPathComponent("b.webp").path)
        }
        let result = try ShapeTurnsBinary.run(["compare", expected.path, actual.path, "--threshold", "0", "-q"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("2 images: 1 passed, 1 changed, 0 new, 0 missing"), "\(result.stdout)")
        #expect(result.stdout.contains("changed: a.JPG: "), "\(result.stdout)")
    }
}
