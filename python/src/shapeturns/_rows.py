"""A turn as a flat table row, the columns Hugging Face datasets and Parquet get."""

from __future__ import annotations

from typing import Any

from ._stream import Turn

LABEL_NAMES = ["a", "b"]
# Cues whose congruence a balanced set's key records (`congruent: {"extent": true, ...}`).
CONGRUENCE_CUES = ["extent", "perimeter", "box"]


def image_columns(layout: str) -> list[str]:
    """``image`` for the pair layout, ``a`` and ``b`` for the separate one."""
    if layout == "pair":
        return ["image"]
    if layout == "separate":
        return ["a", "b"]
    raise ValueError(f"layout must be 'pair' or 'separate', not {layout!r}")


def scalar_columns() -> list[tuple[str, str]]:
    """Every non-image column and its Arrow/datasets type name, in table order."""
    columns = [
        ("turn", "int64"),
        ("area_ratio", "float64"),
        ("kind_a", "string"),
        ("kind_b", "string"),
        ("area_a", "float64"),
        ("area_b", "float64"),
        ("fill_a", "string"),
        ("fill_b", "string"),
        ("outline_a", "string"),
        ("outline_b", "string"),
        ("rotation_a", "float64"),
        ("rotation_b", "float64"),
        ("pair", "int64"),
    ]
    columns += [(f"congruent_{cue}", "bool") for cue in CONGRUENCE_CUES]
    return columns


BOX_COLUMNS = ["box_a", "box_b"]


def row(turn: Turn, layout: str) -> dict:
    """The turn's row: images as {bytes, path}, ``label`` 0/1, the key's fields flat (None when
    the key lacks one, such as ``rotation_a`` without --rotation random)."""
    answer = turn.answer
    images = turn.images
    result: dict[str, Any] = {}
    for column in image_columns(layout):
        if column not in images:
            raise ValueError(f"turn {turn.key} has no {column} image: was the set made with --layout {layout}?")
        result[column] = {"bytes": images[column], "path": f"{turn.key}.{'png' if column == 'image' else column + '.png'}"}
    result["label"] = turn.label
    shapes = answer.get("shapes") or [{}, {}]
    result["turn"] = answer.get("turn")
    result["area_ratio"] = answer.get("areaRatio")
    for side, shape in zip(LABEL_NAMES, shapes):
        style = shape.get("style") or {}
        box = shape.get("box")
        result[f"kind_{side}"] = shape.get("kind")
        result[f"area_{side}"] = shape.get("area")
        result[f"fill_{side}"] = style.get("fill")
        result[f"outline_{side}"] = style.get("outline")
        result[f"rotation_{side}"] = shape.get("rotation")
        result[f"box_{side}"] = [box["x"], box["y"], box["width"], box["height"]] if box else None
    pair = answer.get("pair")
    result["pair"] = pair if isinstance(pair, int) else None
    congruent = answer.get("congruent")
    for cue in CONGRUENCE_CUES:
        value = congruent.get(cue) if isinstance(congruent, dict) else None
        result[f"congruent_{cue}"] = value if isinstance(value, bool) else None
    return result
