#!/usr/bin/env python3
"""The include direction of server/src (make lint, from scripts/lint-cpp.sh).

LAYERS lists the layers lowest first. A file may include the headers of its own layer and of the
layers listed before it, never of one listed after: so a lower layer can be tested, fuzzed and
reasoned about without the ones that use it, and no include cycle can form between folders.
A layer is a folder of server/src, or one header with its .cpp (folder/name) taken out of its
folder's layer to sit lower; several on one line are one layer. Any wrong include fails, with the
file, the line and the two layers. A new folder goes into the table before it can be used.
"""
import pathlib
import re
import sys

LAYERS = """
util
metrics
log               # counts its lines in metrics
links/link_spec   # a [links] entry as written and its rules, which the config applies to its own
config
http
store
sites links       # one layer: the catalog holds the link registry, and /go/ answers from the catalog
stats
notify
dispatch
api
net
app
"""

ROOT = pathlib.Path(__file__).resolve().parent.parent / "server" / "src"
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def parse_layers():
    """Each unit's rank (its line's number, lowest first), and the order as one line of text."""
    rows = [row for row in (line.split("#")[0].split() for line in LAYERS.splitlines()) if row]
    rank = {}
    for n, row in enumerate(rows):
        for unit in row:
            if unit in rank:
                sys.exit(f"check-layers: {unit} is in the layer table twice")
            rank[unit] = n
    return rank, " < ".join(" ".join(row) for row in rows)


def unit_of(rel, rank):
    """The table's name for the file at `rel` (relative to server/src), or None."""
    parts = rel.parts
    if len(parts) < 2:
        return None
    stem = f"{parts[0]}/{rel.stem}" if len(parts) == 2 else None
    if stem in rank:
        return stem
    return parts[0] if parts[0] in rank else None


def main():
    rank, order = parse_layers()
    problems = []

    # A folder missing from the table, or an entry naming nothing, is a stale table.
    folders = {p.name for p in ROOT.iterdir() if p.is_dir()}
    for unit in rank:
        exists = (ROOT / unit).is_dir() if "/" not in unit else any(ROOT.glob(unit + ".*"))
        if not exists:
            problems.append(f"the layer table names {unit}, which is not in server/src")
    for folder in sorted(folders - set(rank)):
        problems.append(f"server/src/{folder}/ is not in the layer table: place it (scripts/check-layers.py)")

    files = sorted(p for p in ROOT.rglob("*") if p.suffix in (".cpp", ".hpp", ".h") and p.is_file())
    for path in files:
        rel = path.relative_to(ROOT)
        unit = unit_of(rel, rank)
        if unit is None:
            if rel.parts[0] in folders and rel.parts[0] not in rank:
                continue  # reported above, once for its folder
            problems.append(f"server/src/{rel} is in no layer of the table")
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            quoted, name = match.group(1) == '"', match.group(2)
            # What the compiler would open: beside the file (quotes only), then server/src. A
            # quoted name is judged even when missing; a bracketed one only when it is there,
            # since <net/if.h> is the system's. The rest (the standard library, Boost,
            # generated sources) is no layer's.
            target = (path.parent / name).resolve()
            if not (quoted and target.is_file()):
                target = (ROOT / name).resolve()
            if not (quoted or target.is_file()) or not target.is_relative_to(ROOT):
                continue
            included = target.relative_to(ROOT)
            other = unit_of(included, rank)
            if other is not None and rank[other] > rank[unit]:
                problems.append(f"server/src/{rel}:{number} includes {included}: {unit} may not depend on {other}")

    if problems:
        print("\n".join(problems), file=sys.stderr)
        print(f"check-layers: {len(problems)} problem(s); the layers, lowest first: {order}", file=sys.stderr)
        return 1
    print(f"lint: layer order on {len(files)} files ({order})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
