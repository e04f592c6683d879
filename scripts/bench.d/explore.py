#!/usr/bin/env python3
"""`scripts/bench explore`: navsh explore's speed on fixed setups
(scripts/bench.d/explore/*.nav: a plain UINavigationController, each seed
controller, `use features gates safe-pop swipe-guard proxy`, the legacy
profile; each with at least 8 actions and checks that hold, so every search
runs to its depth), with --jobs 1 and --jobs 2, beside SPIN's anchor
(../shared/anchors/spin/run.sh) in the same run. Each setup names its depth
in a `# bench depth: N` line: the depth at which the search visits at least
2 million distinct states (issue 13); `--depth D` runs every setup at D
instead (a quick look).

    explore.py --navsh BIN [--depth D] [--only NAME,NAME] [--runs N] [--core C] [--spin SCRIPT | --no-spin]

Each figure is the fastest of N runs (3 unless --runs), navsh's and SPIN's
alike: this machine is a VM whose speed drifts by 1.3 x within minutes, and
the fastest run is the one least disturbed. The runs go in N rounds, each
of every setup and then SPIN, so each figure's runs are spread over the
whole bench. Every run's seconds are printed.
One-job searches and SPIN's anchor run on the same core (C, or the last
one this process may use): the cores of this VM differ in speed, and
which is faster changes from minute to minute.

Per setup and jobs: distinct states, steps, seconds, distinct states/s,
bytes per stored state (peak memory above a depth-1 run's, over the states
stored; and peak memory over the states stored, all in), peak memory, CPU
seconds (user and system: the machine is shared, and a loaded machine
stretches the wall-clock seconds but not these); then navsh's one-job rate as a ratio to SPIN's
breadth-first rate, and the goals of explorer.md section 5.

Unless --no-pair, each setup is also run as two one-job searches side by
side, two processes that share nothing: their combined rate over one
search's alone is what this machine's two cores give this workload (they
share caches and memory), the ceiling for `--jobs 2`. A two-job search
below 2 x one job but at that ceiling loses nothing to its threads.
"""
import argparse
import glob
import json
import os
import re
import resource
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def pinned(core):
    """A preexec_fn that keeps the child on `core` (None: anywhere)."""
    if core is None:
        return None
    return lambda: os.sched_setaffinity(0, {core})


def explore(navsh, setup, depth, jobs, core=None):
    cpu = cpu_seconds()
    out = subprocess.run([navsh, "explore", setup, "--depth", str(depth), "--jobs", str(jobs), "--json"],
                         capture_output=True, text=True, preexec_fn=pinned(core))
    summary = [json.loads(line) for line in out.stdout.splitlines() if '"type":"summary"' in line]
    if not summary or summary[0]["result"] != "none":
        raise SystemExit(f"bench explore: {setup} did not run to its depth: {out.stdout[-400:]}{out.stderr[-400:]}")
    summary[0]["cpu_seconds"] = cpu_seconds() - cpu
    return summary[0]


def explore_pair(navsh, setup, depth):
    """The search seconds each of two one-job searches of `setup` took, run side by side."""
    procs = [subprocess.Popen([navsh, "explore", setup, "--depth", str(depth), "--jobs", "1", "--json"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    result = []
    for p in procs:
        out, err = p.communicate()
        summary = [json.loads(line) for line in out.splitlines() if '"type":"summary"' in line]
        if not summary or summary[0]["result"] != "none":
            raise SystemExit(f"bench explore: {setup} (side by side) did not run to its depth: {out[-400:]}{err[-400:]}")
        result.append(summary[0]["seconds"])
    return result


def setup_depth(setup):
    """The depth a setup file names in its `# bench depth: N` line."""
    with open(setup) as f:
        for line in f:
            m = re.match(r"#\s*bench depth:\s*(\d+)", line)
            if m:
                return int(m.group(1))
    raise SystemExit(f"bench explore: {setup} has no `# bench depth: N` line")


def spin_rates(script, core):
    """SPIN's depth-first and breadth-first lines and rates from one run of its anchor."""
    spin = subprocess.run(["sh", script], capture_output=True, text=True, preexec_fn=pinned(core))
    m = re.search(r"([\d.]+) states/s \(bfs", spin.stdout)
    if spin.returncode != 0 or not m:
        print(f"bench explore: the SPIN anchor failed: {spin.stdout[-400:]}{spin.stderr[-400:]}")
        return None
    return spin.stdout.rstrip(), float(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--navsh", required=True)
    ap.add_argument("--depth", type=int, default=None)
    ap.add_argument("--only", default="")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--core", type=int, default=None)
    ap.add_argument("--spin", default=os.path.join(HERE, "..", "..", "..", "shared", "anchors", "spin", "run.sh"))
    ap.add_argument("--no-spin", action="store_true")
    ap.add_argument("--no-pair", action="store_true")
    args = ap.parse_args()
    runs = max(1, args.runs)
    # One-job searches and SPIN's run on one core, the same for both: this
    # VM's two cores differ in speed, and which one is faster changes
    # (legacy.nav at depth 16, alternating, four runs each: at 12:15 UTC
    # 2.16-2.25 s on core 0 and 1.73-2.11 s on core 1; at 13:06 1.52-1.86 s
    # and 1.61-2.24 s), and a one-job run landed on either.
    cores = sorted(os.sched_getaffinity(0))
    core = args.core if args.core is not None else cores[-1]
    setups = sorted(glob.glob(os.path.join(HERE, "explore", "*.nav")))
    if args.only:
        setups = [s for s in setups if os.path.basename(s)[:-4] in args.only.split(",")]
    depths = {s: args.depth or setup_depth(s) for s in setups}
    if args.depth:
        print(f"depth {args.depth} on every setup", end="")
    else:
        print("each setup at its `# bench depth` (at least 2 million distinct states)", end="")
    print(f"; each figure the fastest of {runs} runs (SPIN's too), in {runs} rounds of every setup then SPIN;"
          f" one-job searches and SPIN on core {core}")
    # Round by round: every setup's one- and two-job searches (and the pair),
    # then SPIN's anchor. Each figure's runs are spread over the whole bench,
    # navsh's and SPIN's alike, so a slow minute of this VM takes one run of
    # each, not all three of one setup (legacy.nav at 13:06 UTC 2026-12-03:
    # 2.25, 2.33 and 2.32 s in a row, where other minutes gave 1.55-1.98 s).
    bases = {}
    tries = {}
    pairs = {}
    spins = []
    for setup in setups:
        bases[setup] = explore(args.navsh, setup, 1, 1)
    for r in range(runs):
        for setup in setups:
            for jobs in (1, 2):
                tries.setdefault((setup, jobs), []).append(
                    explore(args.navsh, setup, depths[setup], jobs, core if jobs == 1 else None))
            if not args.no_pair:
                pairs.setdefault(setup, []).append(explore_pair(args.navsh, setup, depths[setup]))
        if not args.no_spin:
            found = spin_rates(args.spin, core)
            if found:
                spins.append(found)
        if runs > 1:
            print(f"(round {r + 1} of {runs} done)", flush=True)
    header = f"{'setup':<18}{'depth':>6}{'jobs':>5}{'states':>11}{'steps':>12}{'s':>8}{'states/s':>11}{'B/state':>9}{'RSS/st':>8}{'peak MiB':>10}{'CPU s':>7}{'st/CPU-s':>10}{'s, all runs':>22}"
    print(header)
    rates = {}
    seconds = {}
    ceilings = {}
    for setup in setups:
        name = os.path.basename(setup)[:-4]
        base = bases[setup]
        for jobs in (1, 2):
            s = min(tries[(setup, jobs)], key=lambda t: t["seconds"])
            rate = s["states"] / s["seconds"] if s["seconds"] > 0 else 0
            rates[(name, jobs)] = rate
            seconds[(name, jobs)] = s["seconds"]
            per = (s["max_rss_bytes"] - base["max_rss_bytes"]) / max(1, s["states"] - base["states"])
            whole = s["max_rss_bytes"] / max(1, s["states"])
            spread = " ".join(f"{t['seconds']:.2f}" for t in tries[(setup, jobs)])
            print(f"{name:<18}{depths[setup]:>6}{jobs:>5}{s['states']:>11,}{s['steps']:>12,}{s['seconds']:>8.2f}{rate:>11,.0f}"
                  f"{per:>9.0f}{whole:>8.0f}{s['max_rss_bytes'] / 1048576:>10.1f}{s['cpu_seconds']:>7.2f}"
                  f"{s['states'] / max(1e-9, s['cpu_seconds']):>10,.0f}{spread:>22}", flush=True)
        if not args.no_pair:
            # The fastest pair: the one whose slower search took least.
            pair = min(pairs[setup], key=max)
            # The two searches' rates together, over one search's rate alone.
            ceilings[name] = sum(seconds[(name, 1)] / max(1e-9, t) for t in pair)
            print(f"{name:<18}{depths[setup]:>6}{'1+1':>5}  two one-job searches side by side:"
                  f" {pair[0]:.2f} s and {pair[1]:.2f} s, together {ceilings[name]:.2f} x one alone", flush=True)
    if args.no_spin or not spins:
        return
    best = max(spins, key=lambda r: r[1])
    print(best[0])
    if runs > 1:
        print("spin bfs, all runs: " + " ".join(f"{r[1]:,.0f}" for r in spins) + " states/s")
    bfs = best[1]
    print(f"{'setup':<18}{'navsh/SPIN bfs':>15}{'2 jobs/1 job':>14}{'2 procs/1':>11}")
    for setup in setups:
        name = os.path.basename(setup)[:-4]
        ceiling = f"{ceilings[name]:>11.2f}" if name in ceilings else f"{'-':>11}"
        print(f"{name:<18}{rates[(name, 1)] / bfs:>15.3f}{rates[(name, 2)] / max(1, rates[(name, 1)]):>14.2f}{ceiling}")
    worst = min(rates[(os.path.basename(s)[:-4], 1)] for s in setups) / bfs
    print(f"goal navsh/SPIN bfs >= 1.0 on every setup: {'MET' if worst >= 1 else 'NOT MET'} (worst {worst:.3f})")
    slowest = min(rates[(os.path.basename(s)[:-4], 1)] for s in setups)
    print(f"goal 1,000,000 distinct states/s with one job on every setup: {'MET' if slowest >= 1e6 else 'NOT MET'} (slowest {slowest:,.0f})")
    scaling = min(rates[(os.path.basename(s)[:-4], 2)] / max(1, rates[(os.path.basename(s)[:-4], 1)]) for s in setups)
    print(f"goal two jobs >= 1.7 x one on every setup: {'MET' if scaling >= 1.7 else 'NOT MET'} (worst {scaling:.2f})")


if __name__ == "__main__":
    main()
