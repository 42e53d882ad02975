import ShapeGame
import ShapeRendering

/// Reads one scanned page: finds its corner tags, fits the page's homography, reads its page
/// code, and measures the ink in its answer boxes. Holds a tag detector, so one reader serves
/// one thread.
package final class PageReader {
    private let coarse: TagDetector
    private let fine: TagDetector
    private let sharp: TagDetector

    package init?() {
        guard let coarse = TagDetector(decimate: 2), let fine = TagDetector(decimate: 1),
            let sharp = TagDetector(decimate: 1, sigma: 0)
        else { return nil }
        self.coarse = coarse
        self.fine = fine
        self.sharp = sharp
    }

    /// Finds the page in `image`: at least three corner tags of one paper, agreeing on one map,
    /// or two whose map reads the page code (such a fix is used only once `MapRefinement` has
    /// checked it against the page's answer boxes).
    package func locate(_ image: GrayImage) -> Result<PageFix, PageProblem> {
        var sightings = coarse.detect(in: image)
        if Self.corners(in: sightings).count < 4 {
            let more = fine.detect(in: image)
            if Self.corners(in: more).count > Self.corners(in: sightings).count { sightings = more }
        }
        // A blurred photo of a small page: its tags' bits run together, and an unsharp mask
        // brings them back (a wrong tag is still caught by the corners' agreement and the page
        // code's checksum).
        if Self.corners(in: sightings).count < 3 {
            let more = sharp.detect(in: image.sharpened(sigma: 2, amount: 2))
            if Self.corners(in: more).count > Self.corners(in: sightings).count { sightings = more }
        }
        let byPaper = Dictionary(grouping: sightings.filter { ReadBackMarks.corner(ofTag: $0.id) != nil }) {
            ReadBackMarks.corner(ofTag: $0.id)?.paper ?? .a4
        }
        guard let (paper, tags) = byPaper.max(by: { Set($0.value.map(\.id)).count < Set($1.value.map(\.id)).count }),
            Set(tags.map(\.id)).count >= MapRefinement.leastTags
        else {
            return .failure(.noMarks(found: Self.corners(in: sightings).count))
        }
        // One sighting a corner: the surest.
        var best: [Int: TagDetector.Sighting] = [:]
        for tag in tags where best[tag.id].map({ $0.margin < tag.margin }) ?? true {
            best[tag.id] = tag
        }
        let marks = ReadBackMarks(paper: paper)
        var pagePoints: [Point] = []
        var scanPoints: [Point] = []
        for (id, tag) in best.sorted(by: { $0.key < $1.key }) {
            guard let corner = ReadBackMarks.corner(ofTag: id)?.corner else { continue }
            pagePoints += marks.tagCorners(corner: corner)
            scanPoints += tag.corners.map { Point(x: $0.x, y: $0.y) }
            let square = marks.tagSquare(corner: corner)
            pagePoints.append(Point(x: square.midX, y: square.midY))
            scanPoints.append(Point(x: tag.center.x, y: tag.center.y))
        }
        guard let homography = Homography(from: pagePoints, to: scanPoints) else { return .failure(.marksDisagree) }
        let pixelsPerPoint = Self.pixelsPerPoint(homography, paper: paper)
        // Every tag corner within a tag bit (1 mm) of where the map puts it: a tag of another page is further off.
        let tolerance = max(4, ReadBackMarks.tagBit * pixelsPerPoint)
        for (page, scan) in zip(pagePoints, scanPoints) {
            guard homography.distance(from: page, to: scan) <= tolerance else { return .failure(.marksDisagree) }
        }
        guard pixelsPerPoint > 0.8 else { return .failure(.noMarks(found: best.count)) }
        let code = Self.readCode(image, marks: marks, homography: homography, pixelsPerPoint: pixelsPerPoint)
        let fix = PageFix(
            paper: paper, homography: homography, tagsFound: best.count, code: code,
            pixelsPerPoint: pixelsPerPoint, tagPoints: Array(zip(pagePoints, scanPoints)).map { ($0, $1) })
        guard best.count < 3, code == nil else { return .success(fix) }
        // Two tags on one edge put the code at the far edge too far off to read: it is read on the
        // map grown over the boxes. Without a code, nothing can check two tags' map.
        guard let grown = MapRefinement.readingCodeOnDefaultGrid(fix, image: image) else {
            return .failure(.unconfirmed(found: best.count))
        }
        return .success(grown)
    }

    /// How many scan pixels a point spans at the middle of the page, about.
    static func pixelsPerPoint(_ homography: Homography, paper: PaperSize) -> Double {
        let origin = homography.map(Point(x: paper.width / 2, y: paper.height / 2))
        let step = homography.map(Point(x: paper.width / 2 + 10, y: paper.height / 2))
        return ((step.x - origin.x) * (step.x - origin.x) + (step.y - origin.y) * (step.y - origin.y))
            .squareRoot() / 10
    }

    private static func corners(in sightings: [TagDetector.Sighting]) -> Set<Int> {
        Set(sightings.map(\.id).filter { (0..<8).contains($0) })
    }

    /// The page code from its squares: each square's mean grey, split at the middle of the darkest
    /// and lightest; failing that, each square against the paper of its own column (a shadow
    /// across part of the strip darkens its paper past one split for the whole page). `nil` when
    /// the contrast is too low, a square is too close to its split, or the checksum fails.
    static func readCode(_ image: GrayImage, marks: ReadBackMarks, homography: Homography, pixelsPerPoint: Double)
        -> PageCode?
    {
        func grey(_ rect: Rect) -> [Double] {
            samples(image, in: rect, homography: homography, pixelsPerPoint: pixelsPerPoint)
        }
        let means = marks.codeSquares.map { square in
            let values = grey(square.insetBy(0.6))
            return values.reduce(0, +) / Double(max(1, values.count))
        }
        if let darkest = means.min(), let lightest = means.max(), lightest - darkest > 40 {
            let middle = (darkest + lightest) / 2
            // A square within a tenth of the contrast of the split is not trusted.
            if !means.contains(where: { abs($0 - middle) < 0.1 * (lightest - darkest) }),
                let code = PageCode(bits: means.map { $0 < middle })
            {
                return code
            }
        }
        // Each column's paper: the 90th percentile of its two squares with the gaps round them,
        // at least a third of it paper even when both squares are filled.
        let gap = ReadBackMarks.codePitch - ReadBackMarks.codeCell
        var papers: [Double] = []
        for column in 0..<ReadBackMarks.codeColumns {
            let top = marks.codeSquare(bit: column)
            let strip = Rect(
                x: top.x - gap / 2, y: top.y - 1.5 * gap, width: ReadBackMarks.codePitch,
                height: Double(ReadBackMarks.codeRows - 1) * ReadBackMarks.codePitch + top.height + 3 * gap)
            let sorted = grey(strip).sorted()
            guard !sorted.isEmpty else { return nil }
            let paper = sorted[sorted.count * 9 / 10]
            guard paper > 40 else { return nil }
            papers.append(paper)
        }
        let darkness = means.enumerated().map { index, mean in
            let paper = papers[index % ReadBackMarks.codeColumns]
            return (paper - mean) / paper
        }
        // A filled square is about 0.7 darker than its paper, an empty one about 0; between 0.2
        // and 0.5 it is not trusted.
        guard !darkness.contains(where: { $0 > Self.codeUnsure.lowerBound && $0 < Self.codeUnsure.upperBound })
        else { return nil }
        return PageCode(bits: darkness.map { $0 >= Self.codeUnsure.upperBound })
    }

    /// The darkness against its column's paper at which a code square is neither clearly empty
    /// nor clearly filled.
    static let codeUnsure = 0.2...0.5

    /// The ink in `box` (a page rectangle) and in the ring round its letter, against the paper
    /// around the box (see `BoxInk`).
    package static func ink(in box: Rect, of image: GrayImage, fix: PageFix) -> BoxInk {
        func grey(_ rect: Rect) -> [Double] {
            samples(image, in: rect, homography: fix.homography, pixelsPerPoint: fix.pixelsPerPoint)
        }
        let inside = grey(box.insetBy(2.2))
        let sides = paperSides(of: box).map(grey)
        let ring = sides.joined().sorted()
        guard !ring.isEmpty, !inside.isEmpty else { return BoxInk(ink: 0, faint: 0, paper: 255) }
        let paper = ring[ring.count / 2]
        guard paper > 0 else { return BoxInk(ink: 0, faint: 0, paper: paper) }
        // The grain of the least noisy side: a phone's shadow edge is a hard step across one or
        // two sides, which their spread would count as noise, raising the faint level over a
        // plainly visible tick.
        let noise = sides.filter { !$0.isEmpty }.map(Self.spread).min() ?? 0
        let faintLevel = max(BoxInk.faintDarkness, BoxInk.faintNoiseMultiple * noise / paper)
        func shares(_ values: [Double]) -> (ink: Double, faint: Double) {
            guard !values.isEmpty else { return (0, 0) }
            var ink = 0
            var faint = 0
            for value in values {
                let darkness = (paper - value) / paper
                if darkness > BoxInk.inkDarkness { ink += 1 }
                if darkness > faintLevel { faint += 1 }
            }
            return (Double(ink) / Double(values.count), Double(faint) / Double(values.count))
        }
        let strokes = strokes(
            inside, of: box.insetBy(2.2), box: box, paper: paper, faintLevel: faintLevel, image: image, fix: fix)
        let ink = max(shares(inside).ink, strokes.share)
        // Where the ink would mark the box by its area: how much of it is in one piece, dark
        // samples and light strokes together.
        let largestInkPiece =
            ink >= BoxInk.markedShare
            ? largestPiece(
                inside.indices.map { index in
                    (paper - inside[index]) / paper > BoxInk.inkDarkness
                        || (strokes.samples.isEmpty ? false : strokes.samples[index])
                }, of: box.insetBy(2.2), fix: fix)
            : nil
        // Faint ink in the box's core, out of reach of the outline's blur, in runs of samples,
        // against the paper's level or, where the ring's slope puts darker paper, against that
        // (a shadow's edge across the ring is a step no plane fits, and the level stays); and
        // between the slack and the core, where that blur reaches, against the blur itself.
        let coreRect = box.insetBy(BoxInk.faintInset)
        let coreGrid = grid(coreRect, pixelsPerPoint: fix.pixelsPerPoint)
        let core = grey(coreRect)
        let slope = PaperSlope(
            rects: paperSides(of: box), values: sides, centre: Point(x: box.midX, y: box.midY),
            pixelsPerPoint: fix.pixelsPerPoint, faintLevel: faintLevel)
        let corePaper = samplePoints(coreRect, pixelsPerPoint: fix.pixelsPerPoint).map { point in
            slope.map { max(1, min(paper, $0.grey(at: point))) } ?? paper
        }
        let coreFaint = Double(
            clusteredCount(
                zip(core, corePaper).map { value, under in (under - value) / under > faintLevel },
                columns: coreGrid.columns, rows: coreGrid.rows))
        let bandFaint = Double(
            bandFaintCount(inside, of: box.insetBy(2.2), in: box, paper: paper, level: faintLevel, fix: fix))
        let faint = min(1, (coreFaint + bandFaint) / Double(max(1, core.count)))
        // The lighter quarter of the core against the paper under it: an eraser's rubbed grey, or
        // the paper beside any stroke.
        let coreDarkness = zip(core, corePaper).map { value, under in (under - value) / under }.sorted()
        let insideDarkness = inside.map { (paper - $0) / paper }.sorted()
        let pieces = inkPieces(
            inside, of: box.insetBy(2.2), box: box, paper: paper, faintLevel: faintLevel, marked: strokes.samples,
            slope: slope, fix: fix)
        let letterRing = letterBands(of: box).map { shares(grey($0)).ink }
        let strokeBands = letterStrokeBands(of: box)
        let letterStrokes = strokeBands.map { strokeShare(grey($0)) }
        let traceLevel = RingTrace.level(faintLevel: faintLevel)
        let traces = zip(strokeBands, RingTrace.Side.allCases).map { band, side in
            let rect = RingTrace.sampled(band, side: side)
            let (columns, rows) = grid(rect, pixelsPerPoint: fix.pixelsPerPoint)
            return RingTrace.longestRun(
                grey(rect), columns: columns, rows: rows, rect: rect, side: side, level: traceLevel)
        }
        // The fill is measured against the darkest side of the ring: a shadow over the box lies
        // over a side of it too.
        let darkestSide = sides.filter { !$0.isEmpty }.map { $0.sorted()[$0.count / 2] }.min() ?? paper
        let lighterQuarter = inside.sorted()[inside.count * 3 / 4]
        return BoxInk(
            ink: ink, faint: faint, paper: paper, letterRing: zip(letterRing, letterStrokes).map { max($0, $1) },
            strokeLength: strokes.cleanLength, letterRingTrace: traces,
            fill: darkestSide > 0 ? max(0, (darkestSide - lighterQuarter) / darkestSide) : 0,
            largestInkPiece: largestInkPiece, pieces: pieces,
            rubbed: coreDarkness.isEmpty ? 0 : coreDarkness[coreDarkness.count / 4],
            peak: insideDarkness[insideDarkness.count * 49 / 50])
    }

    /// The pieces (`InkPieces`) of what `values`, sampled over `rect` (the inside of `box`), hold
    /// darker than the paper by `faintLevel`: ink, the samples `marked` (light strokes), in the
    /// core against the paper under them (`slope`, or `paper`), and between the slack and the core
    /// against the lighter of the lighter quarter of their own line along the nearest side (a
    /// column beside the left and right sides, a row beside the top and bottom) and the middle of
    /// all four sides at their depth: the outline's blurred shadow is the same all round at one
    /// depth, and a stroke along a side counts whole.
    static func inkPieces(
        _ values: [Double], of rect: Rect, box: Rect, paper: Double, faintLevel: Double, marked: [Bool],
        slope: PaperSlope?, fix: PageFix
    ) -> InkPieces? {
        let (columns, rows) = grid(rect, pixelsPerPoint: fix.pixelsPerPoint)
        let points = samplePoints(rect, pixelsPerPoint: fix.pixelsPerPoint)
        guard values.count == columns * rows, points.count == values.count, paper > 0 else { return nil }
        let step = rect.width / Double(columns)
        // Each sample between the slack and the core: its line along the nearest side, and its
        // depth in from the outline (in samples).
        let places = values.indices.map { index -> (line: Int, depth: Int)? in
            let point = points[index]
            let across = min(point.x - box.x, box.maxX - point.x)
            let down = min(point.y - box.y, box.maxY - point.y)
            guard min(across, down) < BoxInk.faintInset else { return nil }
            return (across < down ? index % columns : columns + index / columns, Int(min(across, down) / step))
        }
        var lines: [Int: [Double]] = [:]
        var depths: [Int: [Double]] = [:]
        for (index, place) in places.enumerated() {
            guard let place else { continue }
            lines[place.line, default: []].append(values[index])
            depths[place.depth, default: []].append(values[index])
        }
        // The lighter quarter of the sample's line, or the middle of all four sides at its depth,
        // whichever is lighter: the paper and the outline's shadow, even where a stroke along one
        // side covers most of its line.
        let lineLight = lines.mapValues { $0.sorted()[$0.count * 3 / 4] }
        let depthMiddle = depths.mapValues { $0.sorted()[$0.count / 2] }
        let mask = values.indices.map { index in
            let value = values[index]
            if (paper - value) / paper > BoxInk.inkDarkness || (marked.indices.contains(index) && marked[index]) {
                return true
            }
            if let place = places[index] {
                let reference = max(lineLight[place.line] ?? paper, depthMiddle[place.depth] ?? paper)
                return (min(paper, reference) - value) / paper > faintLevel
            }
            let under = slope.map { max(1, min(paper, $0.grey(at: points[index]))) } ?? paper
            return (under - value) / under > faintLevel
        }
        return InkPieces(
            mask, darkness: values.map { (paper - $0) / paper }, columns: columns, rows: rows, width: rect.width,
            height: rect.height)
    }

    /// The share of `mask` (sampled over `rect`) its largest piece covers: set samples joined
    /// through any of their eight neighbours.
    static func largestPiece(_ mask: [Bool], of rect: Rect, fix: PageFix) -> Double? {
        let (columns, rows) = grid(rect, pixelsPerPoint: fix.pixelsPerPoint)
        guard mask.count == columns * rows, !mask.isEmpty else { return nil }
        var largest = 0
        GridNeighbours.forEachRun(in: mask, columns: columns, rows: rows) { largest = max(largest, $0.count) }
        return Double(largest) / Double(mask.count)
    }

    /// The share of `values` (sampled over `rect`, the inside of `box`) that are light strokes
    /// (`StrokeInk`): darker than the stroke level against `paper` and against the paper on
    /// both sides of them (`StrokeInk.depth`); down to `StrokeInk.lightShare` of the outline
    /// where that paper is no darker than `faintLevel` below `paper`. And how long, in points,
    /// the strokes on that clean paper run (`StrokeSkeleton`); strokes in an eraser's grey do not
    /// count there. And which samples are strokes. Both 0 and no samples when the inside is grey
    /// all over (its lighter quarter past `BoxInk.faintDarkness`).
    static func strokes(
        _ values: [Double], of rect: Rect, box: Rect, paper: Double, faintLevel: Double, image: GrayImage, fix: PageFix
    ) -> (share: Double, cleanLength: Double, samples: [Bool]) {
        let (columns, rows) = grid(rect, pixelsPerPoint: fix.pixelsPerPoint)
        guard values.count == columns * rows, paper > 0 else { return (0, 0, []) }
        // The lighter quarter of the inside: paper beside any stroke, blurred or not; grey all
        // over only where the box was rubbed.
        let sorted = values.sorted()
        guard (paper - sorted[sorted.count * 3 / 4]) / paper <= BoxInk.faintDarkness else { return (0, 0, []) }
        let outline = StrokeInk.outlineDarkness(of: box, in: image, fix: fix)
        let level = StrokeInk.level(outline: outline, grainLevel: faintLevel)
        let lightLevel = StrokeInk.level(outline: outline, grainLevel: faintLevel, share: StrokeInk.lightShare)
        let depth = StrokeInk.depth(
            values, columns: columns, rows: rows,
            reach: max(1, Int((StrokeInk.reach * Double(columns) / rect.width).rounded())),
            reachRows: max(1, Int((StrokeInk.reach * Double(rows) / rect.height).rounded())))
        // A stroke lighter than `level` counts only with the page's own paper beside it (the
        // sample plus its depth): what an eraser leaves of a tick lies in its rubbed grey, though
        // the patch may leave the inside's corners as paper.
        var stroked = [Bool](repeating: false, count: values.count)
        var clean = [Bool](repeating: false, count: values.count)
        for (index, (value, depth)) in zip(values, depth).enumerated() {
            let (darkness, below) = ((paper - value) / paper, depth / paper)
            let cleanPaper = (paper - value - depth) / paper <= faintLevel
            if min(darkness, below) > (cleanPaper ? lightLevel : level) {
                stroked[index] = true
                clean[index] = cleanPaper
            }
        }
        let length = StrokeSkeleton.length(clean, columns: columns, rows: rows)
        let share = Double(stroked.lazy.filter { $0 }.count) / Double(values.count)
        return (share, Double(length) * rect.width / Double(columns), stroked)
    }

    /// Where the paper round `box` is measured: left of it, above and below it (the letter is on
    /// its right).
    static func paperSides(of box: Rect) -> [Rect] {
        [
            Rect(x: box.x - 7, y: box.y - 6, width: 4.5, height: box.height + 12),
            Rect(x: box.x - 2.5, y: box.y - 6, width: box.width + 2.5, height: 3.5),
            Rect(x: box.x - 2.5, y: box.maxY + 2.5, width: box.width + 2.5, height: 3.5),
        ]
    }

    /// The bands round `box`'s letter where a circled letter's ring runs: the letter starts
    /// `tickBoxGap` right of the box, about 8.6 points wide and 8 tall, centred on the box's
    /// middle; a band above it, one below, one to its right.
    static func letterBands(of box: Rect) -> [Rect] {
        let (above, below, right) = letterBandSides(of: box)
        return [above, below, right]
    }

    /// The bands of `letterBands` drawn back 1 point from the letter (and half a point from their
    /// far side), out of reach of its blurred edges: where a ring's strokes are looked for
    /// (`strokeShare`, `RingTrace`).
    static func letterStrokeBands(of box: Rect) -> [Rect] {
        let (above, below, right) = letterBandSides(of: box)
        return [
            Rect(x: above.x, y: above.y + 0.5, width: above.width, height: above.height - 1.5),
            Rect(x: below.x, y: below.y + 1, width: below.width, height: below.height - 1.5),
            Rect(x: right.x + 1, y: right.y, width: right.width - 1, height: right.height),
        ]
    }

    private static func letterBandSides(of box: Rect) -> (above: Rect, below: Rect, right: Rect) {
        let letterLeft = box.maxX + 3.5
        return (
            Rect(x: letterLeft, y: box.midY - 11, width: 12, height: 5.5),
            Rect(x: letterLeft, y: box.midY + 5.5, width: 12, height: 5.5),
            Rect(x: box.maxX + 14.5, y: box.midY - 6, width: 6, height: 12)
        )
    }

    /// How many of `values` (sampled over `rect`, the box `box` less its slack) lie between the
    /// slack and the core (`BoxInk.faintInset`), are darker by more than `level` than both
    /// samples `BoxInk.bandReach` points either way along the side they are nearest, at the same
    /// depth, and darker than `paper` itself by `BoxInk.bandPaperShare` of `level`. A blurred
    /// photo darkens that band by the outline's own shadow, the same all along a side, and a
    /// phone's shadow or uneven light is a step or a slope along it; a pencil stroke or a thin
    /// circle crosses the band and is darker than the band either side of it. A JPEG's ringing
    /// beside the outline leaves samples lighter than the paper, and one between them stands out
    /// of them by the level while no darker than the paper: not ink. Single samples count here,
    /// not only runs as in the core: a light stroke along a side stands out of the band only at
    /// its ends and bends, a few samples.
    static func bandFaintCount(
        _ values: [Double], of rect: Rect, in box: Rect, paper: Double, level: Double, fix: PageFix
    ) -> Int {
        let (columns, rows) = grid(rect, pixelsPerPoint: fix.pixelsPerPoint)
        guard values.count == columns * rows, paper > 0 else { return 0 }
        let reachColumns = max(1, Int((BoxInk.bandReach * Double(columns) / rect.width).rounded()))
        let reachRows = max(1, Int((BoxInk.bandReach * Double(rows) / rect.height).rounded()))
        func darkness(_ row: Int, _ column: Int) -> Double? {
            guard (0..<rows).contains(row), (0..<columns).contains(column) else { return nil }
            return (paper - values[row * columns + column]) / paper
        }
        var count = 0
        for row in 0..<rows {
            let y = rect.y + (Double(row) + 0.5) * rect.height / Double(rows)
            for column in 0..<columns {
                let x = rect.x + (Double(column) + 0.5) * rect.width / Double(columns)
                let across = min(x - box.x, box.maxX - x)
                let down = min(y - box.y, box.maxY - y)
                guard min(across, down) < BoxInk.faintInset, let sample = darkness(row, column) else { continue }
                // Along a left or right side the band runs down the rows; along the top or bottom,
                // across the columns.
                let beside =
                    across < down
                    ? [darkness(row - reachRows, column), darkness(row + reachRows, column)]
                    : [darkness(row, column - reachColumns), darkness(row, column + reachColumns)]
                // Near a corner the band's end meets the next side's shadow: not compared.
                let both = beside.compactMap { $0 }
                guard both.count == 2, let around = both.max() else { continue }
                if sample > BoxInk.bandPaperShare * level, sample - around > level { count += 1 }
            }
        }
        return count
    }

    /// How many of the samples set in `mask` (a grid of `columns` × `rows`) have a set sample
    /// beside them (any of the eight round them): a stroke, however light, is a run of samples;
    /// the grain of a photo and its JPEG blocks leave single samples over a level, scattered.
    static func clusteredCount(_ mask: [Bool], columns: Int, rows: Int) -> Int {
        guard mask.count == columns * rows else { return 0 }
        var count = 0
        for index in mask.indices where mask[index] {
            var beside = false
            GridNeighbours.forEach(around: index, columns: columns, rows: rows) { beside = beside || mask[$0] }
            if beside { count += 1 }
        }
        return count
    }

    /// The columns and rows `samples` takes over `rect`.
    static func grid(_ rect: Rect, pixelsPerPoint: Double) -> (columns: Int, rows: Int) {
        let step = max(0.2, 1 / max(pixelsPerPoint, 0.01))
        return (max(1, Int(rect.width / step)), max(1, Int(rect.height / step)))
    }

    /// The spread of `values` about their own median: the median absolute deviation, scaled to a
    /// standard deviation for normal grain.
    static func spread(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted[sorted.count / 2]
        let deviations = sorted.map { abs($0 - middle) }.sorted()
        return 1.4826 * deviations[deviations.count / 2]
    }

    /// The share of `values` (a band of paper) darker by `BoxInk.ringStrokeDarkness` than the
    /// band's own paper, its 90th percentile: a pen's stroke that a blurred photo has left lighter
    /// than ink, told from a shadow, which darkens the whole band.
    static func strokeShare(_ values: [Double]) -> Double {
        guard values.count >= 10 else { return 0 }
        let sorted = values.sorted()
        let local = sorted[sorted.count * 9 / 10]
        guard local > 0 else { return 0 }
        let darker = sorted.prefix { (local - $0) / local > BoxInk.ringStrokeDarkness }.count
        return Double(darker) / Double(sorted.count)
    }

    /// The greys at about one sample a scan pixel over `rect` (page points), at
    /// `samplePoints(rect)`.
    static func samples(_ image: GrayImage, in rect: Rect, homography: Homography, pixelsPerPoint: Double) -> [Double] {
        samples(image, at: samplePoints(rect, pixelsPerPoint: pixelsPerPoint), homography: homography)
    }

    /// The greys at `points` (page points), each sampled between the scan's pixels.
    static func samples(_ image: GrayImage, at points: [Point], homography: Homography) -> [Double] {
        points.map { point in
            let mapped = homography.map(point)
            return image.sample(x: mapped.x, y: mapped.y)
        }
    }

    /// Where `samples` measures `rect`: the centres of its `grid`, row by row, in page points.
    static func samplePoints(_ rect: Rect, pixelsPerPoint: Double) -> [Point] {
        guard rect.width > 0, rect.height > 0 else { return [] }
        let (columns, rows) = grid(rect, pixelsPerPoint: pixelsPerPoint)
        var points: [Point] = []
        points.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                points.append(
                    Point(
                        x: rect.x + (Double(column) + 0.5) * rect.width / Double(columns),
                        y: rect.y + (Double(row) + 0.5) * rect.height / Double(rows)))
            }
        }
        return points
    }

    /// The readings of every turn on page `page` (1-based) of a sheet laid out as `layout`;
    /// empty for an answer-key page.
    package static func readTurns(_ image: GrayImage, fix: PageFix, layout: WorksheetLayout, page: Int)
        -> [TurnReading]
    {
        guard layout.pages.indices.contains(page - 1), case .turns(let numbers) = layout.pages[page - 1] else {
            return []
        }
        return numbers.map { number in
            let cell = layout.cell(forTurn: number)
            func measure(_ row: Rect) -> BoxInk {
                let (box, found) = BoxOutline.locate(WorksheetLayout.tickBox(inLabelRow: row), in: image, fix: fix)
                return found ? ink(in: box, of: image, fix: fix) : ink(in: box, of: image, fix: fix).outlineLost()
            }
            return TurnReading(turn: number, inkA: measure(cell.labelRowA), inkB: measure(cell.labelRowB))
        }
    }

    /// The page region `rect` as scanned, drawn upright at `scale` pixels a point: the crop the
    /// review page shows.
    package static func crop(_ image: GrayImage, _ rect: Rect, fix: PageFix, scale: Double) -> GrayImage {
        let width = max(1, Int(rect.width * scale))
        let height = max(1, Int(rect.height * scale))
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let point = fix.homography.map(
                    Point(x: rect.x + (Double(x) + 0.5) / scale, y: rect.y + (Double(y) + 0.5) / scale))
                pixels[y * width + x] = UInt8(max(0, min(255, image.sample(x: point.x, y: point.y).rounded())))
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}
