import Foundation
import PixelDiff
import ShapeTurnsCore

/// Per-image comparison rules, read from a JSON file kept beside the snapshots (`--rules FILE`,
/// or `.shapeturns-compare.json` in the expected folder): each rule gives a glob over the
/// images' relative paths and the threshold, anti-aliasing, tolerance and ignore regions for the
/// images it matches. The first matching rule applies to an image; an image no rule matches is
/// compared with the command's own options.
///
/// ```json
/// {"rules": [
///   {"match": "charts/**", "threshold": 0.2, "maxDiffRatio": 0.001},
///   {"match": "**/clock-*.png", "ignore": ["0,0,512,24"], "includeAA": true}
/// ]}
/// ```
///
/// A rule's fields replace the command's (`ignore` regions are added to its masks); fields it
/// leaves out keep the command's. The file is read within `byteLimit`; anything but this shape
/// (not JSON, an unknown key, a value of the wrong type or out of range) is refused with one line
/// and `badData` (65), before any image is compared.
package struct CompareRules: Sendable {
    /// One rule, and the comparer it makes from the command's.
    package struct Rule: Sendable {
        /// Its position in the file, from 1.
        package let number: Int
        package let glob: PathGlob
        package let comparer: ImageFileComparer

        /// How the report, the JSON and the JUnit file name it: `rule 2 (charts/**)`.
        package var label: String { "rule \(number) (\(glob.pattern))" }
    }

    /// The file the rules came from, as named to the command.
    package let path: String
    package let rules: [Rule]

    /// The name of the rules file looked for in the expected folder when none is given.
    package static let defaultFileName = ".shapeturns-compare.json"

    /// The largest rules file read: 1 MiB, thousands of rules.
    package static let byteLimit = 1 << 20

    /// The first rule matching `path`, or nil.
    package func rule(for path: String) -> Rule? {
        rules.first { $0.glob.matches(path) }
    }

    /// Reads the rules at `path`, each made over `base` (the command's comparer). A missing or
    /// unreadable file is `missingInput` (66); a file that is not a rules file is `badData` (65).
    package static func load(_ path: String, over base: ImageFileComparer) throws(ShapeTurnsError) -> CompareRules {
        let bytes = try BoundedFileReader.read(path, limit: byteLimit)
        let file: RulesFile
        do {
            file = try JSONDecoder().decode(RulesFile.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw .badData(location: path, reason: Self.describe(error))
        } catch {
            throw .badData(location: path, reason: "not a rules file: \(error)")
        }
        var rules: [Rule] = []
        for (index, entry) in file.rules.enumerated() {
            let location = "\(path): rules[\(index)]"
            var options = base.options
            var tolerance = base.tolerance
            if let threshold = entry.threshold { options.threshold = threshold }
            if let includeAA = entry.includeAA { options.includeAntiAliased = includeAA }
            if let pixels = entry.maxDiffPixels { tolerance.maxDifferentPixels = pixels }
            if let ratio = entry.maxDiffRatio { tolerance.maxDifferentRatio = ratio }
            for text in entry.ignore ?? [] {
                guard let region = MaskRegion(text) else {
                    throw .badData(
                        location: location,
                        reason:
                            "ignore: a region is \"x,y,w,h\" (four whole numbers, e.g. \"0,0,100,20\"), not \(Self.quoted(text))"
                    )
                }
                options.masks.append(region)
            }
            guard !entry.match.isEmpty, entry.match.count <= PathGlob.maximumLength else {
                throw .badData(
                    location: location,
                    reason:
                        "match: must be a glob such as \"charts/**\" of 1 to \(PathGlob.maximumLength) characters, not \(entry.match.isEmpty ? "empty" : "\(entry.match.count) characters")"
                )
            }
            do {
                let comparer = try ImageFileComparer(
                    options: options, tolerance: tolerance, pixelBudget: base.pixelBudget)
                rules.append(Rule(number: index + 1, glob: PathGlob(entry.match), comparer: comparer))
            } catch {
                throw .badData(location: location, reason: error.description)
            }
        }
        return CompareRules(path: path, rules: rules)
    }

    /// The rules in `expectedFolder`'s `.shapeturns-compare.json`, or nil when it has none.
    package static func loadDefault(inExpectedFolder expectedFolder: String, over base: ImageFileComparer)
        throws(ShapeTurnsError) -> CompareRules?
    {
        let path = PathBytes.join(expectedFolder, defaultFileName)
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return try load(path, over: base)
    }

    /// A decoding error in one line: where in the file, and what was wrong.
    private static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            let text = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.isEmpty ? "" : String(text.drop { $0 == "." }) + ": "
        }
        switch error {
        case .typeMismatch(let type, let context):
            return place(context.codingPath) + "must be \(Self.kind(type))"
        case .valueNotFound(let type, let context):
            return place(context.codingPath) + "must be \(Self.kind(type)), not null"
        case .keyNotFound(let key, let context):
            return place(context.codingPath) + "\"\(key.stringValue)\" is missing"
        case .dataCorrupted(let context):
            if let reason = context.underlyingError as? RulesFileError {
                return place(context.codingPath) + reason.message
            }
            if context.codingPath.isEmpty {
                return "not JSON (\(context.debugDescription.prefix(80)))"
            }
            return place(context.codingPath) + context.debugDescription
        @unknown default:
            return "not a rules file"
        }
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: "a number"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is String.Type: "a string"
        default: type == [RulesFile.Entry].self || type == [String].self ? "an array" : "an object"
        }
    }

    private static func quoted(_ text: String) -> String {
        "\"" + (text.count > 40 ? text.prefix(40) + "..." : text) + "\""
    }
}

/// Why a rules file's JSON has the right syntax but the wrong shape (an unknown key).
struct RulesFileError: Error {
    let message: String
}

/// The JSON of a rules file; unknown keys are refused so a misspelt option never goes unnoticed.
struct RulesFile: Decodable {
    struct Entry: Decodable {
        let match: String
        let threshold: Double?
        let includeAA: Bool?
        let maxDiffPixels: Int?
        let maxDiffRatio: Double?
        let ignore: [String]?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case match, threshold, includeAA, maxDiffPixels, maxDiffRatio, ignore
        }

        init(from decoder: any Decoder) throws {
            try RulesFile.refuseUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            match = try container.decode(String.self, forKey: .match)
            threshold = try container.decodeIfPresent(Double.self, forKey: .threshold)
            includeAA = try container.decodeIfPresent(Bool.self, forKey: .includeAA)
            maxDiffPixels = try container.decodeIfPresent(Int.self, forKey: .maxDiffPixels)
            maxDiffRatio = try container.decodeIfPresent(Double.self, forKey: .maxDiffRatio)
            ignore = try container.decodeIfPresent([String].self, forKey: .ignore)
        }
    }

    let rules: [Entry]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case rules
    }

    init(from decoder: any Decoder) throws {
        try Self.refuseUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
        rules = try decoder.container(keyedBy: CodingKeys.self).decode([Entry].self, forKey: .rules)
    }

    /// Any key a JSON object may hold.
    struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(stringValue: String) {
            self.stringValue = stringValue
            self.intValue = nil
        }
        init?(intValue: Int) {
            self.stringValue = String(intValue)
            self.intValue = intValue
        }
    }

    static func refuseUnknownKeys(in decoder: any Decoder, known: [String]) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let unknown = container.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
        if let first = unknown.first {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "unknown key",
                    underlyingError: RulesFileError(
                        message: "unknown key \"\(first.prefix(40))\"; known keys: \(known.joined(separator: ", "))"
                    )))
        }
    }
}
