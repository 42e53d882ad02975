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
                                      SVG) with an answer key; a version per student.
              score                   Score a player's or a whole class's answers against
                                      their answer keys.
              merge                   Complete a set rendered in shards: write
                                      answers.jsonl and manifest.json once every shard is
                                      done.
              compare                 Compare two images (PNG, JPEG, WebP), or two folders
                                      of them, pixel by pixel as pixelmatch 7.2.0 does.
              approve                 Copy actual images over the expected ones: approve
                                      the changes `compare` found.
              audit                   Show how well each cue but area predicts a set's
                                      label: the shortcuts a model could learn.
              play                    Serve the game in a browser: players tap the larger
                                      shape; every answer is recorded with its reaction
                                      time.
              simulate                Play adaptive games against a simulated player and
                                      print the estimates' bias, spread and coverage by
                                      game length.
              scan                    Read ticked worksheets back from scans (PDF, TIFF,
                                      JPEG, PNG) into the class's gradebook.

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
              shapeturns generate --turns 2000 --seed 5 --exclude train --out test
              shapeturns generate --turns 20000 --layout pair --split train=0.9,test=0.1
              shapeturns generate --turns 100000 --pack tar --shard-turns 1000 --out tars
              shapeturns generate --layout pair --rotation random --max-proportion 0.7
              shapeturns generate --placement random --palette bright --background white
              shapeturns generate --turns 8000 --pack tar --shard 4/8 --out - > 3.tar

            Datasets (see docs/datasets.md): every set also has labels.csv, a README.md
            dataset card for Hugging Face datasets, and, in the folder layout, a
            metadata.jsonl per split folder for imagefolder. --pack tar writes WebDataset
            shards (turns-NNNNNN.tar) instead of loose files.

            USAGE: shapeturns generate <options>

            SHAPES AND STYLE:
              --shapes <kinds>        Shape kinds to draw, comma-separated: square, circle,
                                      triangle, star, hexagon. (default: square,circle)
              --strategy <strategy>   basic: every turn from the one kind in --shapes;
                                      random: each turn picks one kind, both shapes of it;
                                      mixed: each shape picks its own kind; graded: like
                                      random, from easy turns to the hardest --min-ratio
                                      allows; staircase, quest: adaptive (play only), each
                                      ratio chosen from the player's answers. (values:
                                      basic, random, mixed, graded, staircase, quest;
                                      default: random)
              --difficulty <difficulty>
                                      One difficulty for the whole set: easy (area ratio 2
                                      or more), medium (1.4 to 2), hard (below 1.4).
                                      (values: easy, medium, hard)
              --min-proportion <p>    Smallest shape extent (side or diameter) as a
                                      fraction of the canvas, in (0, 1]. (default: 0.3)
              --max-proportion <p>    Largest shape extent as a fraction of the canvas, in
                                      (0, 1] (default 0.8; with generate --rotation random,
                                      the largest that lets every kind turn inside its
                                      square: 0.707 with squares).
              --min-ratio <r>         Smallest allowed ratio of the larger area to the
                                      smaller, above 1: no ties, no near-ties. Default: 1.1
                                      for generate; 1.25 for worksheets and keys rebuilt
                                      from --seed, a difference a child can see on paper.
              --fill <color>          Fill colour: a UIKit name the tutorial used (brown,
                                      orange, gray), a CSS name, or #RRGGBB[AA]. (default:
                                      brown)
              --outline <color>       Outline colour, in the same forms as --fill.
                                      (default: orange)
              --line-width <px>       Outline width in pixels of the shape's canvas, drawn
                                      inside the shape's bounds (default: 6 on a 512-pixel
                                      canvas, in proportion on others).
              --no-fill               Draw no fill, only the outline.
              --no-outline            Draw no outline, only the fill.
              --background <color>    Canvas background: transparent, or a colour as for
                                      --fill. (default: transparent)

            OPTIONS:
              --turns <turns>         How many turns to render, 1 to 10,000,000. (default:
                                      10)
              --seed <seed>           The seed every turn's random stream comes from
                                      (default 1); same seed and options, same turns and
                                      bytes, whatever --turns or --size: give train and
                                      test sets made apart different seeds, use --split,
                                      --seed-offset or --exclude.
              --seed-offset <n>       Draw turn i from the random streams of turn i+N (0 to
                                      1,000,000,000,000; even with --balance): sets made
                                      apart with one seed and different offsets share no
                                      turn's streams: a test set made with --seed-offset
                                      set to the train set's --turns draws from none of the
                                      train set's streams.
              --exclude <set>         Leave out every turn whose two shapes (kind,
                                      proportion, rotation, colours) equal a turn of the
                                      set in this folder, as its answers.jsonl records
                                      them; a turn that would repeat one is drawn again
                                      from the next stream, so the same options give the
                                      same set.
              --out <dir>             The folder to write: created if missing, filled in
                                      place if empty (a mount point or a link to a folder
                                      too); a set there is replaced only with --force. With
                                      --pack tar, - streams one tar to standard output.
                                      (default: turns)
              --format <formats>      Image formats, comma-separated: png, svg or png,svg.
                                      (default: png)
              --size <px>             Side of each shape's square canvas, 16 to 8192
                                      pixels. (default: 512)
              --layout <layout>       separate: an image per shape; pair: one game-screen
                                      image per turn, A left and B right (--size at most
                                      3642, so the image fits 8192 pixels). (values:
                                      separate, pair; default: separate)
              --labels                With --layout pair, write "A" and "B" under the
                                      shapes.
              --pack <pack>           folder: loose files; tar: WebDataset tar shards of
                                      --shard-turns turns. (values: folder, tar; default:
                                      folder)
              --shard-turns <n>       Turns per tar shard with --pack tar, 1 to 1,000,000
                                      (default 1000).
              --split <splits>        Divide the turns into splits by a fixed rule on seed
                                      and turn, each in a folder: NAME=FRACTION,... adding
                                      up to 1.
              --turn-json <bool>      Write a JSON answer key per turn in the folder layout
                                      (true or false); answers.jsonl is always written.
                                      (default: true)
              --placement <placement> centered (the game's), or random: each shape anywhere
                                      fully inside its square. (values: centered, random;
                                      default: centered)
              --rotation <rotation>   none, or random: squares, triangles, stars and
                                      hexagons turned by any angle (needs room: see
                                      --max-proportion). (values: none, random; default:
                                      none)
              --palette <palette>     Paint each shape's fill and outline in two colours of
                                      a palette: bright, pastel, earth, gray, or a comma
                                      list of colours.
              --balance <cues>        Keep these cues from predicting the larger shape (for
                                      training models): kind, extent, perimeter, box,
                                      colour, position, comma-separated; needs --strategy
                                      mixed. See docs/datasets.md.
              --ratio-range <min,max> The area ratios (larger over smaller) turns may take,
                                      in place of --min-ratio: MIN,MAX with 1 < MIN <= MAX.
              --ratio-distribution <distribution>
                                      With --balance, how ratios are drawn in their range:
                                      uniform (default) or log-uniform (as many turns from
                                      1.1 to 1.21 as from 1.21 to 1.331). (values: uniform,
                                      log-uniform)
              --png-compression <png-compression>
                                      How PNGs are compressed (all decode to the same
                                      pixels): fast, runs of one colour as deflate matches;
                                      default, libdeflate level 6 (about a quarter
                                      smaller); small, level 10; cairo, Cairo's own writer,
                                      for comparison. (values: fast, default, small, cairo;
                                      default: fast)
              --jobs <n>              Turns rendered at once, 1 to 256 (default: the number
                                      of cores); the output is the same for any value.
              --shard <K/N>           Render only part K of N of the set into --out, shared
                                      by all parts; then run merge.
              --resume                Finish a run that was killed, keeping the turns it
                                      completed; the result is the same as an uninterrupted
                                      run.
              --force                 Replace --out if it already holds a set ShapeTurns
                                      made (never a folder of other files), or start a
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
            answer key; a version per student.

            Each page has a header (title; name, date and score lines), a grid of numbered
            cells with shapes A and B drawn to one scale and a box to tick under each, and
            the page number. The answer key follows, one entry per turn (12: B). The turns
            are the ones generate makes with the same options and seed. The extension of
            --out chooses the format: .pdf writes one document; .png (150 dpi) or .svg
            write one file per page, numbered: sheet-01.png, sheet-02.png, ...

            The footer shows the sheet's code (it identifies the turns: options, seed and
            ShapeTurns version) and its seed. A PDF carries its answer key as JSON in its
            Keywords, so `shapeturns score --key sheet.pdf` scores against it.

            Pairs closer than --min-ratio are never drawn: 1.25 by default on a worksheet
            (a quarter more area), a difference a child can see on paper; --min-ratio 1.1
            as for generate is still there for older players.

            With --class ROSTER (one name a line, or CSV with a name column), every student
            gets a version of their own, equally hard: the same area ratios in an order and
            with shapes of their own (the class key shows each sheet's ratios). Its seed
            comes from --seed, the student's position and name, and every other option, so
            changing any option changes each answer pattern; the same options and seed give
            the same sheets. The name is printed on the Name line and in the footer. The
            sheets are one PDF, each student starting on an odd page for double-sided
            printing (--single-sided drops the blank pages), or one PDF per student with
            --split-files (NAME-01-ana-lima.pdf, ...). The class key is NAME-key.pdf; with
            --answer-key included it ends the one PDF instead, on a leaf of its own.
            Writing a class again replaces its whole set of files.

            Examples:
              shapeturns worksheet
              shapeturns worksheet --turns 30 --seed 7 --out sheet.pdf
              shapeturns worksheet --turns 30 --seed 7 --paper letter --columns 3 --rows 5
            --out sheet.pdf
              shapeturns worksheet --turns 12 --title "Warm-up" --no-answer-key --out
            warm-up.png
              shapeturns worksheet --strategy mixed --shapes
            square,circle,triangle,star,hexagon --out mixed.svg
              shapeturns worksheet --turns 20 --seed 7 --answer-key separate --out quiz.pdf
              shapeturns worksheet --class roster.txt --turns 20 --seed 7 --out class.pdf
              shapeturns worksheet --class roster.csv --split-files --out sheets/class.pdf
              shapeturns worksheet --class roster.txt --single-sided --out class.pdf

            USAGE: shapeturns worksheet <options>

            SHAPES AND STYLE (AS FOR GENERATE; --LINE-WIDTH IS IN PIXELS OF A 512-PIXEL CANVAS, SCALED WITH IT):
              --shapes <kinds>        Shape kinds to draw, comma-separated: square, circle,
                                      triangle, star, hexagon. (default: square,circle)
              --strategy <strategy>   basic: every turn from the one kind in --shapes;
                                      random: each turn picks one kind, both shapes of it;
                                      mixed: each shape picks its own kind; graded: like
                                      random, from easy turns to the hardest --min-ratio
                                      allows; staircase, quest: adaptive (play only), each
                                      ratio chosen from the player's answers. (values:
                                      basic, random, mixed, graded, staircase, quest;
                                      default: random)
              --difficulty <difficulty>
                                      One difficulty for the whole set: easy (area ratio 2
                                      or more), medium (1.4 to 2), hard (below 1.4).
                                      (values: easy, medium, hard)
              --min-proportion <p>    Smallest shape extent (side or diameter) as a
                                      fraction of the canvas, in (0, 1]. (default: 0.3)
              --max-proportion <p>    Largest shape extent as a fraction of the canvas, in
                                      (0, 1] (default 0.8; with generate --rotation random,
                                      the largest that lets every kind turn inside its
                                      square: 0.707 with squares).
              --min-ratio <r>         Smallest allowed ratio of the larger area to the
                                      smaller, above 1: no ties, no near-ties. Default: 1.1
                                      for generate; 1.25 for worksheets and keys rebuilt
                                      from --seed, a difference a child can see on paper.
              --fill <color>          Fill colour: a UIKit name the tutorial used (brown,
                                      orange, gray), a CSS name, or #RRGGBB[AA]. (default:
                                      brown)
              --outline <color>       Outline colour, in the same forms as --fill.
                                      (default: orange)
              --line-width <px>       Outline width in pixels of the shape's canvas, drawn
                                      inside the shape's bounds (default: 6 on a 512-pixel
                                      canvas, in proportion on others).
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
              --answer-key <mode>     Where the answer key goes: included (after the
                                      turns), separate (its own file, NAME-key.pdf), or
                                      none. Default: included; separate with --class.
                                      (values: included, separate, none)
              --no-answer-key         Leave out the answer-key pages (the same as
                                      --answer-key none).
              --class <file>          A class roster: one name a line (.txt), or CSV with a
                                      name column. Makes one version per student, 1 to 500
                                      students.
              --split-files           With --class, write one PDF per student
                                      (NAME-01-ana-lima.pdf, ...) instead of one for the
                                      class.
              --single-sided          With --class, print-ready for one-sided printing: no
                                      blank pages between students.
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
            OVERVIEW: Score a player's or a whole class's answers against their answer
            keys.

            The key (--key) is a set folder made by generate, its answers.jsonl, or a
            worksheet PDF made by ShapeTurns (it carries its key); or it is rebuilt from
            --seed and --turns with the shape options the sheet was made with, without
            writing any image.

            The headline is the count the sheet asks for (15 / 20 correct), then the streak
            points of the tutorial's scorer chain: +1 for a correct turn, -1 for a wrong
            one, and +10 on every turn while the run of correct answers ending there is 5
            or longer. --blank says how a turn without an answer counts: wrong (-1, ends a
            streak; the default for worksheets and classes, as on paper) or skip (not
            scored; the default for a set's key).

            A record file of `play` (play-results/session-ID.jsonl) carries its game's
            options and is scored with no other: a plain game's against the turns its
            options make, a staircase or quest game's against the shapes it recorded, with
            the threshold estimate recomputed from its turns by the procedure itself (its
            95% interval for quest), as the end screen showed it. An option given with
            another value than the game's (--seed, --turns, a shape or procedure option) is
            refused (65), and so is a record that was changed. A record from before version
            2 does not carry its options: give them (--seed and --turns for a plain game,
            the shape and procedure options).

            Responses (--responses) are CSV with a turn,choice header or JSON Lines
            ({"turn": 3, "choice": "b"}); choices are a or b in any case, empty for a
            blank.

            A class's answers (--class) are CSV in the long form (student,turn,choice) or
            the wide form (student,1,2,...,N; empty cells are blanks), as a spreadsheet
            exports them. A student is named by name, sheet code (footer) or roster number
            (#3); a name typed with other case, accents, punctuation or spacing still finds
            the one roster name it folds to. Beside a name, a sheet column may carry each
            sheet's code (as the class key prints it). Each is scored against their own
            sheet; the gradebook lists correct, wrong, blank, percent and streak points per
            student, with the class's mean, median and hardest turns. A line that cannot be
            used is reported on stderr with its number and the rest is scored; the status
            is then 65. A class needs the class's key: --key with the class's PDF, or
            --seed with --roster.

            Answers that were not made on the key's sheets are refused (65), not graded: a
            sheet code that the key does not hold (a sheet column, --expect-sheet), or a
            class agreeing with the key no better than guessing while no sheet code
            confirms it. One player's --responses (40 answers or more) against a sheet with
            a code is checked the same way; --expect-sheet with the footer's code grades a
            real guess.

            Examples:
              shapeturns score --key set7 --responses answers-by-ana.csv
              shapeturns score --key sheet.pdf --responses ana.csv
              shapeturns score --seed 7 --turns 20 --responses ana.csv --json
              shapeturns score --responses play-results/session-3f9c0e7a5b.jsonl
              shapeturns score --key class.pdf --class answers.csv
              shapeturns score --key class-key.pdf --class answers.csv --csv gradebook.csv
              shapeturns score --seed 7 --turns 20 --roster roster.txt --class answers.csv
              shapeturns score --key sheet.pdf --responses ana.csv --blank skip
              shapeturns score --key week2.pdf --class answers.csv --expect-sheet K7QX-M2PD
              collect-taps | shapeturns score --key set7 --responses -

            USAGE: shapeturns score <options>

            SHAPES (WITH --SEED: THE OPTIONS THE SHEET WAS MADE WITH):
              --shapes <kinds>        Shape kinds to draw, comma-separated: square, circle,
                                      triangle, star, hexagon. (default: square,circle)
              --strategy <strategy>   basic: every turn from the one kind in --shapes;
                                      random: each turn picks one kind, both shapes of it;
                                      mixed: each shape picks its own kind; graded: like
                                      random, from easy turns to the hardest --min-ratio
                                      allows; staircase, quest: adaptive (play only), each
                                      ratio chosen from the player's answers. (values:
                                      basic, random, mixed, graded, staircase, quest;
                                      default: random)
              --difficulty <difficulty>
                                      One difficulty for the whole set: easy (area ratio 2
                                      or more), medium (1.4 to 2), hard (below 1.4).
                                      (values: easy, medium, hard)
              --min-proportion <p>    Smallest shape extent (side or diameter) as a
                                      fraction of the canvas, in (0, 1]. (default: 0.3)
              --max-proportion <p>    Largest shape extent as a fraction of the canvas, in
                                      (0, 1] (default 0.8; with generate --rotation random,
                                      the largest that lets every kind turn inside its
                                      square: 0.707 with squares).
              --min-ratio <r>         Smallest allowed ratio of the larger area to the
                                      smaller, above 1: no ties, no near-ties. Default: 1.1
                                      for generate; 1.25 for worksheets and keys rebuilt
                                      from --seed, a difference a child can see on paper.
              --fill <color>          Fill colour: a UIKit name the tutorial used (brown,
                                      orange, gray), a CSS name, or #RRGGBB[AA]. (default:
                                      brown)
              --outline <color>       Outline colour, in the same forms as --fill.
                                      (default: orange)
              --line-width <px>       Outline width in pixels of the shape's canvas, drawn
                                      inside the shape's bounds (default: 6 on a 512-pixel
                                      canvas, in proportion on others).
              --no-fill               Draw no fill, only the outline.
              --no-outline            Draw no outline, only the fill.
              --background <color>    Canvas background: transparent, or a colour as for
                                      --fill. (default: transparent)

            ADAPTIVE PROCEDURES (A STAIRCASE OR QUEST RECORD OF VERSION 1: THE GAME'S SETTINGS):
              --up <n>                staircase: wrong answers in a row that make it easier
                                      (PsychoPy's nUp), 1 to 20. (default: 1)
              --down <n>              staircase: right answers in a row that make it harder
                                      (nDown), 1 to 20; 1-up/3-down aims at 79.4% right.
                                      (default: 3)
              --step-sizes <steps>    staircase: step sizes in log10 units of the Weber
                                      fraction (ratio - 1), comma-separated, the next after
                                      each reversal (stepSizes). (default: 0.3,0.15)
              --start-ratio <r>       staircase: the first turn's area ratio (startVal, as
                                      a ratio above 1). (default: 1.5)
              --reversals <n>         staircase: stop after this many reversals; 0 runs to
                                      --turns (in PsychoPy nReversals is a minimum).
                                      (default: 0)
              --precision <x>         quest: stop once the 95% interval's upper Weber
                                      fraction is at most this many times its lower one
                                      (above 1); without it, run to --turns.
              --prior-threshold <r>   quest: the threshold prior's centre, an area ratio
                                      (startVal); without it the prior is flat, 1.01 to 3.
              --prior-sd <sd>         quest: the prior's sd in log10 units of the Weber
                                      fraction (ratio - 1), 0.05 to 10, with
                                      --prior-threshold (startValSd; default 0.5).

            OPTIONS:
              --key <path>            The answer key: a set folder, its answers.jsonl, or a
                                      worksheet PDF made by ShapeTurns.
              --seed <seed>           Rebuild the key from this seed (with --turns and the
                                      shape options) instead of --key.
              --turns <n>             With --seed: how many turns the sheet has, 1 to 10000.
              --roster <file>         With --seed and --class: the roster the class's
                                      sheets were made from.
              --responses <file>      One player's responses: CSV with a turn,choice
                                      header, or JSON Lines; - reads standard input.
              --class <file>          A class's answers: CSV, long (student,turn,choice) or
                                      wide (student,1,2,...).
              --student <student>     With --responses and a class's key: whose sheet
                                      (name, sheet code or #number).
              --expect-sheet <code>   A sheet code read off a sheet's footer (or the class
                                      key); the key must hold it, else nothing is scored.
                                      Repeatable.
              --blank <policy>        How a blank counts: wrong or skip. Default: wrong for
                                      worksheets and classes, skip for a set's key.
                                      (values: wrong, skip)
              --json                  Print JSON: for a player the score and a turns array;
                                      for a class the gradebook.
              --csv <file>            With --class: also write the gradebook as CSV to this
                                      file.
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
            OVERVIEW: Compare two images (PNG, JPEG, WebP), or two folders of them, pixel
            by pixel as pixelmatch 7.2.0 does.

            A pixel differs when its colours are further apart than --threshold (YIQ
            distance, semi-transparent pixels blended onto a checkerboard) and it is not
            anti-aliasing. Counts and diff images equal pixelmatch 7.2.0's;
            --no-checkerboard gives pixelmatch 5 and 6's (semi-transparent pixels blended
            onto white), --metric oklab pixelmatch main's. docs/pixelmatch.md says more.
            Pixels under a --mask never count.

            Given two folders, images are matched by their path relative to each (*.png,
            *.jpg, *.jpeg, *.webp, recursively; a folder holding a ShapeTurns report,
            marked by its .shapeturns-report file, is left out) and each gets a status:
            passed, changed (pixels beyond the tolerance, the size, or an unreadable
            image), new (only in ACTUAL_DIR) or missing (only in EXPECTED_DIR). changed and
            missing fail the run, new too unless --allow-new. Pairs are compared --jobs at
            a time. --json prints every image's verdict, --junit writes a JUnit XML file
            for CI test reporters (with --report, each failing case attaches its diff
            image), --report writes an HTML report to open in a browser. Approve the
            changes with `shapeturns approve`.

            Exit status: 0 when everything matches within the tolerance, 1 when something
            differs or fails (different sizes included), 64 for a bad option, 65 for a file
            that is not a usable image (pair mode), 66 for a missing file or folder, 73
            when an output cannot be created (an input, a device, a file ShapeTurns did not
            write), 74 when writing fails (a full disk, standard output full or closed).

            Examples:
              shapeturns compare expected.png actual.png
              shapeturns compare expected.png actual.png --diff diff.png --threshold 0.05
              shapeturns compare expected.png actual.png --max-diff-ratio 0.001 --json
              shapeturns compare old.png new.png --diff diff.png --diff-color-alt 0,160,0
              shapeturns compare expected.png actual.png --diff mask.png --diff-mask
              shapeturns compare expected.png actual.png --metric oklab --no-checkerboard
              shapeturns compare Snapshots/ out/ --report report --junit report.xml
              shapeturns compare Snapshots/ out/ --allow-new --mask 0,0,200,24 --json

            USAGE: shapeturns compare [<options>] <expected> <actual>

            ARGUMENTS:
              <expected>              The reference image, or folder of reference images.
              <actual>                The image to check against it, or folder of them.

            OPTIONS:
              --threshold <t>         Colour distance still counted as the same, 0 to 1 (0
                                      is strictest; 1 is black to white). (default: 0.1)
              --metric <yiq|oklab>    Colour distance: yiq (pixelmatch's releases) or oklab
                                      (pixelmatch main's HyAB distance in OKLab, which
                                      tells apart saturated colours of similar brightness).
                                      (values: yiq, oklab; default: yiq)
              --checkerboard/--no-checkerboard
                                      Blend semi-transparent pixels onto a checkerboard
                                      before comparing (pixelmatch 7); --no-checkerboard
                                      blends them onto white, as pixelmatch 5 and 6 did.
                                      (default: --checkerboard)
              --include-aa            Count anti-aliased pixels as differences too.
              --max-diff-pixels <n>   Pass with at most this many differing pixels (default
                                      0).
              --max-diff-ratio <r>    Pass with at most this fraction of pixels differing,
                                      0 to 1.
              --mask <x,y,w,h>        Leave out the rectangle at x,y of w by h pixels: its
                                      pixels never count and the diff shows them magenta.
                                      Repeatable.
              --alpha <a>             Opacity of the expected image in the diff image's
                                      faded background, 0 to 1. (default: 0.1)
              --diff-color <r,g,b>    Diff image colour of differing pixels (default
                                      255,0,0).
              --diff-color-alt <r,g,b>
                                      Diff image colour of differences where the actual
                                      image is darker, to tell what was added from what was
                                      removed (default: --diff-color).
              --aa-color <r,g,b>      Diff image colour of anti-aliased pixels not counted
                                      (default 255,255,0).
              --diff-mask             Draw only the differences in the diff image, over
                                      transparency.
              --pixel-budget <pixels> Most pixels held decoded at once, 4 bytes each: both
                                      images and their diff (folder mode: all jobs
                                      together). A pair that needs more is refused.
                                      (default: 201326592)
              --rules <file.json>     Folders: per-image rules (JSON: globs with threshold,
                                      includeAA, maxDiffPixels, maxDiffRatio, ignore
                                      regions); default:
                                      EXPECTED_DIR/.shapeturns-compare.json when it exists.
              --diff <diff.png>       Write a diff image: differences red, anti-aliasing
                                      yellow, masks magenta, the rest faded grey (two
                                      images only). Never written over an input, a device
                                      or a file ShapeTurns did not write.
              --json                  Print the result as JSON: the counts and verdict of a
                                      pair, or a folder's summary and every image.
              --junit <file.xml>      Folders: write a JUnit XML file, one test case per
                                      image.
              --report <dir>          Folders: write an HTML report (index.html and the
                                      images of every failing path) to this folder.
              --allow-new             Folders: images only in the actual folder do not fail
                                      the run.
              -j, --jobs <n>          Folders: pairs compared at once, 1 to 256 (default:
                                      the number of cores).
              -q, --quiet             Folders: draw no progress bar.
              --version               Show the version.
              -h, --help              Show help information.

            """#
        )
    }

    @Test func approveHelp() throws {
        try expectHelp(
            ["approve"],
            #"""
            OVERVIEW: Copy actual images over the expected ones: approve the changes
            `compare` found.

            Copies the actual image of each PATH (relative to both folders; a folder stands
            for the images under it) over the expected one, or of every changed and new
            image when no PATH is given, as `shapeturns compare EXPECTED_DIR ACTUAL_DIR`
            with the same options finds them. Each copy is atomic: a killed approve leaves
            every expected image old or new, never half-written. --prune also deletes the
            expected images that are missing from ACTUAL_DIR. Prints one line per image
            approved.

            Nothing is written when a PATH is absolute, leaves the folders, or names no
            image (64), or when an image to approve is not a usable image (65).

            Examples:
              shapeturns approve Snapshots/ out/
              shapeturns approve Snapshots/ out/ icons/star.png "dark mode/"
              shapeturns approve Snapshots/ out/ --prune --threshold 0.05

            USAGE: shapeturns approve [<options>] <expected-dir> <actual-dir> [<path> ...]

            ARGUMENTS:
              <expected-dir>          The folder of approved (expected) images; it is
                                      updated.
              <actual-dir>            The folder of actual images.
              <path>                  Images (or folders of them) to approve, relative to
                                      both folders; default: every changed and new one.

            OPTIONS:
              --threshold <t>         Colour distance still counted as the same, 0 to 1 (0
                                      is strictest; 1 is black to white). (default: 0.1)
              --metric <yiq|oklab>    Colour distance: yiq (pixelmatch's releases) or oklab
                                      (pixelmatch main's HyAB distance in OKLab, which
                                      tells apart saturated colours of similar brightness).
                                      (values: yiq, oklab; default: yiq)
              --checkerboard/--no-checkerboard
                                      Blend semi-transparent pixels onto a checkerboard
                                      before comparing (pixelmatch 7); --no-checkerboard
                                      blends them onto white, as pixelmatch 5 and 6 did.
                                      (default: --checkerboard)
              --include-aa            Count anti-aliased pixels as differences too.
              --max-diff-pixels <n>   Pass with at most this many differing pixels (default
                                      0).
              --max-diff-ratio <r>    Pass with at most this fraction of pixels differing,
                                      0 to 1.
              --mask <x,y,w,h>        Leave out the rectangle at x,y of w by h pixels: its
                                      pixels never count and the diff shows them magenta.
                                      Repeatable.
              --alpha <a>             Opacity of the expected image in the diff image's
                                      faded background, 0 to 1. (default: 0.1)
              --diff-color <r,g,b>    Diff image colour of differing pixels (default
                                      255,0,0).
              --diff-color-alt <r,g,b>
                                      Diff image colour of differences where the actual
                                      image is darker, to tell what was added from what was
                                      removed (default: --diff-color).
              --aa-color <r,g,b>      Diff image colour of anti-aliased pixels not counted
                                      (default 255,255,0).
              --diff-mask             Draw only the differences in the diff image, over
                                      transparency.
              --pixel-budget <pixels> Most pixels held decoded at once, 4 bytes each: both
                                      images and their diff (folder mode: all jobs
                                      together). A pair that needs more is refused.
                                      (default: 201326592)
              --rules <file.json>     Folders: per-image rules (JSON: globs with threshold,
                                      includeAA, maxDiffPixels, maxDiffRatio, ignore
                                      regions); default:
                                      EXPECTED_DIR/.shapeturns-compare.json when it exists.
              --prune                 Also delete expected images that are missing from the
                                      actual folder.
              -j, --jobs <n>          Pairs compared at once, 1 to 256 (default: the number
                                      of cores).
              --version               Show the version.
              -h, --help              Show help information.

            """#
        )
    }

    @Test func auditHelp() throws {
        try expectHelp(
            ["audit"],
            #"""
            OVERVIEW: Show how well each cue but area predicts a set's label: the shortcuts
            a model could learn.

            Reads SET/answers.jsonl (any set in ShapeTurns' layout, whoever made it) and
            prints, per split, rules fitted on two thirds of the first split's turns and
            scored on the other third and on every turn of the other splits, each with its
            accuracy, a 95% interval, its number of turns and whether it beats chance
            (50%): position, the kind-pair and colour tables, and for extent, perimeter,
            box size and placement the cue's sign, the best threshold on it and a depth-2
            tree on it and the kind pair; then a depth-4 tree and a logistic regression on
            every non-area field (high by nature: kinds and extents give the areas). The
            same table is in every set's README.md and manifest.json. See docs/datasets.md.

            Examples:
              shapeturns audit turns
              shapeturns audit big --json

            USAGE: shapeturns audit <set> [--json]

            ARGUMENTS:
              <set>                   The set's folder (it holds answers.jsonl).

            OPTIONS:
              --json                  Print the audit as JSON, as manifest.json holds it.
              --version               Show the version.
              -h, --help              Show help information.

            """#
        )
    }

    @Test func playHelp() throws {
        try expectHelp(
            ["play"],
            #"""
            OVERVIEW: Serve the game in a browser: players tap the larger shape; every
            answer is recorded with its reaction time.

            Open the printed address, type a name and play: a tap, a click, the arrow keys
            or A/B pick a shape. Each player's answers go to DIR/session-ID.jsonl, on the
            disk before the page hears they were recorded, the first line with the game's
            options; shapeturns score --responses FILE scores such a file on its own. With
            a fixed seed, turn i is turn i of generate with the same options (for the
            non-adaptive strategies). Ctrl-C stops it. The JSON API is in docs/play.md. A
            restart with the same --out takes every player's game up where its record ends,
            in the same file. When it stops, play writes DIR/trials.csv: every answer in
            DIR, a row each, with the players' metadata (a page address's ?key=value).

            The teacher's page /class (every player's score, live) and its gradebook need a
            token when the server listens beyond loopback: play makes an unguessable one
            and prints the class page's address with it (/class?token=...); --class-token
            sets your own. Without the token /class answers 401 (403 for a wrong one). On
            loopback /class is open unless --class-token is given.

            Examples:
              shapeturns play
              shapeturns play --turns 30 --seed 7 --shapes square,circle,star
              shapeturns play --strategy quest --turns 60 --precision 2
              shapeturns play --strategy staircase --down 3 --step-sizes 0.3,0.1
            --reversals 8
              shapeturns play --host 0.0.0.0 --port 8080 --out class-5b
              shapeturns play --host 0.0.0.0 --class-token room12-monday-7f3k9q
              shapeturns play --allow-origin https://run.pavlovia.org
              shapeturns play --fixation 500 --iti 800 --timeout 3000 --feedback none
              shapeturns play --practice 4 --stimulus-duration 300 --calibrate --shape-mm 40

            USAGE: shapeturns play <options>

            SHAPES:
              --shapes <kinds>        Shape kinds to draw, comma-separated: square, circle,
                                      triangle, star, hexagon. (default: square,circle)
              --strategy <strategy>   basic: every turn from the one kind in --shapes;
                                      random: each turn picks one kind, both shapes of it;
                                      mixed: each shape picks its own kind; graded: like
                                      random, from easy turns to the hardest --min-ratio
                                      allows; staircase, quest: adaptive (play only), each
                                      ratio chosen from the player's answers. (values:
                                      basic, random, mixed, graded, staircase, quest;
                                      default: random)
              --difficulty <difficulty>
                                      One difficulty for the whole set: easy (area ratio 2
                                      or more), medium (1.4 to 2), hard (below 1.4).
                                      (values: easy, medium, hard)
              --min-proportion <p>    Smallest shape extent (side or diameter) as a
                                      fraction of the canvas, in (0, 1]. (default: 0.3)
              --max-proportion <p>    Largest shape extent as a fraction of the canvas, in
                                      (0, 1] (default 0.8; with generate --rotation random,
                                      the largest that lets every kind turn inside its
                                      square: 0.707 with squares).
              --min-ratio <r>         Smallest allowed ratio of the larger area to the
                                      smaller, above 1: no ties, no near-ties. Default: 1.1
                                      for generate; 1.25 for worksheets and keys rebuilt
                                      from --seed, a difference a child can see on paper.
              --fill <color>          Fill colour: a UIKit name the tutorial used (brown,
                                      orange, gray), a CSS name, or #RRGGBB[AA]. (default:
                                      brown)
              --outline <color>       Outline colour, in the same forms as --fill.
                                      (default: orange)
              --line-width <px>       Outline width in pixels of the shape's canvas, drawn
                                      inside the shape's bounds (default: 6 on a 512-pixel
                                      canvas, in proportion on others).
              --no-fill               Draw no fill, only the outline.
              --no-outline            Draw no outline, only the fill.
              --background <color>    Canvas background: transparent, or a colour as for
                                      --fill. (default: transparent)

            ADAPTIVE PROCEDURES (--STRATEGY STAIRCASE OR QUEST):
              --up <n>                staircase: wrong answers in a row that make it easier
                                      (PsychoPy's nUp), 1 to 20. (default: 1)
              --down <n>              staircase: right answers in a row that make it harder
                                      (nDown), 1 to 20; 1-up/3-down aims at 79.4% right.
                                      (default: 3)
              --step-sizes <steps>    staircase: step sizes in log10 units of the Weber
                                      fraction (ratio - 1), comma-separated, the next after
                                      each reversal (stepSizes). (default: 0.3,0.15)
              --start-ratio <r>       staircase: the first turn's area ratio (startVal, as
                                      a ratio above 1). (default: 1.5)
              --reversals <n>         staircase: stop after this many reversals; 0 runs to
                                      --turns (in PsychoPy nReversals is a minimum).
                                      (default: 0)
              --precision <x>         quest: stop once the 95% interval's upper Weber
                                      fraction is at most this many times its lower one
                                      (above 1); without it, run to --turns.
              --prior-threshold <r>   quest: the threshold prior's centre, an area ratio
                                      (startVal); without it the prior is flat, 1.01 to 3.
              --prior-sd <sd>         quest: the prior's sd in log10 units of the Weber
                                      fraction (ratio - 1), 0.05 to 10, with
                                      --prior-threshold (startValSd; default 0.5).

            TRIAL DESIGN:
              --fixation <ms>         A fixation cross before each turn's shapes, 0 to
                                      60,000 ms (0: none). (default: 0)
              --iti <ms>              A blank screen between an answer and the next turn, 0
                                      to 60,000 ms. (default: 0)
              --stimulus-duration <ms>
                                      Show the shapes for this long, 1 to 60,000 ms, then
                                      mask them (the answer is still taken). Default: until
                                      answered.
              --timeout <ms>          End a turn with no answer this long after the shapes
                                      appear, 100 to 60,000 ms; it is recorded as timed out
                                      and scored wrong. Default: no timeout.
              --feedback <kind>       After each answer show none, score or correct (the
                                      score and right or wrong). (default: score)
              --practice <n>          Practice turns before the game, 0 to 100, recorded
                                      apart in practice-ID.jsonl. (default: 0)
              --calibrate             Have each player match a card on screen first; the
                                      shapes are then drawn --shape-mm wide.
              --shape-mm <mm>         With --calibrate, each shape's side on screen, 10 to
                                      300 mm. (default: 50.0)

            OPTIONS:
              --host <host>           The address to listen on; 0.0.0.0 lets tablets on the
                                      network play. (default: 127.0.0.1)
              --port <port>           The port to listen on, 0 to 65535 (0: any free port).
                                      (default: 8080)
              --turns <turns>         Turns per game, 1 to 1,000. (default: 20)
              --seed <seed>           The seed of every turn's random stream; same seed,
                                      same turns as generate. (default: 1)
              --size <px>             Side of each shape's image, 16 to 1024 pixels.
                                      (default: 512)
              --out <dir>             The folder of record files, one per player; created
                                      if missing, never emptied. (default: play-results)
              --max-players <n>       The most players at once, 1 to 10,000. (default: 500)
              --class-token <token>   The teacher's token for /class and its gradebook: 16
                                      to 128 letters, digits, - or _. Default: a new
                                      unguessable one beyond loopback, none on loopback.
              --allow-origin <origin> Another site (scheme://host[:port]) that may call the
                                      API and frame the game, as a jsPsych page on Pavlovia
                                      or JATOS does; repeatable. Default: none.
              --version               Show the version.
              -h, --help              Show help information.

            """#
        )
    }

    @Test func simulateHelp() throws {
        try expectHelp(
            ["simulate"],
            #"""
            OVERVIEW: Play adaptive games against a simulated player and print the
            estimates' bias, spread and coverage by game length.

            The observer answers right with the chance its psychometric function gives at
            each area ratio r. weber (Gaussian noise on log area): P = L/2 + (1 - L) *
            Phi(ln r / (s * sqrt 2)), s set so that P is 75% at --threshold without lapses;
            weibull: P = L/2 + (1 - L) * (1 - 2^-((ln r / ln T)^B) / 2) with --slope B.
            Errors are measured on the Weber fraction (ratio - 1): e = ln(estimate /
            truth); bias = exp(mean e) - 1, spread = exp(sd e) - 1, typical error =
            exp(sqrt(mean e^2)) - 1. Runs are seeded: same options, same table.

            Examples:
              shapeturns simulate --strategy quest --threshold 1.1 --lapse 0.05 --runs 1000
            --turns 50
              shapeturns simulate --strategy staircase --threshold 1.2 --runs 500 --turns
            80
              shapeturns simulate --strategy quest --observer weibull --threshold 1.15
            --slope 3 --lapse 0.02
              shapeturns simulate --threshold 1.8 --prior-threshold 1.15 --prior-sd 0.5

            USAGE: shapeturns simulate <options>

            PROCEDURE SETTINGS:
              --up <n>                staircase: wrong answers in a row that make it easier
                                      (PsychoPy's nUp), 1 to 20. (default: 1)
              --down <n>              staircase: right answers in a row that make it harder
                                      (nDown), 1 to 20; 1-up/3-down aims at 79.4% right.
                                      (default: 3)
              --step-sizes <steps>    staircase: step sizes in log10 units of the Weber
                                      fraction (ratio - 1), comma-separated, the next after
                                      each reversal (stepSizes). (default: 0.3,0.15)
              --start-ratio <r>       staircase: the first turn's area ratio (startVal, as
                                      a ratio above 1). (default: 1.5)
              --reversals <n>         staircase: stop after this many reversals; 0 runs to
                                      --turns (in PsychoPy nReversals is a minimum).
                                      (default: 0)
              --precision <x>         quest: stop once the 95% interval's upper Weber
                                      fraction is at most this many times its lower one
                                      (above 1); without it, run to --turns.
              --prior-threshold <r>   quest: the threshold prior's centre, an area ratio
                                      (startVal); without it the prior is flat, 1.01 to 3.
              --prior-sd <sd>         quest: the prior's sd in log10 units of the Weber
                                      fraction (ratio - 1), 0.05 to 10, with
                                      --prior-threshold (startValSd; default 0.5).

            OPTIONS:
              --strategy <strategy>   The procedure: staircase or quest. (values: basic,
                                      random, mixed, graded, staircase, quest; default:
                                      quest)
              --observer <observer>   The simulated player: weber or weibull. (values:
                                      weber, weibull; default: weber)
              --threshold <r>         The observer's true 75%-correct area ratio, 1.001 to
                                      4. (default: 1.1)
              --slope <b>             weibull: the slope B, 0.3 to 10. (default: 1.2)
              --lapse <l>             The lapse rate L, 0 to 0.5. (default: 0.0)
              --runs <runs>           Games to play, 1 to 100,000. (default: 200)
              --turns <turns>         Turns per game, 1 to 1,000. (default: 50)
              --seed <seed>           The seed of the runs' random streams. (default: 1)
              --version               Show the version.
              -h, --help              Show help information.

            """#
        )
    }

    @Test func scanHelp() throws {
        try expectHelp(
            ["scan"],
            #"""
            OVERVIEW: Read ticked worksheets back from scans (PDF, TIFF, JPEG, PNG) into
            the class's gradebook.

            Every worksheet page ShapeTurns prints carries a mark in each corner and a page
            code (the squares at its foot) naming its sheet and page. scan finds them on
            each scanned page of SCANS, in any order and any way up, several pages and
            sheets a file: a copier's PDF or TIFF (1-bit or grey) or phone photos (JPEG,
            PNG). A folder in SCANS is its own files, in name order; any other entry (a
            subfolder, a file that is no scan) is skipped with a line. The names of scans
            and outputs need not be UTF-8 (a copier's Latin-1 page\xff.png is read under
            its bytes and shown so); --key and --roster must be. Blank pages (the backs of
            leaves) are skipped and named on stderr.

            In each answer box it measures the ink against the paper around it. One box
            marked (a tick, a cross, a fill or a circle) and the other empty is that
            choice; both empty is a blank. Both boxes marked (a child who changed their
            mind), or a mark too faint or too small to call, is flagged for review and
            never guessed: the turn is left blank and listed on stderr and on --review's
            page. A box filled or ticked firmly beside one that holds only a few faint
            specks (a photo's grain, what an eraser left) is that choice.

            The gradebook is printed, and written with --csv, exactly as score --class
            writes it. With turns flagged it is not final: a line under it and on stderr
            says how many turns await review (counted blank until decided), and the status
            is 1. --responses writes what was read as the long-form CSV score --class reads
            (student,sheet,turn,choice,flag), each student named as on the roster: every
            turn of every sheet, those on a page not read flagged "not read: WHY", which
            score --class refuses to grade until they are decided (typed in, or chosen on
            the review page).

            The teacher decides flagged turns on the review page: open DIR/index.html in a
            browser (offline, nothing is sent anywhere), choose A, B or Blank for each
            flagged turn, click "Save the responses" and score the saved file with score
            --class. Typing the choices into --responses' file does the same.

            A page that cannot be used (no corner marks: a photo of something else; a page
            code that does not check out; a sheet not in the key: another class's page; the
            same page twice) and a sheet with pages missing are listed on stderr and on the
            review page; nothing on them is given to anyone, and the status is then 65. A
            pile none of whose sheets is in the key is one line (another week's key?) and
            no gradebook. --csv, --responses and --review must name places of their own,
            none an input, checked before any page is read (64, 73). A turn that the second
            copy of a page reads differently from the first is flagged, and the review page
            pictures it from both.

            Black-and-white (1-bit) scans are read too, but a copier's threshold drops
            marks lighter than it, and dithering under 250 dpi leaves pencil hard to tell
            from the dots (more turns flagged): a note on stderr and on the review page
            says so when the scans hold such pages. Scanning in grey keeps the marks a
            threshold drops.

            Examples:
              shapeturns scan copier.pdf --key class-key.pdf
              shapeturns scan copier.tif --key class.pdf --csv marks.csv --review review
              shapeturns scan photos --seed 7 --turns 20 --roster roster.txt --json
              shapeturns scan copier.pdf --key class-key.pdf --responses read.csv

            After deciding the flagged turns on review/index.html and saving the file:
              shapeturns score --key class-key.pdf --class corrected-responses.csv

            USAGE: shapeturns scan [<options>] [<scans> ...]

            ARGUMENTS:
              <scans>                 Scanned files (PDF, TIFF, JPEG or PNG) or folders of
                                      them, in any order.

            SHAPES (WITH --SEED: THE OPTIONS THE SHEETS WERE MADE WITH):
              --shapes <kinds>        Shape kinds to draw, comma-separated: square, circle,
                                      triangle, star, hexagon. (default: square,circle)
              --strategy <strategy>   basic: every turn from the one kind in --shapes;
                                      random: each turn picks one kind, both shapes of it;
                                      mixed: each shape picks its own kind; graded: like
                                      random, from easy turns to the hardest --min-ratio
                                      allows; staircase, quest: adaptive (play only), each
                                      ratio chosen from the player's answers. (values:
                                      basic, random, mixed, graded, staircase, quest;
                                      default: random)
              --difficulty <difficulty>
                                      One difficulty for the whole set: easy (area ratio 2
                                      or more), medium (1.4 to 2), hard (below 1.4).
                                      (values: easy, medium, hard)
              --min-proportion <p>    Smallest shape extent (side or diameter) as a
                                      fraction of the canvas, in (0, 1]. (default: 0.3)
              --max-proportion <p>    Largest shape extent as a fraction of the canvas, in
                                      (0, 1] (default 0.8; with generate --rotation random,
                                      the largest that lets every kind turn inside its
                                      square: 0.707 with squares).
              --min-ratio <r>         Smallest allowed ratio of the larger area to the
                                      smaller, above 1: no ties, no near-ties. Default: 1.1
                                      for generate; 1.25 for worksheets and keys rebuilt
                                      from --seed, a difference a child can see on paper.
              --fill <color>          Fill colour: a UIKit name the tutorial used (brown,
                                      orange, gray), a CSS name, or #RRGGBB[AA]. (default:
                                      brown)
              --outline <color>       Outline colour, in the same forms as --fill.
                                      (default: orange)
              --line-width <px>       Outline width in pixels of the shape's canvas, drawn
                                      inside the shape's bounds (default: 6 on a 512-pixel
                                      canvas, in proportion on others).
              --no-fill               Draw no fill, only the outline.
              --no-outline            Draw no outline, only the fill.
              --background <color>    Canvas background: transparent, or a colour as for
                                      --fill. (default: transparent)

            OPTIONS:
              --key <path>            The answer key: the class's PDF or its class-key.pdf
                                      (or one sheet's PDF).
              --seed <seed>           Rebuild the key from this seed (with --turns) instead
                                      of --key.
              --turns <n>             With --seed: how many turns a sheet has, 1 to 10000.
              --roster <file>         With --seed: the roster the class's sheets were made
                                      from.
              --json                  Print the gradebook as JSON.
              --csv <file>            Also write the gradebook as CSV to this file.
              --responses <file>      Write the responses read as long-form CSV
                                      (student,sheet,turn,choice,flag) to this file.
              --review <dir>          Write a review page (DIR/index.html) to decide
                                      flagged turns on and see pages not read.
              --version               Show the version.
              -h, --help              Show help information.

            """#
        )
    }
}
