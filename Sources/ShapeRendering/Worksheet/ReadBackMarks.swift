/// Where a worksheet page's machine-readable marks go, in points from the page's top-left
/// corner, and what they look like: pure geometry shared by the drawing code and the scanner.
///
/// - **Fiducials**: an AprilTag of the tag36h11 family in each corner of the margin, its black
///   square 8 mm wide (1 mm a bit), 6 mm from the paper's edges, outside the 3–6 mm printers
///   cannot reach and clear of the content 15 mm in. The tag's id says which corner it is and
///   the paper: ids 0, 1, 2, 3 are the top-left, top-right, bottom-right and bottom-left corners
///   of an A4 page, 4 to 7 those of a Letter page. A reader that finds any three knows the page's
///   orientation (upside down included) and its homography.
/// - **Page code**: `PageCode`'s 80 bits as two rows of forty 3 mm squares in the bottom margin,
///   between the lower tags; a one is a filled square, a zero blank paper.
///
/// The tags are drawn from their code words (`tag36h11Codes`) and the family's bit layout: the
/// scanner's tests check both against libapriltag's own family, so ShapeRendering does not link
/// it.
package struct ReadBackMarks: Sendable, Equatable {
    /// One millimetre in points.
    package static let millimetre = 72 / 25.4
    /// The side of one bit of a tag (its black square is eight bits wide).
    package static let tagBit = 1 * millimetre
    /// The side of a tag's black square.
    package static let tagSide = 8 * tagBit
    /// From the paper's edge to a tag's black square.
    package static let tagInset = 6 * millimetre
    /// Code squares in a row, and rows.
    package static let codeColumns = 40
    package static let codeRows = 2
    /// From the left edge of one code square to the next; from one row's top to the next.
    package static let codePitch = 4 * millimetre
    /// The side of one code square.
    package static let codeCell = 3 * millimetre
    /// From the paper's bottom edge up to the top of the first row of code squares.
    package static let codeTopFromBottom = 13.5 * millimetre

    /// The code words of tag36h11's first eight tags, from libapriltag's `tag36h11.c`.
    package static let tag36h11Codes: [UInt64] = [
        0xd_7e00_984b, 0xd_da66_4ca7, 0xd_c4a1_c821, 0xe_17b4_70e9,
        0xe_f91d_01b1, 0xf_429c_dd73, 0x5_da2_9225, 0x1_106c_ba43,
    ]
    /// Where bit `i` of a tag36h11 code word (the most significant first) sits in the 8 × 8
    /// black square, as (column, row): libapriltag's `bit_x` and `bit_y`. A one bit is white.
    package static let tag36h11BitCells: [(column: Int, row: Int)] = [
        (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (2, 2), (3, 2), (4, 2), (3, 3), (6, 1), (6, 2), (6, 3),
        (6, 4), (6, 5), (5, 2), (5, 3), (5, 4), (4, 3), (6, 6), (5, 6), (4, 6), (3, 6), (2, 6), (5, 5),
        (4, 5), (3, 5), (4, 4), (1, 6), (1, 5), (1, 4), (1, 3), (1, 2), (2, 5), (2, 4), (2, 3), (3, 4),
    ]

    package let paper: PaperSize

    package init(paper: PaperSize) {
        self.paper = paper
    }

    /// The tag id of the page's `corner` (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left).
    package func tagID(corner: Int) -> Int {
        (paper == .a4 ? 0 : 4) + corner
    }

    /// The paper and corner a tag id stands for; `nil` for an id these pages do not print.
    package static func corner(ofTag id: Int) -> (paper: PaperSize, corner: Int)? {
        guard (0..<8).contains(id) else { return nil }
        return (id < 4 ? .a4 : .letter, id % 4)
    }

    /// The black square of the tag in `corner`.
    package func tagSquare(corner: Int) -> Rect {
        let left = corner == 0 || corner == 3
        let top = corner < 2
        return Rect(
            x: left ? Self.tagInset : paper.width - Self.tagInset - Self.tagSide,
            y: top ? Self.tagInset : paper.height - Self.tagInset - Self.tagSide,
            width: Self.tagSide, height: Self.tagSide)
    }

    /// The tag's corners as a detector reports them, in page points: libapriltag gives the
    /// black square's corners counter-clockwise in the image (y down) from the bottom-left.
    package func tagCorners(corner: Int) -> [Point] {
        let square = tagSquare(corner: corner)
        return [
            Point(x: square.x, y: square.maxY), Point(x: square.maxX, y: square.maxY),
            Point(x: square.maxX, y: square.y), Point(x: square.x, y: square.y),
        ]
    }

    /// The black cells of tag `id`'s 8 × 8 square, each as a rectangle in page points.
    package func tagBlackCells(corner: Int) -> [Rect] {
        let square = tagSquare(corner: corner)
        let code = Self.tag36h11Codes[tagID(corner: corner)]
        var white = Set<Int>()
        for (index, cell) in Self.tag36h11BitCells.enumerated() where code >> UInt64(35 - index) & 1 == 1 {
            white.insert(cell.row * 8 + cell.column)
        }
        return (0..<64).filter { !white.contains($0) }.map { index in
            Rect(
                x: square.x + Double(index % 8) * Self.tagBit, y: square.y + Double(index / 8) * Self.tagBit,
                width: Self.tagBit, height: Self.tagBit)
        }
    }

    /// The square of code bit `index` (0-based, row by row).
    package func codeSquare(bit index: Int) -> Rect {
        let row = index / Self.codeColumns
        let column = index % Self.codeColumns
        let rowWidth = Double(Self.codeColumns - 1) * Self.codePitch + Self.codeCell
        return Rect(
            x: (paper.width - rowWidth) / 2 + Double(column) * Self.codePitch,
            y: paper.height - Self.codeTopFromBottom + Double(row) * Self.codePitch,
            width: Self.codeCell, height: Self.codeCell)
    }

    /// Every code square, in bit order.
    package var codeSquares: [Rect] {
        (0..<PageCode.bitCount).map { codeSquare(bit: $0) }
    }
}
