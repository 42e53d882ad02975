"""Trains a small CNN for one epoch on turns streamed from shapeturns by two DataLoader workers,
then writes a set in the Hub's Parquet layout and loads it back with `datasets`.

    pip install './python[torch,hf]'
    SHAPETURNS_BINARY=.build/release/shapeturns python Examples/PythonTraining/train.py --turns 2000

scripts/test-python-package runs it in a fresh virtual environment (docs/python.md).
"""

import argparse
import math
import tempfile
import time

import datasets
import torch
from torch import nn
from torch.utils.data import DataLoader

from shapeturns import to_parquet
from shapeturns.pytorch import ShapeTurnsDataset


def small_cnn() -> nn.Module:
    return nn.Sequential(
        nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(32, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(32, 2),
    )


def train(turns: int, size: int, workers: int, epochs: int) -> None:
    network = small_cnn()
    optimizer = torch.optim.Adam(network.parameters(), lr=1e-3)
    # snippet.train
    dataset = ShapeTurnsDataset(turns, seed=7, size=size, layout="pair", strategy="mixed", background="white")
    loader = DataLoader(dataset, batch_size=32, num_workers=workers)
    for epoch in range(epochs):
        dataset.set_epoch(epoch)  # a new --seed-offset: epoch e draws turns e·turns+1 on
        started, seen, correct = time.monotonic(), [], 0
        for batch in loader:  # batch["image"]: uint8 (32, 3, H, W); batch["label"]: 0 = a, 1 = b
            logits = network(batch["image"].float() / 255)
            loss = nn.functional.cross_entropy(logits, batch["label"])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            seen += batch["turn"].tolist()
            correct += int((logits.argmax(1) == batch["label"]).sum())
        # snippet.end
        elapsed = time.monotonic() - started
        if sorted(seen) != list(range(1, turns + 1)):
            raise SystemExit(f"train.py: epoch {epoch} saw {len(seen)} turns, not each of 1...{turns} once")
        last_loss = float(loss.detach())
        if not math.isfinite(last_loss):
            raise SystemExit(f"train.py: the loss is {last_loss}")
        print(f"epoch {epoch}: {len(seen)} turns from {workers} workers in {elapsed:.1f} s, "
              f"train accuracy {correct / len(seen):.1%}, last loss {last_loss:.3f}")


def load_parquet(turns: int, size: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        # snippet.parquet
        out = to_parquet(f"{folder}/hub", turns, seed=8, size=size, split="train=0.8,test=0.2", strategy="mixed")
        sets = datasets.load_dataset("parquet", data_dir=str(out))
        label = sets["train"].features["label"]  # ClassLabel(names=['a', 'b'])
        # snippet.end
        if not isinstance(label, datasets.ClassLabel) or label.names != ["a", "b"]:
            raise SystemExit(f"train.py: label loads as {label}, not ClassLabel(a, b)")
        print(f"parquet: {', '.join(f'{name} {len(split)}' for name, split in sets.items())} turns, label {label}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--size", type=int, default=64)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--epochs", type=int, default=1)
    arguments = parser.parse_args()
    train(arguments.turns, arguments.size, arguments.workers, arguments.epochs)
    load_parquet(200, arguments.size)
