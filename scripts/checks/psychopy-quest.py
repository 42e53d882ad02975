#!/usr/bin/env python3
"""PsychoPy's own QuestHandler and QuestPlusHandler against the same Weber-law observers
`shapeturns simulate` uses (scripts/benchmark-procedures; docs/play.md, "Measured"): the issue's
eight cells, RUNS seeded games of TURNS trials each, scored like `simulate` scores its estimates.

Both handlers work on the intensity x = log10(Weber fraction), the axis their Weibull models are
written on, clamped to the Weber fractions the game can show (0.005 to 3: ratios 1.005 to 4, as
`--strategy quest` uses).

QuestHandler (Watson & Pelli's QUEST): prior centred on log10(0.15) (the centre of
`--prior-threshold 1.15`) with startValSd --sd (0.5, as `--prior-sd 0.5`), gamma 0.5 (two
choices), delta = the observer's lapse (QUEST's lapse term delta*gamma + (1 - delta)*F is the
observer's lambda/2 + (1 - lambda)*F, so it is told the truth) or --delta for every cell, pThreshold = delta*gamma +
(1 - delta)*LEVEL with --level (0.75: its threshold T is then where the lapse-free curve is at 75%,
the observer's threshold; PsychoPy's default pThreshold is 0.82), beta --beta (PsychoPy's default
3.5, or the task's ~1.2), method --method for placement ('quantile', PsychoPy's default, or
'mean'), grain 0.01 and PsychoPy's default range. Estimate: the posterior mean of T (mean(), as
`--strategy quest` takes the posterior mean of log10 w) moved to the 75% point of the lapse-free
Weibull 1 - 0.5*exp(-10**(beta*(x - T) + c)), c = log10(-ln(2*(1 - LEVEL))): x75 = T +
(log10(ln 2) - c)/beta (T itself at LEVEL 0.75); interval: quantile(0.025)..quantile(0.975),
moved the same way.

QuestPlusHandler (Watson's QUEST+ through the `questplus` package): func 'weibull', stimScale
'log10', intensities 40 values even in log10 w from 0.005 to 3, thresholds 60 values even in
log10 w from 0.01 to 2 (the range of `--strategy quest`'s flat prior), slopes 0.5, 0.75, 1,
1.25, 1.5, 2, 2.5, 3, 3.5, 4.5, lower asymptote 0.5, lapse rates 0, 0.01, ..., 0.05 (questplus'
upper asymptote is 1 - lapse, so the observer's lambda = 0.05 is questplus' 0.025), flat priors,
stimSelectionMethod 'minEntropy', paramEstimationMethod 'mean'. Its threshold t is not the 75%
point: the lapse-free Weibull 1 - 0.5*exp(-10**(slope*(x - t))) is at 75% at
x75 = t + log10(ln 2)/slope. Estimate: the posterior mean of x75 over the joint posterior
(the handler's .posterior is only marginal; the joint is its questplus object's); interval: the
2.5% and 97.5% points of x75's posterior. The handler's own paramEstimate put into the same
formula (t_mean + log10(ln 2)/slope_mean) is scored too ("API" column, typical error only).

Prints one Markdown row per cell: bias, spread, typical error, share within +-25%, 95% coverage,
with e = ln(estimate / true Weber fraction) as in `shapeturns simulate`.

Usage: psychopy-quest.py quest RUNS TURNS [--beta 3.5] [--method quantile|mean] [--sd 0.5] [--level 0.75]
                           [--delta D]
       psychopy-quest.py questplus RUNS TURNS
"""
import argparse
import math
import random
import sys
import warnings

import numpy as np
from psychopy import logging

logging.console.setLevel(logging.CRITICAL + 1)  # QuestPlusHandler logs a CRITICAL "being tested" note per game
warnings.simplefilter("ignore")

parser = argparse.ArgumentParser()
parser.add_argument("handler", choices=["quest", "questplus"])
parser.add_argument("runs", type=int)
parser.add_argument("turns", type=int)
parser.add_argument("--beta", type=float, default=3.5)
parser.add_argument("--method", default="quantile", choices=["quantile", "mean", "mode"])
parser.add_argument("--sd", type=float, default=0.5)
parser.add_argument("--level", type=float, default=0.75)
parser.add_argument("--delta", type=float, default=None)
arguments = parser.parse_args()
handler, runs, turns = arguments.handler, arguments.runs, arguments.turns
beta, method, prior_sd, level = arguments.beta, arguments.method, arguments.sd, arguments.level
fixed_delta = arguments.delta
Z75 = 0.6744897501960817
LOW, HIGH = math.log10(0.005), math.log10(3.0)
LOG10_LN2 = math.log10(math.log(2))


def right_chance(ratio, threshold, lapse):
    sigma = math.log(threshold) / (math.sqrt(2) * Z75)
    z = math.log(ratio) / (sigma * math.sqrt(2))
    return lapse / 2 + (1 - lapse) * 0.5 * math.erfc(-z / math.sqrt(2))


def weighted_quantile(values, weights, q):
    order = np.argsort(values)
    cumulative = np.cumsum(weights[order])
    return float(values[order][np.searchsorted(cumulative, q * cumulative[-1])])


def quest_game(rng, weber, lapse):
    from psychopy.data import QuestHandler

    delta = lapse if fixed_delta is None else fixed_delta
    stairs = QuestHandler(startVal=math.log10(0.15), startValSd=prior_sd, pThreshold=delta * 0.5 + (1 - delta) * level,
                          nTrials=turns, method=method, beta=beta, delta=delta, gamma=0.5, grain=0.01, minVal=LOW,
                          maxVal=HIGH)
    for x in stairs:
        stairs.addResponse(int(rng.random() < right_chance(1 + 10 ** x, 1 + weber, lapse)))
    # T is where the lapse-free Weibull 1 - 0.5*exp(-10**(beta*(x - T) + c)) is at `level`; the 75%
    # point is `shift` from it (0 when level is 0.75).
    shift = (LOG10_LN2 - math.log10(-math.log((1 - level) / 0.5))) / beta
    return stairs.mean() + shift, stairs.quantile(0.025) + shift, stairs.quantile(0.975) + shift, None


INTENSITIES = np.linspace(LOW, HIGH, 40)
THRESHOLDS = np.linspace(math.log10(0.01), math.log10(2.0), 60)
SLOPES = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 3.5, 4.5]
LAPSES = [0, 0.01, 0.02, 0.03, 0.04, 0.05]


def questplus_game(rng, weber, lapse):
    from psychopy.data import QuestPlusHandler

    stairs = QuestPlusHandler(nTrials=turns, intensityVals=INTENSITIES, thresholdVals=THRESHOLDS,
                              slopeVals=SLOPES, lowerAsymptoteVals=[0.5], lapseRateVals=LAPSES,
                              responseVals=(1, 0), psychometricFunc="weibull", stimScale="log10",
                              stimSelectionMethod="minEntropy", paramEstimationMethod="mean")
    for x in stairs:
        stairs.addResponse(int(rng.random() < right_chance(1 + 10 ** x, 1 + weber, lapse)))
    posterior = stairs._qp.posterior.sum(dim=("lower_asymptote", "lapse_rate"))
    t = posterior["threshold"].values[:, None]
    s = posterior["slope"].values[None, :]
    x75 = (t + LOG10_LN2 / s).ravel()
    weights = posterior.transpose("threshold", "slope").values.ravel()
    mean = float(np.sum(x75 * weights) / np.sum(weights))
    api = stairs.paramEstimate
    api_x75 = api["threshold"] + LOG10_LN2 / api["slope"]
    return mean, weighted_quantile(x75, weights, 0.025), weighted_quantile(x75, weights, 0.975), api_x75


game = {"quest": quest_game, "questplus": questplus_game}[handler]
name = {"quest": f"PsychoPy QuestHandler (beta {beta:g}" + (f", {method}" if method != "quantile" else "")
                  + (f", sd {prior_sd:g}" if prior_sd != 0.5 else "") + (f", at {level:g}" if level != 0.75 else "")
                  + (f", delta {fixed_delta:g}" if fixed_delta is not None else "") + ")", "questplus": "PsychoPy QuestPlusHandler"}[handler]
for weber in [0.05, 0.1, 0.2, 0.4]:
    for lapse in [0.0, 0.05]:
        rng = random.Random(1)
        errors, covered, api_errors = [], [], []
        for _ in range(runs):
            estimate, low, high, api = game(rng, weber, lapse)
            truth = math.log10(weber)
            errors.append((estimate - truth) * math.log(10))
            covered.append(low <= truth <= high)
            if api is not None:
                api_errors.append((api - truth) * math.log(10))
        e = np.array(errors)
        bias = math.exp(e.mean()) - 1
        spread = math.exp(e.std()) - 1
        typical = math.exp(math.sqrt((e ** 2).mean())) - 1
        within = float(np.mean(np.abs(np.exp(e) - 1) <= 0.25))
        coverage = float(np.mean(covered))
        print(f"| {weber} | {lapse} | {name} | {bias:+.1%} | {spread:.1%} | {typical:.1%} | {within:.1%} | {coverage:.1%} |",
              flush=True)
        if api_errors:
            api_typical = math.exp(math.sqrt((np.array(api_errors) ** 2).mean())) - 1
            print(f"{name}, w {weber}, lapse {lapse}: paramEstimate's typical error {api_typical:.1%}", file=sys.stderr)
