#!/usr/bin/env python3
"""The measuring half of scripts/bench: runs navsh and sqlite3 alternately,
takes each child's wall time and CPU time (wait4(2)) and peak RSS (GNU time's
%M, see spawn()), and prints the table.

    measure.py --navsh BIN --sqlite BIN --dir DIR --lines N --runs R
               [--flat-lines M] [--startup-runs K] [--json-out FILE]

DIR holds the generated scripts (see gen.py): nav-N.nav, nav-N-full.nav, sql-N.sql.
"""
import argparse
import json
import os
import statistics
import sys
import time


TIME = "/usr/bin/time"


def spawn(argv, stdin_path=None, env=None, rss=True):
    """Runs argv with stdin from stdin_path, stdout to /dev/null and stderr to a
    file; returns (wall seconds, peak RSS KiB, user+sys CPU seconds, exit status,
    stderr text).

    Peak RSS comes from GNU time's %M (ru_maxrss of a child it forks), not from
    our own wait4: Python's posix_spawn uses vfork semantics, and Linux carries
    the parent's RSS high-water mark across exec, so wait4 would report
    Python's ~15 MiB for every child. With rss=False argv runs directly (for
    start-up times, where GNU time's extra exec would count) and RSS is 0."""
    err_path = "/tmp/navsh-bench-stderr.%d" % os.getpid()
    rss_path = "/tmp/navsh-bench-rss.%d" % os.getpid()
    if rss:
        argv = [TIME, "-f", "%M", "-o", rss_path, "--"] + list(argv)
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, stdin_path or "/dev/null", os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
    ]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env if env is not None else os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    with open(err_path, errors="replace") as f:
        err = f.read(2000)
    os.unlink(err_path)
    peak = 0
    if rss:
        with open(rss_path) as f:
            text = f.read().strip().splitlines()
        os.unlink(rss_path)
        peak = int(text[-1]) if text and text[-1].isdigit() else 0
        if text and not text[-1].isdigit():
            err += "\n".join(text)
    return wall, peak, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status), err


def check(name, result):
    wall, rss, cpu, code, err = result
    if code != 0 or err:
        sys.exit("bench: %s exited %d; stderr: %s" % (name, code, err.strip()[:500]))
    return result


def fmt_rate(lines, seconds):
    return "%.0f" % (lines / seconds)


def mib(kib):
    return kib / 1024.0


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--navsh", required=True)
    p.add_argument("--sqlite", required=True)
    p.add_argument("--dir", required=True)
    p.add_argument("--lines", type=int, required=True)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--flat-lines", type=int, default=0)
    p.add_argument("--startup-runs", type=int, default=100)
    p.add_argument("--json-out")
    a = p.parse_args()

    n = a.lines
    nav = os.path.join(a.dir, "nav-%d.nav" % n)
    nav_full = os.path.join(a.dir, "nav-%d-full.nav" % n)
    sql = os.path.join(a.dir, "sql-%d.sql" % n)

    # Each row: (label, navsh argv, sqlite argv, sqlite stdin).
    rows = [
        ("default log, text", [a.navsh, nav], [a.sqlite, ":memory:"], sql),
        ("--json", [a.navsh, "--json", nav], [a.sqlite, "-json", ":memory:"], sql),
        ("log full, text", [a.navsh, nav_full], [a.sqlite, ":memory:"], sql),
    ]
    results = {}
    print("navsh:   %s" % a.navsh)
    print("sqlite3: %s" % a.sqlite)
    print("script:  %d commands; %d runs of each, navsh and sqlite3 alternating; output to /dev/null" % (n, a.runs))
    print("load average at the start: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    print()
    for label, nav_argv, sql_argv, sql_in in rows:
        nav_runs, sql_runs = [], []
        # One untimed warm-up of each (page cache, dynamic loader), then alternate.
        check("navsh", spawn(nav_argv))
        check("sqlite3", spawn(sql_argv, sql_in))
        for i in range(a.runs):
            first_navsh = i % 2 == 0
            for which in ((0, 1) if first_navsh else (1, 0)):
                if which == 0:
                    nav_runs.append(check("navsh", spawn(nav_argv)))
                else:
                    sql_runs.append(check("sqlite3", spawn(sql_argv, sql_in)))
            print("  [%s] run %d/%d: navsh %.3fs, sqlite3 %.3fs" % (label, i + 1, a.runs, nav_runs[-1][0], sql_runs[-1][0]),
                  file=sys.stderr)
        results[label] = {
            "navsh_wall_s": [r[0] for r in nav_runs],
            "sqlite_wall_s": [r[0] for r in sql_runs],
            "navsh_rss_kib": [r[1] for r in nav_runs],
            "sqlite_rss_kib": [r[1] for r in sql_runs],
            "navsh_cpu_s": [r[2] for r in nav_runs],
            "sqlite_cpu_s": [r[2] for r in sql_runs],
        }

    startup = {}
    if a.startup_runs > 0:
        cases = [
            ("navsh -c stack", [a.navsh, "-c", "stack"], None),
            ("sqlite3 :memory: 'SELECT 1;'", [a.sqlite, ":memory:", "SELECT 1;"], None),
            ("/bin/true (harness floor)", ["/bin/true"], None),
        ]
        times = {label: [] for label, _, _ in cases}
        rss = {label: [] for label, _, _ in cases}
        cpu = {label: [] for label, _, _ in cases}
        for label, argv, stdin in cases:
            rss[label].append(check(label, spawn(argv, stdin))[1])  # untimed, measures RSS
        for _ in range(a.startup_runs):
            for label, argv, stdin in cases:
                r = check(label, spawn(argv, stdin, rss=False))
                times[label].append(r[0])
                cpu[label].append(r[2])
        startup = {label: {"wall_s": times[label], "cpu_s": cpu[label], "rss_kib": rss[label]} for label in times}

    flat = None
    if a.flat_lines:
        big = os.path.join(a.dir, "nav-%d.nav" % a.flat_lines)
        print("  [flat] navsh on %d commands..." % a.flat_lines, file=sys.stderr)
        r = check("navsh", spawn([a.navsh, big]))
        flat = {"lines": a.flat_lines, "wall_s": r[0], "rss_kib": r[1],
                "rss_1m_kib": max(results["default log, text"]["navsh_rss_kib"])}

    # The table.
    med = statistics.median
    print("load average at the end: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    print()
    print("| output | navsh lines/s | sqlite3 lines/s | navsh s | sqlite3 s | ratio navsh/sqlite3 | navsh CPU s | sqlite3 CPU s | ratio (CPU) | navsh peak RSS | sqlite3 peak RSS |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, _, _, _ in rows:
        r = results[label]
        nt, st = med(r["navsh_wall_s"]), med(r["sqlite_wall_s"])
        nc, sc = med(r["navsh_cpu_s"]), med(r["sqlite_cpu_s"])
        print("| %s | %s | %s | %.3f | %.3f | %.2f | %.3f | %.3f | %.2f | %.1f MiB | %.1f MiB |" % (
            label, fmt_rate(n, nt), fmt_rate(n, st), nt, st, nt / st, nc, sc, nc / sc,
            mib(max(r["navsh_rss_kib"])), mib(max(r["sqlite_rss_kib"]))))
    print()
    print("Times are medians of the runs: wall-clock, and user+sys CPU (less sensitive to other load on the machine).")
    print("Peak RSS is the highest of the runs.")
    print()
    r = results["default log, text"]
    ratio = med(r["navsh_wall_s"]) / med(r["sqlite_wall_s"])
    cratio = med(r["navsh_cpu_s"]) / med(r["sqlite_cpu_s"])
    print("Target (default log): navsh at most 0.25 x sqlite3's time: ratio %.2f (CPU %.2f) -> %s" % (
        ratio, cratio, "MET" if ratio <= 0.25 else "NOT MET"))
    peak = mib(max(r["navsh_rss_kib"]))
    print("Target: peak memory at most 64 MiB: %.1f MiB -> %s" % (peak, "MET" if peak <= 64 else "NOT MET"))
    if flat:
        fl = mib(flat["rss_kib"])
        # "No higher", allowing 2% for page-granular noise between runs.
        print("Target: flat memory: %d commands peak %.1f MiB (in %.2fs) vs %d commands %.1f MiB, delta %+.1f MiB -> %s" % (
            flat["lines"], fl, flat["wall_s"], n, mib(flat["rss_1m_kib"]), fl - mib(flat["rss_1m_kib"]),
            "MET" if flat["rss_kib"] <= flat["rss_1m_kib"] * 1.02 else "NOT MET"))
    if startup:
        print()
        print("| start-up (%d runs each, interleaved) | median | mean | min | p90 | CPU (median) | peak RSS |" % a.startup_runs)
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for label, s in startup.items():
            w = sorted(s["wall_s"])
            print("| %s | %.2f ms | %.2f ms | %.2f ms | %.2f ms | %.2f ms | %.1f MiB |" % (
                label, med(w) * 1e3, statistics.mean(w) * 1e3, w[0] * 1e3, w[int(len(w) * 0.9)] * 1e3,
                med(s["cpu_s"]) * 1e3, mib(max(s["rss_kib"]))))
        print()
        print("Start-up is the wall time from posix_spawn to wait4 of the whole process (so it includes")
        print("exit); /bin/true shows what the harness itself costs.")
        nm = med(startup["navsh -c stack"]["wall_s"]) * 1e3
        print()
        print("Target: start-up (navsh -c stack) within 5 ms: median %.2f ms -> %s" % (nm, "MET" if nm <= 5 else "NOT MET"))
    if a.json_out:
        with open(a.json_out, "w") as f:
            json.dump({"lines": n, "runs": a.runs, "rows": results, "startup": startup, "flat": flat}, f, indent=1)


if __name__ == "__main__":
    main()
