"""Hunts a set's shortcuts apart from ShapeTurns' Swift code, as an ML researcher would: rules
fitted on the train split of answers.jsonl and scored on the test split, with scikit-learn, on
every field of the key but the area ones (`area`, `areaRatio`, `larger`, `congruent` are never
read as features).

usage: hunt_shortcuts.py SET_DIR [--json] [--max-single P] [--max-kind-and-cue P] [--only F,...]
       hunt_shortcuts.py SET_DIR --audit [--check]

For every single field and ratio (kinds, proportions, boxes, colours, rotation, stretch, shear,
outline, the log-ratios of extent, outline (the key's, and the one kind and proportion give), box,
box width, height and side, stretch, the shear's difference, placement) it fits a threshold rule (both directions), trees
of depth 2 to 4 and a gradient-boosted model on that field alone; for every numeric cue, trees
of depth 2 to 4 and a gradient-boosted model on the two kinds and that cue; and a depth-4 tree
and a gradient-boosted model on every field together. Prints one line per rule (accuracy on the
test split and its number of turns), or JSON with --json. With --audit it prints, as JSON per
split, the rules `shapeturns audit` reports, as docs/datasets.md defines them (fitted on the
first split's turns but every third pair, scored on those pairs and on every other split), so
the two can be compared; with --check it compares them with the audit in SET_DIR/manifest.json
and exits 1, one line per rule on stderr, when a table, sign or position rule differs at all or
any other rule by more than 2 points. --only limits the single-field and kinds-and-one-cue rules
to the fields named (the slow test hunts the measures alone, in a minute rather than ten). Exits 1, one line per rule on stderr, when a single-field
rule beats --max-single or a kinds-and-one-cue rule beats --max-kind-and-cue.
"""
import json
import math
import sys

import numpy
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.tree import DecisionTreeClassifier

R = 0.5
r = R * ((5 ** 0.5 - 1) / 4) / ((1 + 5 ** 0.5) / 4)
OUTLINE = {"square": 4.0, "circle": math.pi, "triangle": 3.0, "hexagon": 3.0,
           "star": 10 * math.sqrt(R * R + r * r - 2 * R * r * (1 + 5 ** 0.5) / 4)}


def style(shape):
    s = shape.get("style", {})
    return f"{s.get('fill')}/{s.get('outline')}"


def centre_distance(answer, index):
    shape, canvas = answer["shapes"][index], answer["canvas"]
    side = canvas.get("shapeSquare", canvas["width"])
    pair = "shapeSquare" in canvas
    padding = max(4, side // 16) if pair else 0
    ox = padding + index * (side + 2 * padding) if pair else 0
    box = shape["box"]
    return math.hypot(box["x"] - ox + box["width"] / 2 - side / 2, box["y"] - padding * pair + box["height"] / 2 - side / 2) / side


def fields(answer):
    """Every non-area field of one turn: (name -> value); strings are categories."""
    a, b = answer["shapes"]
    out = {}
    for tag, s in (("A", a), ("B", b)):
        out["kind" + tag] = s["kind"]
        out["colour" + tag] = style(s)
        out["proportion" + tag] = s["proportion"]
        out["boxWidth" + tag] = s["box"]["width"]
        out["boxHeight" + tag] = s["box"]["height"]
        out["boxX" + tag] = s["box"]["x"]
        out["boxY" + tag] = s["box"]["y"]
        if s.get("rotation") is not None:
            out["rotation" + tag] = s["rotation"]
        for name in ("stretch", "shear", "perimeter"):
            if s.get(name) is not None:
                out[name + tag] = s[name]
    out["kindPair"] = a["kind"] + "|" + b["kind"]
    out["colourPair"] = style(a) + "|" + style(b)
    out["extent"] = math.log(a["proportion"] / b["proportion"])
    # the outline from kind and proportion, as for an upright shape; a distorted shape's key records its own
    out["perimeterOfKind"] = math.log(OUTLINE[a["kind"]] * a["proportion"] / (OUTLINE[b["kind"]] * b["proportion"]))
    out["perimeter"] = (math.log(a["perimeter"] / b["perimeter"]) if a.get("perimeter") and b.get("perimeter")
                        else out["perimeterOfKind"])
    out["boxWidth"] = math.log(max(1, a["box"]["width"]) / max(1, b["box"]["width"]))
    out["boxHeight"] = math.log(max(1, a["box"]["height"]) / max(1, b["box"]["height"]))
    if a.get("stretch") is not None and b.get("stretch") is not None:
        out["stretch"] = math.log(a["stretch"] / b["stretch"])
        out["shear"] = a["shear"] - b["shear"]
    out["box"] = math.log(max(1, a["box"]["width"] * a["box"]["height"]) / max(1, b["box"]["width"] * b["box"]["height"]))
    out["boxSide"] = math.log(max(1, a["box"]["width"], a["box"]["height"]) / max(1, b["box"]["width"], b["box"]["height"]))
    out["placement"] = centre_distance(answer, 1) - centre_distance(answer, 0)
    return out


MEASURES = ["extent", "perimeter", "perimeterOfKind", "box", "boxWidth", "boxHeight", "boxSide", "placement"]


def load(folder):
    """Per split (in the order they first appear): each turn's fields and label, and its number."""
    rows, turns = {}, {}
    with open(folder + "/answers.jsonl") as f:
        for line in f:
            if line.strip():
                answer = json.loads(line)
                split = answer.get("split") or "all"
                rows.setdefault(split, []).append((fields(answer), answer["larger"] == "a"))
                turns.setdefault(split, []).append(answer["turn"])
    return rows, turns


def matrix(rows, names, categories):
    """Numbers as they are, categories one-hot (levels seen anywhere in the set)."""
    columns = []
    for name in names:
        if name in categories:
            for level in categories[name]:
                columns.append([1.0 if f.get(name) == level else 0.0 for f, _ in rows])
        else:
            columns.append([float(f.get(name, 0.0)) for f, _ in rows])
    return numpy.array(columns).T


def threshold_rule(train_x, train_y, test_x, test_y):
    """The best 'above t is a' or 'above t is b' on one number, fitted on train."""
    order = numpy.argsort(train_x, kind="stable")
    xs, ys = train_x[order], train_y[order]
    ca = numpy.concatenate([[0], numpy.cumsum(ys)])
    cb = numpy.concatenate([[0], numpy.cumsum(~ys)])
    n, na, nb = len(ys), ys.sum(), (~ys).sum()
    # split after position k (k = 0..n): below -> b, above -> a (up) or the opposite (down)
    valid = numpy.concatenate([[True], xs[1:] != xs[:-1], [True]])
    up = numpy.where(valid, cb + (na - ca), -1)
    down = numpy.where(valid, ca + (nb - cb), -1)
    if up.max() >= down.max():
        k, above_is_a = int(up.argmax()), True
    else:
        k, above_is_a = int(down.argmax()), False
    t = -math.inf if k == 0 else (math.inf if k == n else (xs[k - 1] + xs[k]) / 2)
    return float(numpy.mean(((test_x > t) == above_is_a) == test_y))


def score(model, train, test, train_y, test_y):
    model.fit(train, train_y)
    return float(numpy.mean(model.predict(test) == test_y))


def table_rule(train_c, train_y, test_c, test_y):
    counts = {}
    for c, y in zip(train_c, train_y):
        counts.setdefault(c, [0, 0])[int(y)] += 1
    overall = train_y.mean() >= 0.5
    guess = [(counts[c][1] >= counts[c][0]) if c in counts else overall for c in test_c]
    return float(numpy.mean(numpy.array(guess) == test_y))


def hunt(rows, fit_split, test_split, only=None):
    """Every rule family on every field, fitted on all of fit_split, scored on test_split."""
    train, test = rows[fit_split], rows[test_split]
    names = sorted({k for f, _ in train + test for k in f})
    categories = {n: sorted({f[n] for f, _ in train + test if n in f})
                  for n in names if any(isinstance(f.get(n), str) for f, _ in train)}
    ty = numpy.array([y for _, y in train])
    sy = numpy.array([y for _, y in test])
    results = []

    def add(kind, rule, value):
        results.append({"family": kind, "rule": rule, "accuracy": value, "turns": len(sy)})

    numeric = [n for n in names if n not in categories and (only is None or n in only)]
    for name in names:
        if only is not None and name not in only:
            continue
        tr, te = matrix(train, [name], categories), matrix(test, [name], categories)
        if name not in categories:
            add("single", f"{name}: threshold", threshold_rule(tr[:, 0], ty, te[:, 0], sy))
        else:
            add("single", f"{name}: table", table_rule([f[name] for f, _ in train], ty, [f[name] for f, _ in test], sy))
        for depth in (2, 3, 4):
            add("single", f"{name}: depth-{depth} tree",
                score(DecisionTreeClassifier(max_depth=depth, random_state=0), tr, te, ty, sy))
        add("single", f"{name}: gradient boosting",
            score(HistGradientBoostingClassifier(max_iter=100, random_state=0), tr, te, ty, sy))
    for name in numeric:
        cols = ["kindA", "kindB", name]
        tr, te = matrix(train, cols, categories), matrix(test, cols, categories)
        for depth in (2, 3, 4):
            add("kind+cue", f"kinds + {name}: depth-{depth} tree",
                score(DecisionTreeClassifier(max_depth=depth, random_state=0), tr, te, ty, sy))
        add("kind+cue", f"kinds + {name}: gradient boosting",
            score(HistGradientBoostingClassifier(max_iter=100, random_state=0), tr, te, ty, sy))
    everything = [n for n in names if n not in ("kindPair", "colourPair")]
    tr, te = matrix(train, everything, categories), matrix(test, everything, categories)
    add("all", "every field: depth-4 tree", score(DecisionTreeClassifier(max_depth=4, random_state=0), tr, te, ty, sy))
    add("all", "every field: gradient boosting",
        score(HistGradientBoostingClassifier(max_iter=200, random_state=0), tr, te, ty, sy))
    return results


def held_out(turn):
    """The audit's held-out turns: those of every third pair (turns 2j - 1 and 2j, j % 3 == 0)."""
    return ((turn + 1) // 2) % 3 == 0


def audit_rules(rows, turns, first):
    """The rules `shapeturns audit` reports, as docs/datasets.md defines them, fitted on the first
    split's turns that are not held out and scored on its held-out turns and on every other split."""
    fit = [(f, y) for (f, y), t in zip(rows[first], turns[first]) if not held_out(t)]
    fy = numpy.array([y for _, y in fit])
    out = {}
    for split in rows:
        scored = [(f, y) for (f, y), t in zip(rows[split], turns[split]) if split != first or held_out(t)]
        sy = numpy.array([y for _, y in scored])
        share = {}
        for name in ("kindA", "kindB", "kindPair", "colourA", "colourB", "colourPair"):
            counts = {}
            for f, y in fit:
                counts.setdefault(f[name], [0, 0])[int(y)] += 1
            share[name] = lambda v, c=counts: (c.get(v, [0, 0])[1] + 1) / (sum(c.get(v, [0, 0])) + 2)
        figures = {"position": float(numpy.mean(sy == (2 * fy.sum() >= len(fy))))}
        figures["kindPair.table"] = table_rule([f["kindPair"] for f, _ in fit], fy, [f["kindPair"] for f, _ in scored], sy)
        figures["colour.table"] = table_rule([f["colourPair"] for f, _ in fit], fy, [f["colourPair"] for f, _ in scored], sy)
        for cue in ("extent", "perimeter", "box", "placement"):
            fx = numpy.array([f[cue] for f, _ in fit])
            sx = numpy.array([f[cue] for f, _ in scored])
            agree = numpy.sum((fx != 0) & ((fx > 0) == fy))
            disagree = numpy.sum((fx != 0) & ((fx > 0) != fy))
            more = agree >= disagree
            right = numpy.where(numpy.abs(sx) < 1e-12, 0.5, (((sx > 0) == more) == sy).astype(float))
            figures[f"{cue}.sign"] = float(right.mean())
            figures[f"{cue}.threshold"] = threshold_rule(fx, fy, sx, sy)
            pair_fit = numpy.array([[f[cue], share["kindPair"](f["kindPair"])] for f, _ in fit])
            pair_scored = numpy.array([[f[cue], share["kindPair"](f["kindPair"])] for f, _ in scored])
            figures[f"{cue}+kindPair.tree2"] = score(
                DecisionTreeClassifier(max_depth=2, random_state=0), pair_fit, pair_scored, fy, sy)

        def encoded(f):
            return [share[n](f[n]) for n in ("kindA", "kindB", "kindPair", "colourA", "colourB", "colourPair")] + [
                f["extent"], f["perimeter"], f["box"], f["placement"], f["proportionA"], f["proportionB"],
                f["boxWidthA"], f["boxHeightA"], f["boxWidthB"], f["boxHeightB"]]
        figures["all.tree4"] = score(DecisionTreeClassifier(max_depth=4, random_state=0),
                                     numpy.array([encoded(f) for f, _ in fit]),
                                     numpy.array([encoded(f) for f, _ in scored]), fy, sy)
        kinds = sorted({f[k] for f, _ in fit for k in ("kindA", "kindB")})
        styles = sorted({f[k] for f, _ in fit for k in ("colourA", "colourB")})

        def onehot(f):
            row = [float(f["kindA"] == k) for k in kinds] + [float(f["kindB"] == k) for k in kinds]
            row += [float(f["colourA"] == c) for c in styles] + [float(f["colourB"] == c) for c in styles]
            return row + [f["extent"], f["perimeter"], f["box"], f["placement"]]
        figures["all.regression"] = score(LogisticRegression(C=1 / (1e-3 * len(fit)), max_iter=5000),
                                          numpy.array([onehot(f) for f, _ in fit]),
                                          numpy.array([onehot(f) for f, _ in scored]), fy, sy)
        out[split] = {"turns": len(sy), "rules": figures}
    return out


def check(ours, audit):
    """1 when the manifest's audit disagrees with ours (tables, signs and position exactly, the
    rest within 2 points), with one line per rule on stderr; else 0."""
    failures = []
    recorded = {split["name"]: split for split in audit["splits"]}
    for split, figures in ours.items():
        theirs = {f["rule"]: f for f in recorded.get(split, {}).get("findings", [])}
        if not theirs:
            failures.append(f"{split}: the manifest's audit has no findings")
            continue
        for rule, value in figures["rules"].items():
            exact = rule.endswith((".table", ".sign")) or rule == "position"
            got = theirs.get(rule)
            if got is None:
                failures.append(f"{split} {rule}: missing from the manifest")
            elif abs(got["accuracy"] - value) > (1e-9 if exact else 0.02):
                failures.append(f"{split} {rule}: manifest {got['accuracy']:.4f}, scikit-learn {value:.4f}")
            elif got["turns"] != figures["turns"]:
                failures.append(f"{split} {rule}: manifest scored {got['turns']} turns, we {figures['turns']}")
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


def main():
    args = sys.argv[1:]
    folder = args[0]
    limits = {"single": None, "kind+cue": None}
    for flag, key in (("--max-single", "single"), ("--max-kind-and-cue", "kind+cue")):
        if flag in args:
            limits[key] = float(args[args.index(flag) + 1])
    rows, turns = load(folder)
    splits = list(rows)
    if "--audit" in args:
        ours = audit_rules(rows, turns, splits[0])
        print(json.dumps(ours, indent=1))
        if "--check" in args:
            sys.exit(check(ours, json.load(open(folder + "/manifest.json"))["audit"]))
        return
    fit_split = "train" if "train" in rows else splits[0]
    test_split = "test" if "test" in rows else splits[-1]
    only = set(args[args.index("--only") + 1].split(",")) if "--only" in args else None
    results = hunt(rows, fit_split, test_split, only)
    if "--json" in args:
        print(json.dumps(results, indent=1))
    else:
        for r in results:
            print(f"{r['family']:9} {r['accuracy'] * 100:5.1f}%  n={r['turns']}  {r['rule']}")
    failures = [r for r in results if limits.get(r["family"]) is not None and r["accuracy"] > limits[r["family"]]]
    for r in failures:
        print(f"{r['rule']}: {r['accuracy'] * 100:.1f}% on {r['turns']} test turns, above {limits[r['family']] * 100:.1f}%",
              file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
