#!/usr/bin/env python3
"""The workload suite of `scripts/bench suite`: one table of navsh against
sqlite3 over workloads that vary one dimension at a time (workloads.py).

    suite.py --navsh BIN --sqlite BIN --dir DIR [--lines N] [--runs R]
             [--callgrind-lines C | --no-callgrind] [--flat-lines M | --no-flat]
             [--only NAME,NAME] [--json-out FILE]

Per workload it prints: seconds (median of R runs of each program,
alternating, output to /dev/null), microseconds per command, instructions per
command (valgrind --tool=callgrind on the first C lines of the same script:
instruction counts do not move with the machine's load, wall times here do),
navsh's peak memory, sqlite3's time on the equal SQL script and the ratio.
Then the goals of issue 16 with MET / NOT MET:
  - at most 0.25 x sqlite3's wall time, where an SQL twin exists;
  - instructions per command within 1.5 x the default workload's, for the
    workloads with the default's command mix (push and pop only);
  - peak memory at most 64 MiB on N lines;
  - flat memory from N to M lines for the workloads whose live state is bounded.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import spawn, check  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# The workloads whose command mix is the default's (push/pop lines only).
SAME_MIX = {"names-1000", "names-unique", "depth-1000", "depth-100000", "walk-unique-1000", "legacy"}
# The workloads whose live state stays bounded however long the script.
BOUNDED = ["default", "names-1000", "fingers", "alerts", "modals", "tabs", "undo"]


def workloads():
    out = subprocess.run([sys.executable, os.path.join(HERE, "workloads.py"), "--list"],
                         check=True, capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines():
        name, sql, text = line.split("\t")
        rows.append((name, sql == "sql", text))
    return rows


def generate(name, lines, has_sql, d):
    nav = os.path.join(d, "%s-%d.nav" % (name, lines))
    sql = os.path.join(d, "%s-%d.sql" % (name, lines)) if has_sql else None
    gen = os.path.join(HERE, "workloads.py")
    fresh = os.path.exists(nav) and os.path.getmtime(nav) > os.path.getmtime(gen) and (
        sql is None or os.path.exists(sql))
    if not fresh:
        print("suite: generating %s (%d lines)" % (name, lines), file=sys.stderr)
        args = [sys.executable, gen, name, str(lines), nav + ".tmp"] + ([sql + ".tmp"] if sql else [])
        subprocess.run(args, check=True)
        os.replace(nav + ".tmp", nav)
        if sql:
            os.replace(sql + ".tmp", sql)
    return nav, sql


def navsh_argv(navsh, name, nav):
    return [navsh, "--json", nav] if name == "json" else [navsh, nav]


def sqlite_argv(sqlite, name):
    return [sqlite, "-json", ":memory:"] if name == "json" else [sqlite, ":memory:"]


def equal_work(navsh, sqlite, name, nav, sql):
    """Both scripts end with the same number of screens (on the check-sized script)."""
    if name == "modals":
        out = subprocess.run([navsh, nav, "-c", "log off", "-c", "alive"], capture_output=True, text=True).stdout
        got = len([l for l in out.splitlines() if ": held by" in l])
    else:
        out = subprocess.run([navsh, nav, "-c", "log off", "-c", "stack"], capture_output=True, text=True).stdout
        got = len(out.splitlines()[-1].split()) if out.strip() else 0
    want = subprocess.run([sqlite, ":memory:"], input=open(sql).read() + "SELECT count(*) FROM stack;\n",
                          capture_output=True, text=True).stdout.strip().splitlines()[-1]
    if str(got) != want:
        sys.exit("suite: %s: navsh ends with %s screens, sqlite3 with %s rows" % (name, got, want))


def instructions(navsh, name, nav):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
                         + navsh_argv(navsh, name, nav),
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    m = re.search(r"Collected : (\d+)", out)
    if not m:
        sys.exit("suite: callgrind gave no count for %s: %s" % (name, out[-500:]))
    return int(m.group(1))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--navsh", required=True)
    p.add_argument("--sqlite", required=True)
    p.add_argument("--dir", required=True)
    p.add_argument("--lines", type=int, default=1000000)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--callgrind-lines", type=int, default=20000)
    p.add_argument("--no-callgrind", action="store_true")
    p.add_argument("--flat-lines", type=int, default=0)
    p.add_argument("--no-flat", action="store_true")
    p.add_argument("--only")
    p.add_argument("--json-out")
    a = p.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    flat_lines = 0 if a.no_flat else (a.flat_lines or a.lines * 10)
    only = set(a.only.split(",")) if a.only else None
    med = statistics.median

    print("navsh:   %s" % a.navsh)
    print("sqlite3: %s" % a.sqlite)
    print("%d lines a workload; %d runs of each program, alternating; instructions from callgrind on the first %s lines" % (
        a.lines, a.runs, "no" if a.no_callgrind else "{:,}".format(a.callgrind_lines)))
    print("load average at the start: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    results = []
    for name, has_sql, text in workloads():
        if only and name not in only:
            continue
        nav, sql = generate(name, a.lines, has_sql, a.dir)
        if has_sql:
            cnav, csql = generate(name, 10000, True, a.dir)
            equal_work(a.navsh, a.sqlite, name, cnav, csql)
        check("navsh", spawn(navsh_argv(a.navsh, name, nav)))  # warm-up
        if sql:
            check("sqlite3", spawn(sqlite_argv(a.sqlite, name), sql))
        nav_runs, sql_runs = [], []
        for i in range(a.runs):
            order = (0, 1) if i % 2 == 0 else (1, 0)
            for which in order:
                if which == 0:
                    nav_runs.append(check("navsh", spawn(navsh_argv(a.navsh, name, nav))))
                elif sql:
                    sql_runs.append(check("sqlite3", spawn(sqlite_argv(a.sqlite, name), sql)))
        row = {"name": name, "text": text, "lines": a.lines,
               "navsh_s": med([r[0] for r in nav_runs]), "navsh_cpu_s": med([r[2] for r in nav_runs]),
               "navsh_rss_kib": max(r[1] for r in nav_runs)}
        if sql_runs:
            row["sqlite_s"] = med([r[0] for r in sql_runs])
            row["sqlite_rss_kib"] = max(r[1] for r in sql_runs)
        if not a.no_callgrind:
            cnav, _ = generate(name, a.callgrind_lines, False, a.dir)
            row["instructions_per_command"] = instructions(a.navsh, name, cnav) / a.callgrind_lines
        if flat_lines and name in BOUNDED:
            fnav, _ = generate(name, flat_lines, False, a.dir)
            r = check("navsh", spawn(navsh_argv(a.navsh, name, fnav)))
            row["flat_lines"], row["flat_rss_kib"], row["flat_s"] = flat_lines, r[1], r[0]
        print("  %s: navsh %.3fs%s" % (name, row["navsh_s"],
                                         ", sqlite3 %.3fs" % row["sqlite_s"] if "sqlite_s" in row else ""),
              file=sys.stderr)
        results.append(row)

    print("load average at the end: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    print()
    print("| workload | navsh s | us/command | instructions/command | navsh peak | sqlite3 s | ratio | sqlite3 peak | flat (10x lines) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in results:
        ipc = "%.0f" % r["instructions_per_command"] if "instructions_per_command" in r else "-"
        ratio = "%.2f" % (r["navsh_s"] / r["sqlite_s"]) if "sqlite_s" in r else "-"
        sq = "%.3f" % r["sqlite_s"] if "sqlite_s" in r else "-"
        sqp = "%.1f MiB" % (r["sqlite_rss_kib"] / 1024) if "sqlite_rss_kib" in r else "-"
        fl = "%.1f MiB" % (r["flat_rss_kib"] / 1024) if "flat_rss_kib" in r else "-"
        print("| %s | %.3f | %.2f | %s | %.1f MiB | %s | %s | %s | %s |" % (
            r["name"], r["navsh_s"], r["navsh_s"] / r["lines"] * 1e6, ipc, r["navsh_rss_kib"] / 1024, sq, ratio, sqp, fl))
    print()
    for r in results:
        print("- %s: %s" % (r["name"], r["text"]))
    print()
    print("Goals (issue 16):")
    default = next((r for r in results if r["name"] == "default"), None)
    misses = 0
    for r in results:
        verdicts = []
        if "sqlite_s" in r:
            ratio = r["navsh_s"] / r["sqlite_s"]
            ok = ratio <= 0.25
            verdicts.append("ratio %.2f <= 0.25 %s" % (ratio, "MET" if ok else "NOT MET"))
            misses += not ok
        if default and r["name"] in SAME_MIX and "instructions_per_command" in r and "instructions_per_command" in default:
            rel = r["instructions_per_command"] / default["instructions_per_command"]
            ok = rel <= 1.5
            verdicts.append("cost %.2f x default <= 1.5 %s" % (rel, "MET" if ok else "NOT MET"))
            misses += not ok
        peak = r["navsh_rss_kib"] / 1024
        ok = peak <= 64
        verdicts.append("peak %.1f MiB <= 64 %s" % (peak, "MET" if ok else "NOT MET"))
        misses += not ok
        if "flat_rss_kib" in r:
            ok = r["flat_rss_kib"] <= r["navsh_rss_kib"] * 1.05 + 512
            verdicts.append("flat %.1f -> %.1f MiB %s" % (r["navsh_rss_kib"] / 1024, r["flat_rss_kib"] / 1024,
                                                          "MET" if ok else "NOT MET"))
            misses += not ok
        print("- %s: %s" % (r["name"], "; ".join(verdicts)))
    print()
    print("%d goal(s) not met" % misses)
    if a.json_out:
        with open(a.json_out, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
