#!/usr/bin/env python3
"""Writes the workloads of `scripts/bench suite`: navsh scripts that vary one
dimension at a time against the default push/pop script, each with the equal
SQL script for sqlite3 where one exists.

    workloads.py NAME LINES NAV_OUT [SQL_OUT] [--seed N]
    workloads.py --list

Every workload is deterministic (a seeded random walk), so the same arguments
give the same files byte for byte. LINES counts navsh command lines after the
header lines (a header such as `log full` or `use UISafeNavigationController`
is not counted); the SQL script holds one statement per navsh command line
(after CREATE TABLE), doing the same logical work: a push is an INSERT into a
`stack` table, anything that pops one screen (pop, back, swipe, release after
a drag past half-way) is a DELETE of the newest row, a drag that only holds
the finger is an UPDATE of a one-row `finger` table, undo is the SQL that
reverts the previous statement. Workloads with no honest SQL twin (alerts,
tabs) write no SQL file.

The names: see WORKLOADS below.
"""
import random
import sys

CLASSES = ["Feed", "Detail", "Profile", "Settings", "Editor", "Search", "Checkout"]

SQL_CREATE = ("CREATE TABLE stack(id INTEGER PRIMARY KEY, name TEXT);\n"
              "CREATE TABLE finger(pct INTEGER); INSERT INTO finger VALUES(0);\n")
SQL_POP = "DELETE FROM stack WHERE id = (SELECT max(id) FROM stack);\n"


def sql_push(name):
    return "INSERT INTO stack(name) VALUES('%s');\n" % name


class Names:
    """Class names for pushes: a fixed pool, or a new name on every push."""

    def __init__(self, kind, rng):
        self.kind, self.rng, self.count = kind, rng, 0
        if kind == "7":
            self.pool = CLASSES
        elif kind == "1000":
            self.pool = ["Screen%d" % i for i in range(1000)]
        else:
            self.pool = None

    def next(self):
        if self.pool is None:
            self.count += 1
            return "Unique%d" % self.count
        return self.pool[self.rng.randrange(len(self.pool))]


def walk(lines, rng, names, low, high, ramp, nav, sql, pops=("pop",), undo_every=0):
    """A push/pop random walk between `low` and `high` screens deep (the root
    counts), starting with `push Home`. With `ramp`, it first pushes straight
    up to `high` (so the stack is deep for most of the run). `pops` are the
    commands that pop one screen, picked in turn. With undo_every=K every K-th
    line is `undo` (undoing the line before it)."""
    out_nav, out_sql = [], []
    nav_line, sql_line = "push Home\n", sql_push("Home")
    out_nav.append(nav_line)
    out_sql.append(sql_line)
    depth, pop_turn = 1, 0
    last_sql_undo = "DELETE FROM stack WHERE id = (SELECT max(id) FROM stack);\n"
    ramping = ramp
    for i in range(1, lines):
        if undo_every and i % undo_every == 0:
            out_nav.append("undo\n")
            out_sql.append(last_sql_undo)
            # The undo reverted the last change; the walk goes on from there.
            depth = depth - 1 if last_sql_undo.startswith("DELETE") else depth + 1
            last_sql_undo = "SELECT 1;\n"  # an undo is not undone by the next undo here
            continue
        if ramping and depth >= high:
            ramping = False
        if depth <= low or ramping or (depth < high and rng.random() < 0.5):
            name = names.next()
            out_nav.append("push %s\n" % name)
            out_sql.append(sql_push(name))
            last_sql_undo = SQL_POP
            depth += 1
        else:
            command = pops[pop_turn % len(pops)]
            pop_turn += 1
            if command == "drag":
                # drag past half-way then release: two lines, one pop.
                out_nav.append("drag 70%\n")
                out_sql.append("UPDATE finger SET pct = 70;\n")
                out_nav.append("release\n")
                out_sql.append(SQL_POP)
            else:
                out_nav.append(command + "\n")
                out_sql.append(SQL_POP)
            # Re-pushing the popped row is what undo would do; the name is not
            # tracked here, so undo right after a pop inserts a generic row.
            last_sql_undo = sql_push("Undone")
            depth -= 1
        if len(out_nav) >= 65536:
            nav.write("".join(out_nav))
            if sql:
                sql.write("".join(out_sql))
            out_nav, out_sql = [], []
    nav.write("".join(out_nav))
    if sql:
        sql.write("".join(out_sql))


def alerts(lines, rng, nav):
    """UISafeNavigationController with a confirm screen: push it, back (the
    alert asks), tap Cancel or OK."""
    nav.write('use UISafeNavigationController\nscreen Editor confirm "Discard changes?"\npush Home\n')
    written = 1
    buf = []
    while written < lines:
        buf.append("push Editor\n")
        buf.append("back\n")
        if rng.random() < 0.5:
            buf.append("tap Cancel\n")
            buf.append("back\n")
            written += 2
        buf.append("tap OK\n")
        written += 3
    nav.write("".join(buf))


def modals(lines, rng, nav, sql):
    """present X nav / push inside / dismiss, modal depth at most 3."""
    sql_lines = []
    nav_lines = ["push Home\n"]
    sql_lines.append(sql_push("Home"))
    depth = 0  # presented navigation controllers
    inner = [1]  # screens in each current stack
    for _ in range(1, lines):
        r = rng.random()
        if depth < 3 and r < 0.3:
            name = CLASSES[rng.randrange(len(CLASSES))]
            nav_lines.append("present %s nav\n" % name)
            sql_lines.append(sql_push(name))
            depth += 1
            inner.append(1)
        elif depth > 0 and r < 0.55:
            nav_lines.append("dismiss\n")
            sql_lines.append("DELETE FROM stack WHERE id >= (SELECT max(id) FROM stack) - %d;\n" % (inner[-1] - 1))
            inner.pop()
            depth -= 1
        elif inner[-1] < 6 and (inner[-1] == 1 or rng.random() < 0.5):
            name = CLASSES[rng.randrange(len(CLASSES))]
            nav_lines.append("push %s\n" % name)
            sql_lines.append(sql_push(name))
            inner[-1] += 1
        else:
            nav_lines.append("pop\n")
            sql_lines.append(SQL_POP)
            inner[-1] -= 1
    nav.write("".join(nav_lines))
    if sql:
        sql.write("".join(sql_lines))


def tabs(lines, rng, nav):
    """A tab bar of four tabs: tap tabs (a re-tap pops to the root), push and pop."""
    names = ["Feed", "Search", "Inbox", "Profile"]
    nav.write("tabs %s\n" % " ".join(names))
    depth = {n: 1 for n in names}
    current = names[0]
    buf = []
    for _ in range(lines - 1):
        r = rng.random()
        if r < 0.2:
            tapped = names[rng.randrange(4)]
            buf.append("tab %s\n" % tapped)
            if tapped == current:
                depth[current] = 1  # a re-tap pops the tab's stack to its root
            current = tapped
        elif depth[current] < 8 and (depth[current] == 1 or r < 0.6):
            buf.append("push %s\n" % CLASSES[rng.randrange(len(CLASSES))])
            depth[current] += 1
        else:
            buf.append("pop\n")
            depth[current] -= 1
    nav.write("".join(buf))


# name: (description, header lines, has SQL, writer)
WORKLOADS = {
    "default": "7 names, depth <= 8, push/pop (scripts/bench's script)",
    "names-1000": "1,000 names, depth <= 8, push/pop",
    "names-unique": "a new class name on every push, depth <= 8, push/pop",
    "depth-1000": "7 names, pushed to 1,000 deep, then a walk between 500 and 1,000",
    "depth-100000": "7 names, pushed to 100,000 deep, then a walk between 50,000 and 100,000",
    "walk-unique-1000": "a new name on every push, random walk up to 1,000 deep (the issue's shape)",
    "fingers": "7 names, depth <= 8; pops alternate pop, back, swipe, drag 70% + release",
    "alerts": "UISafeNavigationController, a confirm screen: push, back, tap Cancel/OK (no SQL twin)",
    "modals": "present X nav, push and pop inside, dismiss; modal depth <= 3",
    "tabs": "four tabs: tab taps, push, pop (no SQL twin)",
    "log-full": "the default script with `log full`",
    "json": "the default script, navsh --json (sqlite3 -json)",
    "legacy": "the default script with `set profile legacy`",
    "undo": "the default script with `undo` every 100 lines",
}


def write(name, lines, nav_path, sql_path, seed):
    rng = random.Random(seed)
    with open(nav_path, "w") as nav:
        sql = open(sql_path, "w") if sql_path else None
        try:
            if sql:
                sql.write(SQL_CREATE)
            if name in ("default", "json"):
                walk(lines, rng, Names("7", rng), 1, 8, False, nav, sql)
            elif name == "log-full":
                nav.write("log full\n")
                walk(lines, rng, Names("7", rng), 1, 8, False, nav, sql)
            elif name == "legacy":
                nav.write("set profile legacy\n")
                walk(lines, rng, Names("7", rng), 1, 8, False, nav, sql)
            elif name == "names-1000":
                walk(lines, rng, Names("1000", rng), 1, 8, False, nav, sql)
            elif name == "names-unique":
                walk(lines, rng, Names("unique", rng), 1, 8, False, nav, sql)
            elif name == "depth-1000":
                walk(lines, rng, Names("7", rng), 500, 1000, True, nav, sql)
            elif name == "depth-100000":
                walk(lines, rng, Names("7", rng), 50000, 100000, True, nav, sql)
            elif name == "walk-unique-1000":
                walk(lines, rng, Names("unique", rng), 1, 1000, False, nav, sql)
            elif name == "fingers":
                walk(lines, rng, Names("7", rng), 1, 8, False, nav, sql, pops=("pop", "back", "swipe", "drag"))
            elif name == "undo":
                walk(lines, rng, Names("7", rng), 1, 8, False, nav, sql, undo_every=100)
            elif name == "alerts":
                alerts(lines, rng, nav)
            elif name == "modals":
                modals(lines, rng, nav, sql)
            elif name == "tabs":
                tabs(lines, rng, nav)
            else:
                sys.exit("workloads.py: unknown workload '%s'" % name)
        finally:
            if sql:
                sql.close()


def has_sql(name):
    return name not in ("alerts", "tabs")


def main(argv):
    if argv[:1] == ["--list"]:
        for name, text in WORKLOADS.items():
            print("%s\t%s\t%s" % (name, "sql" if has_sql(name) else "-", text))
        return
    args = list(argv)
    seed = 20240601
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    name, lines, nav_path = args[0], int(args[1]), args[2]
    sql_path = args[3] if len(args) > 3 and has_sql(name) else None
    write(name, lines, nav_path, sql_path, seed)


if __name__ == "__main__":
    main(sys.argv[1:])
