import Foundation

/// The outputs of one run, checked to name different places before any of them is written: two
/// outputs that are the same file, or a file inside a folder output, would have one silently
/// replace the other; an output that is one of the run's inputs, or a folder output that holds
/// one, would replace what is being read. Paths are compared as the file system would resolve them (the existing
/// folders above each resolved through their symbolic links), so `rv/../both.csv` and a link to
/// the folder are caught too.
package struct DistinctOutputs {
    /// One output: the parameter that names it, its path as typed, and whether it is a folder.
    package struct Output {
        package let parameter: Parameter
        package let path: String
        package let isFolder: Bool

        package init(_ parameter: Parameter, path: String, isFolder: Bool = false) {
            self.parameter = parameter
            self.path = path
            self.isFolder = isFolder
        }
    }

    private let outputs: [Output]
    private let inputs: [String]

    /// The run's `outputs` (the options not given are `nil`) and the paths it reads, `inputs` (bytes
    /// that are not UTF-8 as `EscapedBytes`).
    package init(_ outputs: [Output?], inputs: [String] = []) {
        self.outputs = outputs.compactMap { $0 }
        self.inputs = inputs
    }

    /// Refuses (64) two outputs that resolve to the same path, or a file inside a folder output;
    /// then (73) an output that is an input, or a folder output that holds one.
    package func check() throws(ShapeTurnsError) {
        let resolved = outputs.map { Self.resolved($0.path) }
        for (firstIndex, first) in outputs.enumerated() {
            for (secondIndex, second) in outputs.enumerated() where secondIndex != firstIndex {
                let (firstPath, secondPath) = (resolved[firstIndex], resolved[secondIndex])
                if firstPath == secondPath {
                    throw .invalidOption(
                        "\(first.parameter) and \(second.parameter)",
                        because: "both name \(first.path); give each output its own name")
                }
                if first.isFolder, secondPath.hasPrefix(firstPath + "/") {
                    throw .invalidOption(
                        "\(second.parameter)",
                        because:
                            "\(second.path) is inside \(first.parameter)'s folder \(first.path), which the run replaces; write it elsewhere"
                    )
                }
            }
        }
        for input in inputs where !input.isEmpty && input != "-" {
            let inputPath = Self.resolved(input)
            for (index, output) in outputs.enumerated() {
                if resolved[index] == inputPath {
                    throw .cannotCreateFile(
                        path: output.path,
                        because:
                            "\(output.parameter) is an input of this run (\(DisplayName.escaped(input))); choose another name"
                    )
                }
                if output.isFolder, inputPath.hasPrefix(resolved[index] + "/") {
                    throw .cannotCreateOutput(
                        path: output.path,
                        because:
                            "it holds \(DisplayName.escaped(input)), an input of this run, and \(output.parameter)'s folder is replaced; write it elsewhere"
                    )
                }
            }
        }
    }

    /// `path` made absolute, with its deepest existing folder resolved through symbolic links
    /// and the rest of it appended as typed (after `.` and `..` are taken out).
    static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while existing.path != "/" {
            if let real = realpath(EscapedBytes.cString(existing.path), nil) {
                defer { free(real) }
                let base = EscapedBytes.string(PathBytes.bytes(ofCString: real)) ?? String(cString: real)
                return ([base == "/" ? "" : base] + rest.reversed()).joined(separator: "/")
            }
            rest.append(existing.lastPathComponent)
            existing = existing.deletingLastPathComponent()
        }
        return "/" + rest.reversed().joined(separator: "/")
    }
}
