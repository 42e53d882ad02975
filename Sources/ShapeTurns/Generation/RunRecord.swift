import Foundation
import ShapeRendering

/// What a run was started with, kept in the folder being written so that `--resume` and every
/// shard can check they continue the same set.
struct RunRecord: Codable, Equatable {
    var toolVersion = ShapeTurnsVersion.current
    var cairoVersion = CairoVersion.string
    var options: GenerateOptions

    /// Writes the record, or checks the one already there.
    static func claim(_ folder: SetFolder, options: GenerateOptions, replace: Bool) throws(ShapeTurnsError) {
        let document = try AnswerKeyEncoding.document(RunRecord(options: options))
        if let existing = folder.contents(SetLayout.runRecordFile), !replace {
            guard existing == document else { throw .runMismatch(path: folder.displayRoot.path) }
            return
        }
        try folder.write(document, to: SetLayout.runRecordFile, sharedAcrossProcesses: true)
    }
}
