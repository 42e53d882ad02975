import json
import subprocess

import pytest
import torch
from torch.utils.data import DataLoader, get_worker_info

from conftest import cli_members, tar_members
from shapeturns import ShapeTurnsError, TurnStream
from shapeturns.pytorch import ShapeTurnsDataset

SET = ["--turns", "24", "--seed", "5", "--size", "32", "--layout", "pair", "--shard-turns", "3"]
OPTIONS = dict(size=32, layout="pair", shard_turns=3)


def members_by_worker(turn):
    worker = get_worker_info()
    return (worker.id if worker else 0, [(f"{turn.key}.{suffix}", data) for suffix, data in turn.members.items()])


def collect(dataset, workers):
    loader = DataLoader(dataset, batch_size=None, num_workers=workers)
    streams = {}
    for worker, members in loader:
        streams.setdefault(int(worker), []).extend((name, data) for name, data in members)
    return streams


def test_each_worker_streams_the_clis_part_byte_for_byte(binary):
    dataset = ShapeTurnsDataset(24, seed=5, transform=members_by_worker, **OPTIONS)
    streams = collect(dataset, 2)
    assert sorted(streams) == [0, 1]
    for worker in (0, 1):
        expected = cli_members(binary, SET + ["--shard", f"{worker + 1}/2"])
        assert streams[worker] == expected
        assert len(expected) == 12 * 3


def test_one_process_streams_the_tars_the_cli_writes(binary, tmp_path):
    subprocess.run([binary, "generate", *SET, "--pack", "tar", "--out", str(tmp_path / "set"), "--quiet"], check=True)
    manifest = json.loads((tmp_path / "set" / "manifest.json").read_text())
    written = []
    for shard in manifest["shards"]:
        with open(tmp_path / "set" / shard["file"], "rb") as handle:
            written += tar_members(handle)
    streamed = collect(ShapeTurnsDataset(24, seed=5, transform=members_by_worker, **OPTIONS), 0)[0]
    assert [name for name, _ in streamed] == [name for name, _ in written]
    assert streamed == written


def test_each_epoch_draws_new_turns_as_the_cli_does_with_a_seed_offset(binary):
    dataset = ShapeTurnsDataset(24, seed=5, transform=members_by_worker, **OPTIONS)
    first = collect(dataset, 0)[0]
    dataset.set_epoch(1)
    second = collect(dataset, 0)[0]
    assert second != first
    assert second == cli_members(binary, SET + ["--seed-offset", "24"])


def test_balanced_epochs_keep_offsets_even(binary):
    dataset = ShapeTurnsDataset(5, seed=2, size=32, strategy="mixed", balance=["kind"], transform=lambda turn: turn.label)
    dataset.set_epoch(3)
    assert dataset.arguments()[-1] == "18"
    assert len(list(dataset)) == 5


def test_default_samples_collate_into_rgb_batches():
    dataset = ShapeTurnsDataset(10, seed=1, size=32, layout="pair")
    batch = next(iter(DataLoader(dataset, batch_size=4, num_workers=0)))
    assert batch["image"].dtype == torch.uint8
    assert tuple(batch["image"].shape) == (4, 3, 40, 80)
    assert batch["turn"].tolist() == [1, 2, 3, 4]
    assert set(batch["label"].tolist()) <= {0, 1}
    assert batch["image"][:, :, 0, 0].tolist() == [[255] * 3] * 4  # transparent: composited onto white


def test_an_opaque_background_keeps_its_colour():
    sample = next(iter(ShapeTurnsDataset(1, seed=1, size=32, background="navy")))
    assert sample["image"][:, 0, 0].tolist() == [0, 0, 128]


def test_separate_layout_gives_a_and_b(binary):
    sample = next(iter(ShapeTurnsDataset(2, seed=1, size=32, layout="separate")))
    assert tuple(sample["a"].shape) == (3, 32, 32) and tuple(sample["b"].shape) == (3, 32, 32)


def test_a_failing_command_raises_its_stderr_line():
    with pytest.raises(ShapeTurnsError) as caught:
        list(ShapeTurnsDataset(3, size=5))
    assert str(caught.value) == "shapeturns: --size: must be 16 to 8192 pixels (got 5)"
    assert caught.value.returncode == 64


def test_stopping_early_kills_and_waits_for_the_command():
    stream = TurnStream(["--turns", "100000", "--size", "64", "--jobs", "1"])
    turns = iter(stream)
    first = next(turns)
    assert first.key == "000001" and stream.process.poll() is None
    turns.close()
    assert stream.process.returncode is not None and stream.process.returncode != 0


def test_options_the_package_sets_are_refused():
    with pytest.raises(ValueError, match="'out' is set by the shapeturns package"):
        ShapeTurnsDataset(3, out="elsewhere")
