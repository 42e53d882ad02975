import Foundation
import ScanSynthesis
import ShapeGame
import ShapeRendering
import ShapeScan
import Testing

/// A phone photo in which only two of the four corner tags are found (a shadow, blur, a tag at the
/// photo's edge) is read when its page code and its own answer boxes confirm the two tags' map,
/// and refused, never assigned, when they do not.
struct TwoTagPageTests {
    /// The corners (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left) whose tags are covered.
    static let covered: [[Int]] = [[1, 3], [0, 2], [0, 1], [1, 2], [0, 3]]

    /// At 200 dpi with blur σ 1 px, and at 150 dpi with blur σ 2 px (the phone profile's worst),
    /// where a box's outline is only about 0.05 darker than the paper beside it.
    @Test(arguments: covered, [(200.0, 1.0), (150, 2)])
    func aPageWithTwoTagsCoveredIsReadRight(covered: [Int], photo: (dpi: Double, blur: Double)) throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (flat, truth) = try #require(try synthetic.markedPages(dpi: photo.dpi, seed: 8, only: .tick).first)
        let photo = Self.photographed(Self.covering(flat, corners: covered, dpi: photo.dpi), blur: photo.blur)
        let page = try readScannedPage(photo, of: synthetic)
        #expect(page.problem == nil, "\(String(describing: page.problem))")
        #expect(page.tagsFound == 2)
        #expect(page.code?.sheetCode == truth.sheetCode && page.code?.page == truth.page)
        #expect(page.readings.count == 8)
        var read = 0
        for reading in page.readings where reading.flag == nil {
            #expect(reading.choice == truth.marks[reading.turn]?.label, "turn \(reading.turn): \(reading)")
            read += 1
        }
        #expect(read >= 7, "only \(read) of 8 turns read")
    }

    /// The teacher sees which pages were read from two tags: the review page's table says so.
    @Test func theReviewPageSaysAPageWasReadFromTwoTags() throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (flat, _) = try #require(try synthetic.markedPages(dpi: 200, seed: 8, only: .tick).first)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let twoTags = folder.appendingPathComponent("two-tags.png")
        try Data(Self.photographed(Self.covering(flat, corners: [0, 1], dpi: 200)).pngBytes()).write(to: twoTags)
        let allTags = folder.appendingPathComponent("all-tags.png")
        try Data(flat.pngBytes()).write(to: allTags)
        let outcome = try ScanGrader(key: synthetic.key, keepsImages: true).read([twoTags.path])
        let review = folder.appendingPathComponent("review").path
        try ReviewPage(outcome: outcome).publish(in: review)
        let html = try String(contentsOfFile: review + "/index.html", encoding: .utf8)
        #expect(html.contains("<td>read from 2 of 4 corner marks, checked against its boxes</td>"))
        let full = try ScanGrader(key: synthetic.key, keepsImages: true).read([allTags.path])
        let fullReview = folder.appendingPathComponent("review-all").path
        try ReviewPage(outcome: full).publish(in: fullReview)
        let fullHTML = try String(contentsOfFile: fullReview + "/index.html", encoding: .utf8)
        #expect(fullHTML.contains("<td>read</td>") && !fullHTML.contains("corner marks, checked"))
    }

    /// Two tags and a page code, but no answer boxes where the code says they are (a sheet of
    /// tags and code alone, as a page of another layout would be): the map is not confirmed, and
    /// nothing is given to the sheet the code names.
    @Test(arguments: [[1, 3], [0, 1]])
    func twoTagsWithoutTheBoxesTheirCodeNamesAreRefused(covered: [Int]) throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (flat, _) = try #require(try synthetic.markedPages(dpi: 200, seed: 8, only: .tick).first)
        var bare = Self.covering(flat, corners: covered, dpi: 200)
        // Everything between the top and bottom margins whited out: tags and code stay.
        let scale = 200.0 / 72
        for y in Int(60 * scale)..<Int((PaperSize.a4.height - 60) * scale) {
            for x in 0..<bare.width { bare.pixels[y * bare.width + x] = 250 }
        }
        let page = try readScannedPage(Self.photographed(bare), of: synthetic)
        #expect(page.problem == .unconfirmed(found: 2), "\(String(describing: page.problem))")
        #expect(page.readings.isEmpty && page.student == nil)
    }

    /// Two tags whose page code is inked over: nothing checks their map, and the page is refused.
    @Test func twoTagsWithoutAReadableCodeAreRefused() throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (flat, _) = try #require(try synthetic.markedPages(dpi: 200, seed: 8, only: .tick).first)
        var inked = Self.covering(flat, corners: [1, 3], dpi: 200)
        let scale = 200.0 / 72
        let code = ReadBackMarks(paper: .a4).codeSquares
        let left = Int((code.map(\.x).min() ?? 0) * scale)
        let right = Int((code.map(\.maxX).max() ?? 0) * scale)
        for y in Int((code.map(\.y).min() ?? 0) * scale)..<Int((code.map(\.maxY).max() ?? 0) * scale) {
            for x in left..<right { inked.pixels[y * inked.width + x] = 20 }
        }
        let page = try readScannedPage(Self.photographed(inked), of: synthetic)
        #expect(page.problem == .unconfirmed(found: 2), "\(String(describing: page.problem))")
        #expect(page.readings.isEmpty && page.student == nil)
    }

    /// `image` with the tags of `corners` covered by paper (2 mm round each black square).
    static func covering(_ image: GrayImage, corners: [Int], dpi: Double) -> GrayImage {
        var covered = image
        let scale = dpi / 72
        let marks = ReadBackMarks(paper: .a4)
        for corner in corners {
            let square = marks.tagSquare(corner: corner).insetBy(-2 * ReadBackMarks.millimetre)
            for y in max(0, Int(square.y * scale))..<min(image.height, Int(square.maxY * scale)) {
                for x in max(0, Int(square.x * scale))..<min(image.width, Int(square.maxX * scale)) {
                    covered.pixels[y * image.width + x] = 250
                }
            }
        }
        return covered
    }

    /// `image` photographed in perspective on a dark table: its corners moved 3–9% of the page's
    /// width, each a different way, then blurred (σ `blur` px).
    static func photographed(_ image: GrayImage, blur: Double = 1) -> GrayImage {
        let w = Double(image.width)
        let h = Double(image.height)
        let width = Int(w * 1.2)
        let height = Int(h * 1.12)
        let left = (Double(width) - w) / 2
        let top = (Double(height) - h) / 2
        let moved = [(0.07, 0.03), (-0.04, 0.08), (-0.09, -0.05), (0.03, -0.06)]
        let source = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
        let destination = zip(source, moved).map { point, move in
            Point(x: left + point.x + move.0 * w, y: top + point.y + move.1 * w)
        }
        guard let back = Homography(from: destination, to: source) else { return image }
        var pixels = [UInt8](repeating: 70, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = back.map(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                guard p.x >= 0, p.y >= 0, p.x < w, p.y < h else { continue }
                pixels[y * width + x] = UInt8(max(0, min(255, image.sample(x: p.x, y: p.y).rounded())))
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels).blurred(sigma: blur)
    }
}
