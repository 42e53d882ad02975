"""Reads a ShapeTurns set back with the libraries ML users load it with, and checks it against
the set's own answers.jsonl. Run by the Swift test suite (DatasetLoadingTests) through
scripts/python-env; exits non-zero with one line per failure.

usage: check_dataset.py SET_DIR

Checks, by the set's manifest:
- every set: labels.csv agrees with answers.jsonl; per-split answers.jsonl files partition it;
  the manifest's split counts are right; each turn's split is what answers.jsonl says;
- every image: decodes with Pillow at the key's canvas size, and for each shape the alpha
  inside its box adds up to its area (fraction of its square) and nothing is drawn outside the
  boxes on a transparent background without labels;
- tar sets: each shard's size and SHA-256 match the manifest; tarfile sees fixed headers (mtime,
  uid/gid 0, mode 0644); `webdataset` yields every turn exactly once with decoded images and the
  same JSON as answers.jsonl; `datasets.load_dataset("webdataset", ...)` gives the counts and
  labels per split;
- folder sets: `datasets.load_dataset("imagefolder", ...)` and `load_dataset(SET_DIR)` (through
  the README.md card) give the counts per split, the labels, and decoded images.
"""
import csv
import hashlib
import io
import json
import os
import sys
import tarfile

import numpy
from PIL import Image

failures = []



def hex_colour(colour):
    """A manifest colour (an object of four components, or an older "#RRGGBB[AA]" string) as the
    answer key writes it: "#RRGGBB", or "#RRGGBBAA" when not opaque."""
    if isinstance(colour, str):
        return colour.upper()
    parts = [colour["red"], colour["green"], colour["blue"]] + ([colour["alpha"]] if colour["alpha"] < 1 else [])
    return "#" + "".join(f"{round(min(max(p, 0), 1) * 255):02X}" for p in parts)

def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def load_answers(path):
    with open(path) as file:
        return [json.loads(line) for line in file if line.strip()]


def coverage_matches(image, answer, where):
    """The alpha inside each shape's box adds up to its area; nothing outside the boxes."""
    canvas = answer["canvas"]
    check(image.size == (canvas["width"], canvas["height"]), f"{where}: size {image.size} != canvas {canvas}")
    alpha = numpy.asarray(image.convert("RGBA"))[:, :, 3].astype(numpy.float64) / 255
    square = canvas.get("shapeSquare", canvas["width"])
    outside = numpy.ones_like(alpha, dtype=bool)
    for shape in answer["shapes"]:
        box = shape["box"]
        region = alpha[box["y"]:box["y"] + box["height"], box["x"]:box["x"] + box["width"]]
        covered = region.sum() / (square * square)
        check(abs(covered - shape["area"]) / shape["area"] < 0.01,
              f"{where} shape {shape['label']}: box covers {covered:.5f}, key says {shape['area']:.5f}")
        outside[box["y"]:box["y"] + box["height"], box["x"]:box["x"] + box["width"]] = False
    return alpha, outside


def check_shape_images(images, answer, where, labels_drawn):
    """images: {"a": PIL, "b": PIL} for the separate layout or {"pair": PIL}."""
    transparent = answer["canvas"]["background"] == "transparent"
    if not transparent:
        for name, image in images.items():
            check(image.size == (answer["canvas"]["width"], answer["canvas"]["height"]), f"{where}: {name} size {image.size}")
            corner = image.convert("RGBA").getpixel((0, 0))
            check(corner[3] == 255, f"{where}: {name} is not opaque on a {answer['canvas']['background']} background")
        return
    if "pair" in images:
        alpha, outside = coverage_matches(images["pair"], answer, where)
        if transparent and not labels_drawn:
            check(alpha[outside].sum() == 0, f"{where}: pixels drawn outside the shapes' boxes")
    else:
        for shape in answer["shapes"]:
            single = dict(answer, shapes=[shape])
            alpha, outside = coverage_matches(images[shape["label"]], single, f"{where}-{shape['label']}")
            if transparent:
                check(alpha[outside].sum() == 0, f"{where}-{shape['label']}: pixels drawn outside the box")


def main(set_dir):
    manifest = json.load(open(os.path.join(set_dir, "manifest.json")))
    options = manifest["options"]
    answers = load_answers(os.path.join(set_dir, "answers.jsonl"))
    by_turn = {answer["turn"]: answer for answer in answers}
    turns = options["turns"]
    check([a["turn"] for a in answers] == list(range(1, turns + 1)), "answers.jsonl does not hold turns 1..N in order")
    split_plan = options.get("split")
    split_names = [part["name"] for part in split_plan["parts"]] if split_plan else [None]
    pair = options.get("layout") == "pair"
    labels_drawn = bool(options.get("labels"))
    tar = options.get("pack") == "tar"

    # Splits: per-split answers.jsonl partition the set; counts in the manifest.
    expected_split = {name: [a for a in answers if a.get("split") == name] for name in split_names}
    if split_plan:
        for name in split_names:
            lines = load_answers(os.path.join(set_dir, name, "answers.jsonl"))
            check(lines == expected_split[name], f"{name}/answers.jsonl differs from the {name} lines of answers.jsonl")
            check(manifest["counts"]["splits"][name] == len(lines), f"manifest count of {name} is wrong")
        check(sum(len(v) for v in expected_split.values()) == turns, "splits do not partition the turns")

    # labels.csv
    with open(os.path.join(set_dir, "labels.csv"), newline="") as file:
        rows = list(csv.DictReader(file))
    check(len(rows) == turns, f"labels.csv has {len(rows)} rows for {turns} turns")
    for row in rows:
        answer = by_turn[int(row["turn"])]
        check(row["larger"] == answer["larger"], f"labels.csv turn {row['turn']}: larger")
        check(row["split"] == (answer.get("split") or ""), f"labels.csv turn {row['turn']}: split")
        check(abs(float(row["area_ratio"]) - answer["areaRatio"]) < 1e-12, f"labels.csv turn {row['turn']}: area ratio")
        check([row["kind_a"], row["kind_b"]] == [s["kind"] for s in answer["shapes"]], f"labels.csv turn {row['turn']}: kinds")

    # Variation: palette colours, recorded angles, placements that move.
    palette = options.get("palette")
    if palette:
        colours = {hex_colour(c) for c in palette["colors"]}
        for answer in answers:
            for shape in answer["shapes"]:
                style = shape["style"]
                check(style.get("fill") in colours and style.get("outline") in colours and style["fill"] != style["outline"],
                      f"turn {answer['turn']} {shape['label']}: colours {style} not two of the palette {sorted(colours)}")
    if options.get("rotation") == "random":
        angles = [s["rotation"] for a in answers for s in a["shapes"] if s["kind"] != "circle"]
        check(all(0 <= angle <= 360 for angle in angles) and len(set(round(a) for a in angles)) > len(angles) // 2,
              f"rotation random: angles {angles[:10]} are not spread")
    if options.get("placement") == "random":
        offsets = {(s["box"]["x"] * 2 + s["box"]["width"]) for a in answers for s in a["shapes"]}
        check(len(offsets) > len(answers), "placement random: shapes' centres hardly move")

    summary = {"turns": turns, "splits": {str(k): len(v) for k, v in expected_split.items()}}
    if tar:
        check_tar(set_dir, manifest, answers, by_turn, expected_split, pair, labels_drawn, summary)
    else:
        check_folder(set_dir, manifest, by_turn, expected_split, pair, labels_drawn, summary)
    print(json.dumps(summary, sort_keys=True))


def check_tar(set_dir, manifest, answers, by_turn, expected_split, pair, labels_drawn, summary):
    import webdataset
    shards = manifest["shards"]
    seen = []
    for record in shards:
        path = os.path.join(set_dir, record["file"])
        data = open(path, "rb").read()
        check(len(data) == record["bytes"], f"{record['file']}: size {len(data)} != manifest {record['bytes']}")
        check(hashlib.sha256(data).hexdigest() == record["sha256"], f"{record['file']}: SHA-256 differs from the manifest")
        with tarfile.open(fileobj=io.BytesIO(data)) as archive:
            for member in archive.getmembers():
                check(member.isfile() and member.mode == 0o644 and member.uid == 0 and member.gid == 0
                      and member.mtime == 946684800 and member.uname == "" and member.gname == "",
                      f"{record['file']}: {member.name} has headers {member.mode:o} {member.uid}/{member.gid} {member.mtime} {member.uname!r}")
        samples = list(webdataset.WebDataset(path, shardshuffle=False).decode("pilrgba"))
        check(len(samples) == record["turns"], f"{record['file']}: webdataset yields {len(samples)} samples, manifest says {record['turns']}")
        for sample in samples:
            answer = by_turn[int(sample["__key__"])]
            check(sample["json"] == answer, f"{record['file']} {sample['__key__']}: JSON differs from answers.jsonl")
            check(sample.get("cls") == (0 if answer["larger"] == "a" else 1),
                  f"{record['file']} {sample['__key__']}: cls {sample.get('cls')!r} for larger {answer['larger']}")
            check(answer.get("archive") == record["file"], f"turn {answer['turn']}: archive {answer.get('archive')} but found in {record['file']}")
            check(answer.get("split") == record.get("split"), f"turn {answer['turn']}: in a shard of split {record.get('split')}")
            images = {"pair": sample["png"]} if pair else {"a": sample["a.png"], "b": sample["b.png"]}
            check_shape_images(images, answer, f"{record['file']}#{sample['__key__']}", labels_drawn)
            seen.append(answer["turn"])
    check(sorted(seen) == [a["turn"] for a in answers], "webdataset did not yield every turn exactly once")
    summary["webdataset_samples"] = len(seen)

    from datasets import load_dataset
    data_files = {}
    for record in shards:
        data_files.setdefault(record.get("split") or "train", []).append(os.path.join(set_dir, record["file"]))
    loaded = load_dataset("webdataset", data_files=data_files)
    summary["datasets_webdataset"] = {name: loaded[name].num_rows for name in loaded}
    for name, expected in expected_split.items():
        split = loaded[name or "train"]
        check(split.num_rows == len(expected), f"load_dataset('webdataset') split {name}: {split.num_rows} rows, expected {len(expected)}")
        check([row["larger"] for row in split["json"]] == [a["larger"] for a in expected],
              f"load_dataset('webdataset') split {name}: labels differ from answers.jsonl")
        image_column = "png" if pair else "a.png"
        first = split[0][image_column]
        check(first.size == (expected[0]["canvas"]["width"], expected[0]["canvas"]["height"]), f"load_dataset('webdataset') split {name}: image size")
        check(split["cls"] == [0 if a["larger"] == "a" else 1 for a in expected],
              f"load_dataset('webdataset') split {name}: cls differs from larger")
        rotations = [s.get("rotation") for row in split["json"] for s in row["shapes"]]
        check(all(r is None or isinstance(r, float) for r in rotations), f"load_dataset('webdataset') split {name}: rotation not float")
    card_loaded = load_dataset(set_dir)
    summary["datasets_card"] = {name: card_loaded[name].num_rows for name in card_loaded}
    for name, expected in expected_split.items():
        split = card_loaded[name or "train"]
        check(getattr(split.features["cls"], "names", None) == ["a", "b"], f"card: cls is {split.features['cls']}, not ClassLabel a/b")
        check([split.features["cls"].int2str(c) for c in split["cls"]] == [a["larger"] for a in expected],
              f"card split {name}: cls names differ from larger")
    for name, expected in expected_split.items():
        check(card_loaded[name or "train"].num_rows == len(expected), f"load_dataset(SET_DIR) via README.md: split {name} row count")


def check_folder(set_dir, manifest, by_turn, expected_split, pair, labels_drawn, summary):
    from datasets import load_dataset
    options = manifest["options"]
    for name, expected in expected_split.items():
        for answer in expected:
            files = answer["shapes"][0]["files"]
            if pair:
                images = {"pair": Image.open(os.path.join(set_dir, files["png"]))}
            else:
                images = {s["label"]: Image.open(os.path.join(set_dir, s["files"]["png"])) for s in answer["shapes"]}
            check_shape_images(images, answer, f"turn {answer['turn']}", labels_drawn)
            key_file = os.path.join(set_dir, name or "", "turns", f"{answer['turn'] // 1000:03d}", f"{answer['turn']:06d}.json")
            if options.get("turnJSON") is False:
                check(not os.path.exists(key_file), f"{key_file} written with --turn-json false")
            else:
                check(json.load(open(key_file)) == answer, f"{key_file} differs from answers.jsonl")
    if all(name in (None, "train", "validation", "test") for name in expected_split):
        by_folder = load_dataset("imagefolder", data_dir=set_dir)
    else:
        # imagefolder finds splits by the folder names train/validation/test only; other names
        # load folder by folder (the card names them all).
        by_folder = {name: load_dataset("imagefolder", data_dir=os.path.join(set_dir, name))["train"] for name in expected_split}
    for how, loaded in (("imagefolder", by_folder), ("card", load_dataset(set_dir))):
        summary[f"datasets_{how}"] = {name: loaded[name].num_rows for name in loaded}
        for name, expected in expected_split.items():
            split = loaded[name or "train"]
            check(split.num_rows == len(expected), f"load_dataset({how}) split {name}: {split.num_rows} rows, expected {len(expected)}")
            check(split["turn"] == [a["turn"] for a in expected], f"load_dataset({how}) split {name}: turns differ")
            check(split["larger"] == [a["larger"] for a in expected], f"load_dataset({how}) split {name}: labels differ from answers.jsonl")
            check(split["label"] == [0 if a["larger"] == "a" else 1 for a in expected], f"load_dataset({how}) split {name}: label is not 0/1 for a/b")
            def column(name):  # a column no row has (rotation without --rotation) is left out
                return split[name] if name in split.column_names else [None] * split.num_rows
            for name_, index in (("rotation_a", 0), ("rotation_b", 1)):
                check(column(name_) == [a["shapes"][index].get("rotation") for a in expected], f"load_dataset({how}) split {name}: {name_}")
            check(column("fill_a") == [a["shapes"][0]["style"].get("fill") for a in expected], f"load_dataset({how}) split {name}: fill_a")
            row = split[0]
            canvas = expected[0]["canvas"]
            for column in (["image"] if pair else ["a", "b"]):
                check(row[column].size == (canvas["width"], canvas["height"]), f"load_dataset({how}) split {name}: column {column} size {row[column].size}")
            check(row["box_a"] == [expected[0]["shapes"][0]["box"][k] for k in ("x", "y", "width", "height")], f"load_dataset({how}) split {name}: box_a")


if __name__ == "__main__":
    main(sys.argv[1])
    for failure in failures[:50]:
        print(failure, file=sys.stderr)
    sys.exit(1 if failures else 0)
