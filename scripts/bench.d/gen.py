#!/usr/bin/env python3
"""Writes the equal navsh and SQL push/pop scripts for scripts/bench.

    gen.py LINES NAV_OUT SQL_OUT [--seed N] [--max-depth N] [--header CMD]

The two scripts do the same logical work, command for command:

  navsh                      sqlite3
  (nothing)                  CREATE TABLE stack(id INTEGER PRIMARY KEY, name TEXT);
  push Home                  INSERT INTO stack(name) VALUES('Home');
  push Detail                INSERT INTO stack(name) VALUES('Detail');
  pop                        DELETE FROM stack WHERE id = (SELECT max(id) FROM stack);

LINES counts commands (navsh lines = SQL statements after CREATE TABLE).
The first command pushes the root (Home). After that a seeded random walk
keeps the stack between 1 and --max-depth screens (default 8): at depth 1 it
always pushes, at the maximum it always pops, otherwise it pushes or pops with
probability 1/2. The root is never popped, so every navsh pop really pops
(UIKit's popViewController on a one-screen stack would quietly do nothing,
while the SQL DELETE would still delete). Same seed and arguments give the
same files byte for byte.
"""
import random
import sys

CLASSES = ["Feed", "Detail", "Profile", "Settings", "Editor", "Search", "Checkout"]


def main(argv):
    args = list(argv)
    seed, max_depth, header = 20240601, 8, None
    for flag in ("--seed", "--max-depth", "--header"):
        if flag in args:
            i = args.index(flag)
            value = args[i + 1]
            del args[i:i + 2]
            if flag == "--seed":
                seed = int(value)
            elif flag == "--max-depth":
                max_depth = int(value)
            else:
                header = value
    lines, nav_path, sql_path = int(args[0]), args[1], args[2]
    rng = random.Random(seed)
    nav_push = {c: "push %s\n" % c for c in CLASSES}
    sql_push = {c: "INSERT INTO stack(name) VALUES('%s');\n" % c for c in CLASSES}
    nav_pop = "pop\n"
    sql_pop = "DELETE FROM stack WHERE id = (SELECT max(id) FROM stack);\n"
    with open(nav_path, "w") as nav, open(sql_path, "w") as sql:
        if header:
            nav.write(header + "\n")
        sql.write("CREATE TABLE stack(id INTEGER PRIMARY KEY, name TEXT);\n")
        nav.write("push Home\n")
        sql.write("INSERT INTO stack(name) VALUES('Home');\n")
        depth, pushes, pops = 1, 1, 0
        nbuf, sbuf = [], []
        for _ in range(lines - 1):
            if depth == 1 or (depth < max_depth and rng.random() < 0.5):
                c = CLASSES[rng.randrange(len(CLASSES))]
                nbuf.append(nav_push[c])
                sbuf.append(sql_push[c])
                depth += 1
                pushes += 1
            else:
                nbuf.append(nav_pop)
                sbuf.append(sql_pop)
                depth -= 1
                pops += 1
            if len(nbuf) >= 65536:
                nav.write("".join(nbuf))
                sql.write("".join(sbuf))
                nbuf, sbuf = [], []
        nav.write("".join(nbuf))
        sql.write("".join(sbuf))
    print("%d commands: %d pushes, %d pops, final depth %d" % (lines, pushes, pops, depth))


if __name__ == "__main__":
    main(sys.argv[1:])
