import Foundation
import ShapeRendering

/// What a run was started with, kept in the folder being written so that `--resume`, every
/// shard and `merge` can check they continue the same set.
struct RunRecord: Codable, Equatable {
    var toolVersion = ShapeTurnsVersion.current
    var cairoVersion = CairoVersion.string
    var options: GenerateOptions

    /// A record's size is a few KB; a larger file is not one.
    static let sizeLimit = 1 << 20

    /// Writes the record, or checks the one already there, naming what differs.
    static func claim(_ folder: SetFolder, options: GenerateOptions, replace: Bool) throws(ShapeTurnsError) {
        let record = RunRecord(options: options)
        let document = try AnswerKeyEncoding.document(record)
        if !replace, let existing = read(folder) {
            if let difference = existing.difference(from: record) {
                throw .runMismatch(path: folder.displayRoot.path, difference: difference)
            }
            return
        }
        if !replace, folder.exists(SetLayout.runRecordFile) {
            throw .runMismatch(
                path: folder.displayRoot.path, difference: "its \(SetLayout.runRecordFile) is unreadable")
        }
        try folder.write(document, to: SetLayout.runRecordFile, sharedAcrossProcesses: true)
    }

    /// The record in `folder` (or at `relativePath` in it), or `nil` when missing or unreadable.
    static func read(_ folder: SetFolder, at relativePath: String = SetLayout.runRecordFile) -> RunRecord? {
        let path = folder.url(relativePath).path
        guard let bytes = try? BoundedFileReader.read(path, limit: sizeLimit, describedAs: path) else { return nil }
        return try? JSONDecoder().decode(RunRecord.self, from: Data(bytes))
    }

    /// The fields that differ between `self` (what was recorded) and `other` (this run), like
    /// `options.seed 7 there, 8 here`; `nil` when none do.
    func difference(from other: RunRecord) -> String? {
        let there = Self.flattened(self)
        let here = Self.flattened(other)
        let keys = Set(there.keys).union(here.keys).sorted().filter { there[$0] != here[$0] }
        guard !keys.isEmpty else { return nil }
        let named = keys.prefix(3).map { key in
            "\(key.hasPrefix("options.") ? "--" + Self.optionName(String(key.dropFirst("options.".count))) : key) "
                + "\(there[key] ?? "absent") there, \(here[key] ?? "absent") here"
        }
        return named.joined(separator: "; ") + (keys.count > 3 ? "; and \(keys.count - 3) more" : "")
    }

    /// `minimumRatio` as `min-ratio` and so on: the command-line name where it differs from the field's.
    private static func optionName(_ field: String) -> String {
        let renamed = [
            "minimumRatio": "min-ratio", "formats": "format", "pngEncoding": "png-compression",
            "proportions.minimum": "min-proportion", "proportions.maximum": "max-proportion",
            "style.lineWidth": "line-width", "style.fillColor": "fill", "style.outlineColor": "outline",
            "style.showFill": "no-fill", "style.showOutline": "no-outline",
        ]
        return renamed[field] ?? field
    }

    /// Every leaf of the record's JSON, by dotted path, as JSON text.
    private static func flattened(_ record: RunRecord) -> [String: String] {
        guard let bytes = try? AnswerKeyEncoding.line(record),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes))
        else { return [:] }
        var leaves: [String: String] = [:]
        func walk(_ value: Any, _ path: String) {
            if let dictionary = value as? [String: Any] {
                for (key, child) in dictionary {
                    walk(child, path.isEmpty ? key : "\(path).\(key)")
                }
            } else if let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
            {
                leaves[path] = String(decoding: data, as: UTF8.self)
            }
        }
        walk(object, "")
        return leaves
    }
}
