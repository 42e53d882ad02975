import Foundation
import ShapeGame
import ShapeRendering

/// The facade for generating a turn set: validates options, plays the turns, renders every shape
/// in every format, and writes images, answer keys and the manifest into a folder.
public struct SetGenerator: Sendable {
    public let options: GenerateOptions
    private let controller: TurnController
    private let builder: ShapeViewBuilder
    private let renderer: ShapeImageRenderer
    private let formats: [ImageFormat]

    /// Fails with the option at fault when the options cannot make a set.
    public init(options: GenerateOptions, catalog: ShapeCatalog = .standard) throws(ShapeTurnsError) {
        try options.validate(catalog: catalog)
        self.options = options
        controller = try options.makeController(catalog: catalog)
        builder = ShapeViewBuilder(style: options.style, viewFactory: ShapeViewFactory(catalog: catalog))
        renderer = ShapeImageRenderer(canvasSide: options.size, background: options.background)
        formats = ImageFormat.allCases.filter(options.formats.contains)
    }

    /// Writes the whole set to `destination`, which must be missing or empty unless
    /// `replacingExisting`. On failure nothing is left behind.
    @discardableResult
    public func generate(into destination: URL, replacingExisting: Bool = false) throws(ShapeTurnsError) -> SetManifest {
        let folder = try StagedOutputFolder(destination: destination, replaceExisting: replacingExisting)
        do {
            let manifest = try writeSet(into: folder)
            try folder.commit()
            return manifest
        } catch {
            folder.discard()
            throw error
        }
    }

    /// The answer key and image bytes of one turn, without touching the file system.
    public func renderTurn(number: Int) throws(ShapeTurnsError) -> RenderedTurn {
        let turn = controller.turn(number: number)
        var images: [String: [UInt8]] = [:]
        for label in ShapeLabel.allCases {
            let view: any ShapeView
            do {
                view = try builder.buildView(for: turn.shape(label))
            } catch {
                throw .rendering(error.description)
            }
            for format in formats {
                do {
                    images[SetLayout.imageFile(ofTurn: number, label: label, format: format)] = try renderer.render(view, as: format)
                } catch {
                    throw .rendering(error.description)
                }
            }
        }
        let answer = TurnAnswer(
            turn: turn,
            seed: options.seed,
            canvas: CanvasRecord(side: options.size, background: options.background),
            style: options.style
        ) { label in
            ShapeFiles(paths: Dictionary(uniqueKeysWithValues: formats.map { format in
                (format, SetLayout.imageFile(ofTurn: number, label: label, format: format))
            }))
        }
        return RenderedTurn(answer: answer, images: images)
    }

    private func writeSet(into folder: StagedOutputFolder) throws(ShapeTurnsError) -> SetManifest {
        let answers = try folder.openStream(to: SetLayout.answersFile)
        defer { try? answers.close() }
        var largerCounts: [ShapeLabel: Int] = [:]
        for number in 1...options.turns {
            let rendered = try renderTurn(number: number)
            for path in rendered.images.keys.sorted() {
                try folder.write(rendered.images[path] ?? [], to: path)
            }
            try folder.write(try AnswerKeyEncoding.document(rendered.answer), to: SetLayout.answerFile(ofTurn: number))
            let line = try AnswerKeyEncoding.line(rendered.answer)
            do {
                try answers.write(contentsOf: line)
            } catch {
                throw .ioFailure(path: folder.destination.appendingPathComponent(SetLayout.answersFile).path, reason: StagedOutputFolder.reason(error))
            }
            largerCounts[rendered.answer.larger, default: 0] += 1
        }
        let counts = SetManifest.Counts(
            turns: options.turns,
            largerA: largerCounts[.a, default: 0],
            largerB: largerCounts[.b, default: 0],
            images: Dictionary(uniqueKeysWithValues: formats.map { ($0.rawValue, 2 * options.turns) })
        )
        let manifest = SetManifest(options: options, counts: counts)
        try folder.write(try AnswerKeyEncoding.document(manifest), to: SetLayout.manifestFile)
        return manifest
    }
}
