#!/usr/bin/env python3
"""PsychoPy's own StairHandler against the same Weber-law observers `shapeturns simulate` uses,
for scripts/benchmark-procedures. The staircase runs on the Weber fraction (ratio - 1) with the
Builder's defaults (1-up/3-down, stepType 'db', stepSizes [0.8, 0.8, 0.4, 0.4, 0.2]), starting at
0.5; the estimate is the mean of the last 6 reversals (PsychoPy's demo), or of all levels when
there are none. Prints one Markdown row per cell at TURNS trials.

Usage: psychopy-staircase.py RUNS TURNS
"""
import math
import random
import sys

import numpy as np
from psychopy import logging
from psychopy.data import StairHandler

logging.console.setLevel(logging.ERROR)

runs, turns = int(sys.argv[1]), int(sys.argv[2])
Z75 = 0.6744897501960817


def right_chance(ratio, threshold, lapse):
    sigma = math.log(threshold) / (math.sqrt(2) * Z75)
    z = math.log(ratio) / (sigma * math.sqrt(2))
    return lapse / 2 + (1 - lapse) * 0.5 * math.erfc(-z / math.sqrt(2))


for weber in [0.05, 0.1, 0.2, 0.4]:
    for lapse in [0.0, 0.05]:
        rng = random.Random(1)
        errors = []
        for _ in range(runs):
            stairs = StairHandler(startVal=0.5, nReversals=0, stepSizes=[0.8, 0.8, 0.4, 0.4, 0.2], nTrials=turns,
                                  nUp=1, nDown=3, stepType="db", minVal=0.005, maxVal=3.0)
            for trial, level in enumerate(stairs):
                stairs.addResponse(int(rng.random() < right_chance(1 + level, 1 + weber, lapse)))
                if trial + 1 >= turns:  # nReversals is a minimum in PsychoPy; the game stops at TURNS
                    break
            reversals = stairs.reversalIntensities[-6:]
            estimate = float(np.mean(reversals)) if reversals else float(np.mean(stairs.intensities))
            errors.append(math.log(estimate / weber))
        e = np.array(errors)
        bias = math.exp(e.mean()) - 1
        spread = math.exp(e.std()) - 1
        typical = math.exp(math.sqrt((e ** 2).mean())) - 1
        within = float(np.mean(np.abs(np.exp(e) - 1) <= 0.25))
        print(f"| {weber} | {lapse} | PsychoPy StairHandler | {bias:+.1%} | {spread:.1%} | {typical:.1%} | {within:.1%} | — |")
