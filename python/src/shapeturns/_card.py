"""The dataset card of a Parquet set: the set's own card with the Hub's YAML for Parquet files."""

from __future__ import annotations

from ._rows import BOX_COLUMNS, LABEL_NAMES, image_columns, scalar_columns

# Top-level keys of the set's card header that describe its tar files, replaced for Parquet.
_REPLACED_KEYS = ("configs", "dataset_info")
# Sections of the set's card body that describe its tar files, replaced for Parquet.
_REPLACED_SECTIONS = ("## Contents", "## Loading")


def parquet_card(card: str, layout: str, splits: list[tuple[str, int, int]]) -> str:
    """The card for Parquet files ``data/SPLIT-00000-of-00001.parquet``: the set's header (name,
    license, tags) with ``configs`` and ``dataset_info`` (features, splits) for those files, and
    its body (how it was made, the shortcut audit) with Parquet's contents and loading."""
    header, body = _split_front_matter(card)
    lines = ["---", *_kept_header(header), *_configs(splits), *_dataset_info(layout, splits), "---", ""]
    return "\n".join(lines) + _body(body, layout, splits)


def _split_front_matter(card: str) -> tuple[list[str], str]:
    lines = card.splitlines()
    if lines and lines[0] == "---" and "---" in lines[1:]:
        end = lines.index("---", 1)
        return lines[1:end], "\n".join(lines[end + 1 :]).lstrip("\n")
    return [], card


def _kept_header(header: list[str]) -> list[str]:
    kept, skipping = [], False
    for line in header:
        if line and not line[0].isspace() and not line.startswith("-"):
            skipping = line.split(":", 1)[0] in _REPLACED_KEYS
        if not skipping:
            kept.append(line)
    if not kept:
        kept = ['pretty_name: "Tap the Larger Shape (ShapeTurns)"', "license: cc0-1.0", "task_categories:", "- image-classification"]
    return kept


def _configs(splits) -> list[str]:
    lines = ["configs:", "- config_name: default", "  data_files:"]
    for name, _, _ in splits:
        lines += [f"  - split: {name}", f"    path: data/{name}-*"]
    return lines


def _dataset_info(layout, splits) -> list[str]:
    lines = ["dataset_info:", "  features:"]
    for name in image_columns(layout):
        lines += [f"  - name: {name}", "    dtype: image"]
    lines += ["  - name: label", "    dtype:", "      class_label:", "        names:"]
    lines += [f"          '{index}': {name}" for index, name in enumerate(LABEL_NAMES)]
    for name, dtype in scalar_columns():
        lines += [f"  - name: {name}", f"    dtype: {dtype}"]
    for name in BOX_COLUMNS:
        lines += [f"  - name: {name}", "    list: int64", "    length: 4"]
    lines.append("  splits:")
    for name, rows, size in splits:
        lines += [f"  - name: {name}", f"    num_bytes: {size}", f"    num_examples: {rows}"]
    lines += [f"  download_size: {sum(size for _, _, size in splits)}", f"  dataset_size: {sum(size for _, _, size in splits)}"]
    return lines


def _body(body: str, layout: str, splits) -> str:
    sections = _sections(body)
    contents = _contents(layout, splits)
    loading = _loading(layout)
    result, replaced = [], set()
    for heading, text in sections:
        if heading == "## Contents":
            result.append(contents)
        elif heading == "## Loading":
            result.append(loading)
        else:
            result.append(text)
        replaced.add(heading)
    for heading, text in (("## Contents", contents), ("## Loading", loading)):
        if heading not in replaced:
            result.append(text)
    return "\n".join(part.rstrip("\n") + "\n" for part in result if part)


def _sections(body: str) -> list[tuple[str, str]]:
    sections: list[tuple[str, list[str]]] = [("", [])]
    for line in body.splitlines():
        if line.startswith("## "):
            sections.append((line.strip(), []))
        sections[-1][1].append(line)
    return [(heading, "\n".join(lines) + "\n") for heading, lines in sections if lines]


def _contents(layout, splits) -> str:
    images = "`image`, one picture per turn (A left, B right)" if layout == "pair" else "`a` and `b`, one picture per shape"
    counts = ", ".join(f"{name} {rows}" for name, rows, _ in splits)
    return (
        "## Contents\n\n"
        f"- Parquet files `data/SPLIT-00000-of-00001.parquet`, images embedded as PNG: {images}.\n"
        "- `label`: a ClassLabel, 0 (`a`) when A is larger, 1 (`b`) when B is; the answer key's fields as "
        "columns (`turn`, `area_ratio`, `kind_a`, `kind_b`, `area_a`, `area_b`, `box_a`, `box_b`, colours, "
        "`rotation_*`, `pair` and `congruent_*` where the set has them).\n"
        f"- Splits (turns): {counts}. `manifest.json` records every option the set was made with.\n"
    )


def _loading(layout) -> str:
    image = "image" if layout == "pair" else "a"
    return (
        "## Loading\n\n"
        "```python\n"
        "from datasets import load_dataset\n"
        'sets = load_dataset("path/to/this/set")             # or load_dataset("parquet", data_dir=...)\n'
        f'row = sets["train"][0]\n'
        f'row["{image}"], row["label"], sets["train"].features["label"].names   # PIL image, 0 or 1, [\'a\', \'b\']\n'
        "```\n"
    )
