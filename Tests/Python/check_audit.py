"""Checks a set's shortcut audit apart from ShapeTurns' Swift code: its own single-cue rules
and a logistic regression (numpy, Newton's method) from answers.jsonl, against the `audit` in
manifest.json. Run by the Swift test suite (ShortcutAuditTests) through scripts/python-env.

usage: check_audit.py SET_DIR [--balanced]

Prints a JSON summary of its own figures per split. Exits 1, one line per failure, when a
single-cue rule differs from the manifest's by more than 1e-9, when the regression differs by
more than 2 points, or (with --balanced) when a rule of a cue the set's --balance lists (and
placement, unless placement is random) is outside 50 ± 2%.
"""
import json
import math
import os
import sys
from collections import Counter, defaultdict

import numpy

failures = []

PERIMETER = {  # outline length per unit of extent (side, diameter, width)
    "square": 4.0, "circle": math.pi, "triangle": 3.0, "hexagon": 3.0,
}
R = 0.5
r = R * ((5 ** 0.5 - 1) / 4) / ((1 + 5 ** 0.5) / 4)
PERIMETER["star"] = 10 * math.sqrt(R * R + r * r - 2 * R * r * (1 + 5 ** 0.5) / 4)


def centre_distance(answer, index):
    shape = answer["shapes"][index]
    canvas = answer["canvas"]
    side = canvas.get("shapeSquare", canvas["width"])
    padding = max(4, side // 16) if "shapeSquare" in canvas else 0
    origin_x = padding + index * (side + 2 * padding) if "shapeSquare" in canvas else 0
    origin_y = padding
    box = shape["box"]
    dx = box["x"] - origin_x + box["width"] / 2 - side / 2
    dy = box["y"] - origin_y + box["height"] / 2 - side / 2
    return math.hypot(dx, dy) / side


def comparison_rule(values, larger_a):
    """Best of 'the shape with more of it is larger' and its opposite; ties count half."""
    agree = ties = 0
    for (a, b), is_a in zip(values, larger_a):
        if abs(a - b) <= 1e-12 * max(abs(a), abs(b), 1e-300) or a == b:
            ties += 1
        elif (a > b) == is_a:
            agree += 1
    n = len(values)
    return (max(agree, n - ties - agree) + ties / 2) / n


def category_rule(categories, larger_a):
    counts = defaultdict(Counter)
    for category, is_a in zip(categories, larger_a):
        counts[category][is_a] += 1
    return sum(max(c.values()) for c in counts.values()) / len(categories)


def regression(answers):
    answers = answers[:20000]
    kinds = sorted({s["kind"] for a in answers for s in a["shapes"]})
    styles = sorted({style(s) for a in answers for s in a["shapes"]})
    rows = []
    for a in answers:
        s0, s1 = a["shapes"]
        row = [0.0] * (2 * len(kinds) + 2 * len(styles))
        row[kinds.index(s0["kind"])] = 1
        row[len(kinds) + kinds.index(s1["kind"])] = 1
        row[2 * len(kinds) + styles.index(style(s0))] = 1
        row[2 * len(kinds) + len(styles) + styles.index(style(s1))] = 1
        row += [
            math.log(s0["proportion"] / s1["proportion"]),
            math.log(PERIMETER[s0["kind"]] * s0["proportion"] / (PERIMETER[s1["kind"]] * s1["proportion"])),
            math.log(s0["box"]["width"] * s0["box"]["height"] / (s1["box"]["width"] * s1["box"]["height"])),
            centre_distance(a, 1) - centre_distance(a, 0),
            1.0,
        ]
        rows.append(row)
    x = numpy.array(rows)
    y = numpy.array([1.0 if a["larger"] == "a" else 0.0 for a in answers])
    w = numpy.zeros(x.shape[1])
    penalty = 1e-3 * len(answers)
    for _ in range(25):
        p = 1 / (1 + numpy.exp(-(x @ w)))
        gradient = x.T @ (y - p) - penalty * w
        hessian = (x * numpy.maximum(p * (1 - p), 1e-12)[:, None]).T @ x + penalty * numpy.eye(x.shape[1])
        w = w + numpy.linalg.solve(hessian, gradient)
    return float(numpy.mean(((x @ w) > 0) == (y == 1)))


def style(shape):
    return f"{shape['style'].get('fill') or 'none'}/{shape['style'].get('outline') or 'none'}"


def main(set_dir, balanced):
    manifest = json.load(open(os.path.join(set_dir, "manifest.json")))
    answers = [json.loads(line) for line in open(os.path.join(set_dir, "answers.jsonl")) if line.strip()]
    by_split = defaultdict(list)
    for answer in answers:
        by_split[answer.get("split") or "all"].append(answer)
    recorded = {split["name"]: split for split in manifest["audit"]["splits"]}
    names = {"kind": "kindPair"}
    held = {names.get(cue, cue) for cue in manifest["options"].get("balance", [])}
    if manifest["options"].get("placement") != "random":
        held.add("placement")
    summary = {}
    for name, turns in by_split.items():
        larger_a = [a["larger"] == "a" for a in turns]
        shapes = [a["shapes"] for a in turns]
        rules = {
            "kindPair": category_rule([(s[0]["kind"], s[1]["kind"]) for s in shapes], larger_a),
            "extent": comparison_rule([(s[0]["proportion"], s[1]["proportion"]) for s in shapes], larger_a),
            "perimeter": comparison_rule(
                [(PERIMETER[s[0]["kind"]] * s[0]["proportion"], PERIMETER[s[1]["kind"]] * s[1]["proportion"]) for s in shapes],
                larger_a),
            "box": comparison_rule(
                [(s[0]["box"]["width"] * s[0]["box"]["height"], s[1]["box"]["width"] * s[1]["box"]["height"]) for s in shapes],
                larger_a),
            "colour": category_rule([(style(s[0]), style(s[1])) for s in shapes], larger_a),
            "position": max(sum(larger_a), len(turns) - sum(larger_a)) / len(turns),
            # Nearer the middle: B's distance minus A's, as the Swift audit measures it.
            "placement": comparison_rule([(centre_distance(a, 1), centre_distance(a, 0)) for a in turns], larger_a),
        }
        fitted = regression(turns)
        summary[name] = dict(rules, regression=fitted, turns=len(turns))
        theirs = recorded.get(name)
        if theirs is None:
            failures.append(f"manifest audit has no split {name}")
            continue
        for cue, value in rules.items():
            if abs(theirs["rules"].get(cue, -1) - value) > 1e-9:
                failures.append(f"{name} {cue}: manifest {theirs['rules'].get(cue)} but measured {value}")
            if balanced and cue in held and abs(value - 0.5) > 0.02:
                failures.append(f"{name} {cue}: {value:.4f} is outside 50 ± 2% in a balanced set")
        if abs(theirs["regression"] - fitted) > 0.02:
            failures.append(f"{name} regression: manifest {theirs['regression']} but numpy fits {fitted}")
    print(json.dumps(summary, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1], "--balanced" in sys.argv[2:])
    for failure in failures[:50]:
        print(failure, file=sys.stderr)
    sys.exit(1 if failures else 0)
