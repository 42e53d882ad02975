import Foundation
import ShapeGame
import ShapeRendering
import ShapeTurnsAnswerKey
import ShapeTurnsCore

/// What a run was started with, kept in the folder being written so that `--resume`, every
/// shard and `merge` can check they continue the same set.
package struct RunRecord: Codable, Equatable {
    package var toolVersion = ShapeTurnsVersion.current
    package var cairoVersion = CairoVersion.string
    package var options: GenerateOptions

    /// A record's size is a few KB; a larger file is not one.
    package static let sizeLimit = 1 << 20

    /// Writes the record, or checks the one already there, naming what differs.
    package static func claim(_ folder: SetFolder, options: GenerateOptions, replace: Bool) throws(ShapeTurnsError) {
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
    package static func read(_ folder: SetFolder, at relativePath: String = SetLayout.runRecordFile) -> RunRecord? {
        let path = folder.url(relativePath).path
        guard let bytes = try? BoundedFileReader.read(path, limit: sizeLimit) else { return nil }
        return try? JSONDecoder().decode(RunRecord.self, from: Data(bytes))
    }

    /// The fields that differ between `self` (what was recorded) and `other` (this run), like
    /// `seed 7 there, 8 here` (a front end spells the option its own way); `nil` when none do.
    package func difference(from other: RunRecord) -> Wording? {
        let there = Self.flattened(self)
        let here = Self.flattened(other)
        let keys = Set(there.keys).union(here.keys).sorted().filter { there[$0] != here[$0] }
        guard !keys.isEmpty else { return nil }
        var named: Wording = ""
        for (position, key) in keys.prefix(3).enumerated() {
            let field: Wording =
                key.hasPrefix("options.") ? Wording(optionField: String(key.dropFirst("options.".count))) : Wording(key)
            named =
                named + (position == 0 ? "" : "; ")
                + "\(field) \(there[key] ?? "absent") there, \(here[key] ?? "absent") here"
        }
        return named + (keys.count > 3 ? Wording("; and \(keys.count - 3) more") : "")
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
