import Testing

/// Each command's whole `--help` text, as swift-argument-parser's own examples test theirs
/// (`MathExampleTests.testMath_Help`): any change to an option, its help or an example shows here
/// as a diff. The binary is run with `COLUMNS=80`, so the text is wrapped as on an 80-column
/// terminal whatever runs the tests. After a deliberate change, run `scripts/record-help-goldens`
/// and read the diff.
@Suite struct HelpTextTests {
    private func expectHelp(_ arguments: [String], _ expected: String) throws {
        let result = try ShapeTurnsBinary.run(arguments + ["--help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == expected + "\n")
    }

    @Test func shapeturnsHelp() throws {
        try expectHelp(
            [],
            #"""
            OVERVIEW: Render turns of "Tap the Larger Shape" as images with JSON answer
            keys; compare images.

            Each turn is two shapes; the player picks the larger. ShapeTurns draws them
            with Cairo, reproducibly from a seed, and writes what the right answer is.

            USAGE: shapeturns <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              generate                Render a set of turns: an image per shape and a JSON
                                      answer key per turn.
              worksheet               Render numbered turns on printable pages (PDF, PNG or
                                      SVG) with an answer-key page.
              score                   Score a player's responses against a set's answer key
                                      with the tutorial's scorer chain.
              merge                   Complete a set rendered in shards: write
                                      answers.jsonl and manifest.json once every shard is
                                      done.
              compare                 Compare two PNG images pixel by pixel, as pixelmatch
                                      does.

              See 'shapeturns help <subcommand>' for detailed help.
            """#
        )
    }

    @Test func generateHelp() throws {
        try expectHelp(
            ["generate"],
            #"""
            OVERVIEW: Render a set of turns: an image per shape and a JSON answer key per
            turn.

            Writes DIR/manifest.json, DIR/answers.jsonl (one answer key per line) and, per
            turn, DIR/turns/BBB/NNNNNN-a.png, -b.png and NNNNNN.json, bucketed by
            thousands. The same options and seed always give the same bytes. With no
            options it writes 10 turns to ./turns.

            Examples:
              shapeturns generate
              shapeturns generate --turns 30 --seed 7 --format png,svg --out set7
              shapeturns generate --strategy basic --shapes circle --min-ratio 1.5
              shapeturns generate --strategy mixed --shapes square,triangle,star
              shapeturns generate --strategy graded --turns 40 --min-ratio 1.05
              shapeturns generate --fill '#1E90FF' --outline navy --background white
              shapeturns generate --turns 100000 --seed 3 --out big --shard 2/4

            USAGE: shapeturns generate <options>

            SHAPES AND STYLE:
              --shapes <kinds>        Shape kinds to draw, comma-separated: square, circle,
                                      triangle, star, hexagon. (default: square,circle)
              --strategy <strategy>   basic: every turn from the one kind in --shapes;
                                      random: each turn picks one kind, both shapes of it;
                                      mixed: each shape picks its own kind; graded: like
                                      random, from easy turns to the hardest --min-ratio
                                      allows. (values: basic, random, mixed, graded;
                                      default: random)
              --difficulty <difficulty>
                                      One difficulty for the whole set: easy (area ratio 2
                                      or more), medium (1.4 to 2), hard (below 1.4).
                                      (values: easy, medium, hard)
              --min-proportion <p>    Smallest shape extent (side or diameter) as a
                                      fraction of the canvas, in (0, 1]. (default: 0.3)
              --max-proportion <p>    Largest shape extent as a fraction of the canvas, in
                                      (0, 1]. (default: 0.8)
              --min-ratio <r>         Smallest allowed ratio of the larger area to the
                                      smaller, above 1: no ties, no near-ties. (default:
                                      1.1)
              --fill <color>          Fill colour: a UIKit name the tutorial used (brown,
                                      orange, gray), a CSS name, or #RRGGBB[AA]. (default:
                                      brown)
              --outline <color>       Outline colour, in the same forms as --fill.
                                      (default: orange)
              --line-width <px>       Outline width in pixels of the shape's canvas, drawn
                                      inside the shape's bounds. (default: 6.0)
              --no-fill               Draw no fill, only the outline.
              --no-outline            Draw no outline, only the fill.
              --background <color>    Canvas background: transparent, or a colour as for
                                      --fill. (default: transparent)

            OPTIONS:
              --turns <turns>         How many turns to render, 1 to 10,000,000. (default:
                                      10)
              --seed <seed>           The seed every turn's random stream comes from; same
                                      seed and options, same bytes. (default: 1)
              --out <dir>             The folder to write; created if missing, and must be
                                      empty unless --force. (default: turns)
              --format <formats>      Image formats, comma-separated: png, svg or png,svg.
                                      (default: png)
              --size <px>             Side of each shape's square canvas, 16 to 8192
                                      pixels. (default: 512)
              --png-compression <png-compression>
                                      How PNGs are compressed (all decode to the same
                                      pixels): fast, runs of one colour as deflate matches;
                                      default, libdeflate level 6 (about a quarter
                                      smaller); small, level 10; cairo, Cairo's own writer,
                                      for comparison. (values: fast, default, small, cairo;
                                      default: fast)
              --jobs <n>              Turns rendered at once, 1 to 256; the output is the
                                      same for any value. (default: 2)
              --shard <K/N>           Render only part K of N of the set into --out, shared
                                      by all parts; then run merge.
              --resume                Finish a run that was killed, keeping the turns it
                                      completed; the result is the same as an uninterrupted
                                      run.
              --force                 Replace --out if it already holds a set, or start a
                                      killed run over.
              -q, --quiet             Print nothing on success and draw no progress bar.
              --version               Show the version.
              -h, --help              Show help information.

            """#
        )
    }

    @Test func worksheetHelp() throws {
        try expectHelp(
            ["worksheet"],
            #"""
            OVERVIEW: Render numbered turns on printable pages (PDF, PNG or SVG) with an
            answer-key page.

            Each page has a header (title; name, date and score lines), a grid of numbered
            cells with shapes A and B drawn to one scale and a box to tick under each, and
            the page number. The answer key follows, one entry per turn (12: B). The turns
            are the ones generate makes with the same options and seed. The extension of
            --out chooses the format: .pdf writes one document; .png (150 dpi) or .svg
            write one file per page, numbered: sheet-01.png, sheet-02.png, ...

            Examples:
              shapeturns worksheet
              shapeturns worksheet --turns 30 --seed 7 --out sheet.pdf
              shapeturns worksheet --turns 30 --seed 7 --paper letter --columns 3 --rows 5
            --out sheet.pdf
              shapeturns worksheet --turns 12 --title "Warm-up" --no-answer-key --out
            warm-up.png
              shapeturns worksheet --strategy mixed --shapes
            square,circle,triangle,star,hexagon --out mixed.svg

            USAGE: shapeturns worksheet <options>

            SHAPES AND STYLE (AS FOR GENERATE; --LINE-WIDTH IS IN PIXELS OF A 512-PIXEL CANVAS, SCALED WITH IT):
              --shapes <kinds>        Shape kinds to draw, comma-separated: square, circle,
                                      triangle, star, hexagon. (default: square,circle)
              --strategy <strategy>   basic: every turn from the one kind in --shapes;
                                      random: each turn picks one kind, both shapes of it;
                                      mixed: each shape picks its own kind; graded: like
                                      random, from easy turns to the hardest --min-ratio
                                      allows. (values: basic, random, mixed, graded;
                                      default: random)
              --difficulty <difficulty>
                                      One difficulty for the whole set: easy (area ratio 2
                                      or more), medium (1.4 to 2), hard (below 1.4).
                                      (values: easy, medium, hard)
              --min-proportion <p>    Smallest shape extent (side or diameter) as a
                                      fraction of the canvas, in (0, 1]. (default: 0.3)
              --max-proportion <p>    Largest shape extent as a fraction of the canvas, in
                                      (0, 1]. (default: 0.8)
              --min-ratio <r>         Smallest allowed ratio of the larger area to the
                                      smaller, above 1: no ties, no near-ties. (default:
                                      1.1)
              --fill <color>          Fill colour: a UIKit name the tutorial used (brown,
                                      orange, gray), a CSS name, or #RRGGBB[AA]. (default:
                                      brown)
              --outline <color>       Outline colour, in the same forms as --fill.
                                      (default: orange)
              --line-width <px>       Outline width in pixels of the shape's canvas, drawn
                                      inside the shape's bounds. (default: 6.0)
              --no-fill               Draw no fill, only the outline.
              --no-outline            Draw no outline, only the fill.
              --background <color>    Canvas background: transparent, or a colour as for
                                      --fill. (default: transparent)

            OPTIONS:
              --turns <turns>         How many turns, 1 to 10,000. (default: 16)
              --seed <seed>           The seed every turn's random stream comes from; the
                                      same as generate's --seed gives the same turns.
                                      (default: 1)
              --out <file>            The file to write: .pdf, .png or .svg (PNG and SVG
                                      pages are numbered: NAME-01.png, ...). (default:
                                      worksheet.pdf)
              --paper <paper>         Paper size: a4 (210 x 297 mm) or letter (8.5 x 11
                                      in). (values: a4, letter; default: a4)
              --columns <n>           Cells across a page, 1 to 6. (default: 2)
              --rows <n>              Cells down a page, 1 to 10. (default: 4)
              --title <text>          The title at the top of every page, 1 to 60
                                      characters. (default: Tap the Larger Shape)
              --no-answer-key         Leave out the answer-key pages.
              -q, --quiet             Print nothing on success.
              --version               Show the version.
              -h, --help              Show help information.

            """#
        )
    }

    @Test func scoreHelp() throws {
        try expectHelp(
            ["score"],
            #"""
            OVERVIEW: Score a player's responses against a set's answer key with the
            tutorial's scorer chain.

            Each answered turn scores +1 when the chosen shape is the larger (a tie would
            match either) and -1 when not, plus 10 on every turn while the run of correct
            answers ending there is 5 or longer: five correct turns in a row score 15.
            Responses are scored in turn order; turns without a response are skipped.

            Responses are CSV with a header (turn,choice) or JSON Lines ({"turn": 3,
            "choice": "b"}); choices are a or b in any case.

            Examples:
              shapeturns score --key set7 --responses answers-by-ana.csv
              shapeturns score --key set7 --responses session.jsonl --json

            USAGE: shapeturns score --key <dir> --responses <file> [--json]

            OPTIONS:
              --key <dir>             The set folder written by generate (it holds
                                      answers.jsonl).
              --responses <file>      The player's responses: CSV with a turn,choice
                                      header, or JSON Lines.
              --json                  Print the score as JSON: total, answered, correct,
                                      unanswered and a turns array.
              --version               Show the version.
              -h, --help              Show help information.

            """#
        )
    }

    @Test func mergeHelp() throws {
        try expectHelp(
            ["merge"],
            #"""
            OVERVIEW: Complete a set rendered in shards: write answers.jsonl and
            manifest.json once every shard is done.

            The result is byte for byte what one uninterrupted generate run with the same
            options writes. Fails, changing nothing, while a shard is missing or
            unfinished.

            Example:
              for k in 1 2 3; do shapeturns generate --seed 9 --out big --shard $k/3 &
            done; wait
              shapeturns merge big

            USAGE: shapeturns merge <dir> [--quiet]

            ARGUMENTS:
              <dir>                   The folder the shards wrote into (their --out).

            OPTIONS:
              -q, --quiet             Print nothing on success.
              --version               Show the version.
              -h, --help              Show help information.

            """#
        )
    }

    @Test func compareHelp() throws {
        try expectHelp(
            ["compare"],
            #"""
            OVERVIEW: Compare two PNG images pixel by pixel, as pixelmatch does.

            A pixel differs when its colours are further apart than --threshold in YIQ
            space (semi-transparent pixels blended onto white) and it is not anti-aliasing.
            Exit status: 0 when the images match within the tolerance, 1 when they differ
            (different sizes included), 64 for a bad option, 65 for a file that is not a
            usable PNG, 66 for a missing file, 73 when the diff image cannot be written.

            Examples:
              shapeturns compare expected.png actual.png
              shapeturns compare expected.png actual.png --diff diff.png --threshold 0.05
              shapeturns compare expected.png actual.png --max-diff-ratio 0.001 --json

            USAGE: shapeturns compare <expected.png> <actual.png> [--threshold <t>] [--include-aa] [--diff <diff.png>] [--max-diff-pixels <n>] [--max-diff-ratio <r>] [--json]

            ARGUMENTS:
              <expected.png>          The reference image.
              <actual.png>            The image to check against it.

            OPTIONS:
              --threshold <t>         Colour distance still counted as the same, 0 to 1 (0
                                      is strictest). (default: 0.1)
              --include-aa            Count anti-aliased pixels as differences too.
              --diff <diff.png>       Write a diff image: differences red, anti-aliasing
                                      yellow, the rest faded grey.
              --max-diff-pixels <n>   Pass with at most this many differing pixels (default
                                      0).
              --max-diff-ratio <r>    Pass with at most this fraction of pixels differing,
                                      0 to 1.
              --json                  Print the result as JSON (differentPixels,
                                      totalPixels, match, ...).
              --version               Show the version.
              -h, --help              Show help information.

            """#
        )
    }
}
