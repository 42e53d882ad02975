import CAprilTag
import ShapeRendering
import Testing

/// The tags ShapeRendering draws from its few constants are libapriltag's own tag36h11 tags.
struct TagFamilyTests {
    @Test(arguments: 0..<8)
    func drawnTagMatchesLibAprilTag(id: Int) throws {
        let family = try #require(tag36h11_create())
        defer { tag36h11_destroy(family) }
        let image = try #require(apriltag_to_image(family, Int32(id)))
        let marks = ReadBackMarks(paper: id < 4 ? .a4 : .letter)
        let corner = id % 4
        let square = marks.tagSquare(corner: corner)
        let black = Set(
            marks.tagBlackCells(corner: corner).map { cell in
                Int(((cell.y - square.y) / ReadBackMarks.tagBit).rounded()) * 8
                    + Int(((cell.x - square.x) / ReadBackMarks.tagBit).rounded())
            })
        // libapriltag's image is 10 × 10: a white border one bit wide around the 8 × 8 square.
        #expect(image.pointee.width == 10 && image.pointee.height == 10)
        for row in 0..<8 {
            for column in 0..<8 {
                let value = image.pointee.buf[(row + 1) * Int(image.pointee.stride) + column + 1]
                #expect((value == 0) == black.contains(row * 8 + column), "tag \(id), row \(row), column \(column)")
            }
        }
        #expect(ReadBackMarks.tag36h11Codes[id] == family.pointee.codes[id])
    }
}
