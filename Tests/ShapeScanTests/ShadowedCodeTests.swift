import ScanSynthesis
import ShapeScan
import Testing

/// A phone's shadow across part of the page code (the strip of squares at the foot) darkens the
/// paper there past one split of grey for the whole strip; each square is then read against the
/// paper of its own column, and the page is still given to its sheet.
struct ShadowedCodeTests {
    @Test(arguments: [0.45, 0.5, 0.55, 0.7])
    func aShadowAcrossPartOfTheCodeStillReadsThePage(light: Double) throws {
        let synthetic = try SyntheticClass(students: 1, turns: 8)
        let (flat, truth) = try #require(try synthetic.markedPages(dpi: 150, seed: 6, only: .tick).first)
        let page = try readScannedPage(Self.shadowed(flat, light: light), of: synthetic)
        #expect(page.problem == nil, "\(String(describing: page.problem))")
        #expect(page.readings.count == 8)
        for reading in page.readings where reading.flag == nil {
            #expect(reading.choice == truth.marks[reading.turn]?.label, "turn \(reading.turn): \(reading)")
        }
    }

    /// `image` with everything right of 45% of its width, below its top fifth, at `light` of its
    /// brightness, the shadow's edge a soft ramp 12 pixels wide.
    static func shadowed(_ image: GrayImage, light: Double) -> GrayImage {
        var shadowed = image
        let edge = Double(image.width) * 0.45
        for y in (image.height / 5)..<image.height {
            for x in 0..<image.width {
                let inShadow = min(1, max(0, (Double(x) - edge) / 12))
                let index = y * image.width + x
                let value = Double(image.pixels[index]) * (1 - (1 - light) * inShadow)
                shadowed.pixels[index] = UInt8(max(0, min(255, value.rounded())))
            }
        }
        return shadowed
    }
}
