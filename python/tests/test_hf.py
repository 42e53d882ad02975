import io
import json

import datasets
import pytest
from PIL import Image

from conftest import cli_members
from shapeturns import hf
from shapeturns.parquet import arrow_schema, to_parquet


def test_parquet_schema_is_the_features_arrow_schema():
    for layout in ("pair", "separate"):
        assert arrow_schema(layout) == hf.features(layout).arrow_schema
        assert datasets.Features.from_arrow_schema(arrow_schema(layout)) == hf.features(layout)


def test_iterable_dataset_streams_typed_rows_in_shards(binary):
    stream = hf.iterable_dataset(12, seed=4, size=32, shard_turns=4, strategy="mixed", shapes="square,star")
    assert stream.num_shards == 3
    assert stream.features["label"] == datasets.ClassLabel(names=["a", "b"])
    rows = list(stream)
    answers = [json.loads(data) for name, data in cli_members(binary, ["--turns", "12", "--seed", "4", "--size", "32", "--layout", "pair", "--shard-turns", "4", "--strategy", "mixed", "--shapes", "square,star"]) if name.endswith(".json")]
    assert [row["turn"] for row in rows] == list(range(1, 13))
    assert [row["label"] for row in rows] == [0 if answer["larger"] == "a" else 1 for answer in answers]
    assert [row["kind_a"] for row in rows] == [answer["shapes"][0]["kind"] for answer in answers]
    assert rows[0]["image"].size == (80, 40)
    box = answers[0]["shapes"][1]["box"]
    assert rows[0]["box_b"] == [box["x"], box["y"], box["width"], box["height"]]


def test_iterable_dataset_splits_its_shards_between_dataloader_workers(binary):
    from torch.utils.data import DataLoader

    stream = hf.iterable_dataset(16, seed=4, size=32, shard_turns=4).select_columns(["turn", "label"])
    turns = [int(row["turn"]) for row in DataLoader(stream, batch_size=None, num_workers=2)]
    assert sorted(turns) == list(range(1, 17))


def test_balanced_rows_carry_congruence(binary):
    rows = list(hf.iterable_dataset(8, seed=4, size=64, strategy="mixed", shapes="square,circle,star,triangle", balance="kind,extent"))
    assert {row["congruent_extent"] for row in rows} == {True, False}
    assert all(row["congruent_box"] is None for row in rows)


def test_dataset_has_class_label_and_decodes_images(binary):
    table = hf.dataset(6, seed=9, size=32, layout="separate")
    assert len(table) == 6
    assert table.features["label"].names == ["a", "b"]
    assert table[0]["a"].size == (32, 32) and table[0]["b"].size == (32, 32)


def test_to_parquet_loads_with_class_labels_per_split(binary, tmp_path):
    out = to_parquet(tmp_path / "hub", 30, seed=7, size=32, split="train=0.7,test=0.3", strategy="mixed", background="white")
    manifest = json.loads((out / "manifest.json").read_text())
    assert sorted(path.name for path in (out / "data").iterdir()) == ["test-00000-of-00001.parquet", "train-00000-of-00001.parquet"]
    for loaded in (datasets.load_dataset("parquet", data_dir=str(out)), datasets.load_dataset(str(out))):
        assert {name: len(split) for name, split in loaded.items()} == manifest["counts"]["splits"]
        assert loaded["train"].features["label"] == datasets.ClassLabel(names=["a", "b"])
        assert isinstance(loaded["test"][0]["image"], Image.Image)
    card = (out / "README.md").read_text()
    assert card.startswith("---\n") and "path: data/train-*" in card and "## Shortcut audit" in card
    assert "shapeturns generate --turns 30" in card


def test_parquet_rows_hold_the_clis_images_and_labels(binary, tmp_path):
    set_dir = tmp_path / "set"
    import subprocess

    subprocess.run([binary, "generate", "--turns", "10", "--seed", "2", "--size", "32", "--layout", "separate", "--pack", "tar", "--out", str(set_dir), "--quiet"], check=True)
    out = to_parquet(tmp_path / "hub", source=set_dir, rows_per_group=3)
    table = datasets.load_dataset("parquet", data_dir=str(out))["train"].cast_column("a", datasets.Image(decode=False))
    answers = [json.loads(line) for line in (set_dir / "answers.jsonl").read_text().splitlines()]
    assert [row["label"] for row in table] == [0 if answer["larger"] == "a" else 1 for answer in answers]
    with open(set_dir / "shards" / "turns-000000.tar", "rb") as handle:
        from conftest import tar_members

        pngs = [data for name, data in tar_members(handle) if name.endswith(".a.png")]
    assert [row["a"]["bytes"] for row in table] == pngs
    Image.open(io.BytesIO(pngs[0])).verify()


def test_to_parquet_never_overwrites_other_files(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep")
    with pytest.raises(FileExistsError):
        to_parquet(tmp_path / "mine", 2, force=True)
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep"
    assert [path.name for path in tmp_path.iterdir()] == ["mine"]
