import Foundation
import ScanSynthesis
import ShapeGame
import ShapeScan
import Testing

/// A page that is not flat (curled, or photographed through a wide lens) puts the boxes in its
/// middle a few points from where its corner tags say; each box is found by its outline, so an
/// empty box's outline is never read as a mark.
struct BentPageTests {
    @Test(arguments: [PenMark.blank, .tick, .cross], [0.02, 0.03, 0.04])
    func boxesOnABentPageAreReadOrFlaggedNeverMisread(mark: PenMark, bend: Double) throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (flat, truth) = try #require(try synthetic.markedPages(dpi: 200, seed: 4, only: mark).first)
        let page = try readScannedPage(Self.throughLens(flat, bend: bend), of: synthetic)
        #expect(page.readings.count == 8, "\(String(describing: page.problem))")
        var read = 0
        for reading in page.readings {
            let label = try #require(truth.marks[reading.turn]).label
            if reading.flag == nil {
                #expect(reading.choice == (mark.isChoice ? label : nil), "turn \(reading.turn): \(reading)")
                read += 1
            }
        }
        // Flagging every turn would pass the check above; most must still be read.
        #expect(read >= 6, "only \(read) of 8 turns read")
    }

    /// `image` centred on a dark desk and seen through a lens with barrel distortion `bend`
    /// (a point at distance r from the middle, in units of the half-diagonal, is drawn from
    /// r·(1 + bend·r²)), as the outside check's generator makes it.
    static func throughLens(_ image: GrayImage, bend: Double) -> GrayImage {
        let width = Int(Double(image.width) / 0.85)
        let height = Int(Double(image.height) / 0.85)
        let centreX = Double(width) / 2
        let centreY = Double(height) / 2
        let radius = (centreX * centreX + centreY * centreY).squareRoot()
        let left = Double(width - image.width) / 2
        let top = Double(height - image.height) / 2
        var pixels = [UInt8](repeating: 76, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let dx = (Double(x) + 0.5 - centreX) / radius
                let dy = (Double(y) + 0.5 - centreY) / radius
                let scale = 1 + bend * (dx * dx + dy * dy)
                let sourceX = centreX + dx * scale * radius - left
                let sourceY = centreY + dy * scale * radius - top
                guard sourceX >= 0, sourceY >= 0, sourceX < Double(image.width), sourceY < Double(image.height) else {
                    continue
                }
                pixels[y * width + x] = UInt8(max(0, min(255, image.sample(x: sourceX, y: sourceY).rounded())))
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}
