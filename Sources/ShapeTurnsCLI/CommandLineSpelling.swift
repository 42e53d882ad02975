import ShapeTurns

/// The command line's words for the library's parameters: the flag a user types for each
/// (`--turns`, `--layout pair`, `--out PATH`). The library's errors name parameters the
/// library's way; the root command shows them spelled this way.
extension ParameterSpelling {
    static let commandLine = ParameterSpelling(
        spell: { parameter, value in
            let flag = flag(for: parameter)
            return value.map { "\(flag) \($0)" } ?? flag
        },
        spellOptionField: { path in
            Parameter(optionField: path).map { flag(for: $0) } ?? path
        }
    )

    /// The option or argument that sets `parameter`.
    private static func flag(for parameter: Parameter) -> String {
        switch parameter {
        case .turns, .worksheetTurns: "--turns"
        case .seed: "--seed"
        case .formats: "--format"
        case .size: "--size"
        case .shapes: "--shapes"
        case .strategy: "--strategy"
        case .minimumProportion: "--min-proportion"
        case .maximumProportion: "--max-proportion"
        case .minimumRatio: "--min-ratio"
        case .difficulty: "--difficulty"
        case .lineWidth: "--line-width"
        case .withoutFill: "--no-fill"
        case .withoutOutline: "--no-outline"
        case .fillColor: "--fill"
        case .outlineColor: "--outline"
        case .background: "--background"
        case .pngEncoding: "--png-compression"
        case .placement: "--placement"
        case .layout: "--layout"
        case .labels: "--labels"
        case .pack: "--pack"
        case .shardTurns: "--shard-turns"
        case .split: "--split"
        case .turnJSON: "--turn-json"
        case .rotation: "--rotation"
        case .palette: "--palette"
        case .balance: "--balance"
        case .ratioRange: "--ratio-range"
        case .seedOffset: "--seed-offset"
        case .exclude: "--exclude"
        case .ratioDistribution: "--ratio-distribution"
        case .jobs, .folderJobs: "--jobs"
        case .shard: "--shard"
        case .resume: "--resume"
        case .force: "--force"
        case .columns: "--columns"
        case .rows: "--rows"
        case .title: "--title"
        case .threshold: "--threshold"
        case .diffAlpha: "--alpha"
        case .maxDifferentPixels: "--max-diff-pixels"
        case .maxDifferentRatio: "--max-diff-ratio"
        case .masks: "--mask"
        case .prune: "--prune"
        case .destination, .worksheetDestination: "--out"
        case .diffPath: "--diff"
        case .reportFolder: "--report"
        case .junitFile: "--junit"
        case .scans: "SCANS"
        case .reviewFolder: "--review"
        case .scanResponses: "--responses"
        case .gradebookFile: "--csv"
        case .answerKey: "--key"
        case .responses: "--responses"
        case .classAnswers, .classRoster: "--class"
        case .roster: "--roster"
        case .approvedPath: "PATH"
        case .shardFolder: "dir"
        case .expectedSheets: "--expect-sheet"
        case .singleSided: "--single-sided"
        case .answerKeyMode: "--answer-key"
        case .generate: "generate"
        case .merge: "merge"
        }
    }
}

extension ShapeTurnsError {
    /// The error as the command line shows it: the library's message with its flags.
    var commandLineMessage: String {
        message.spelled(.commandLine)
    }
}
