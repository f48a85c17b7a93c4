#!/usr/bin/python3
"""Random text graphs (SNAP, Matrix Market, DIMACS) with duplicates, self loops, comments,
blank lines, CRLF and gzip, converted with 1 to 4 ranks and checked against the
independent reference of reference_csr.py. Seeded, so a failure can be replayed."""
import gzip
import os
import random
import subprocess
import sys
import tempfile

WARPGRAPH = os.environ["WARPGRAPH"]
MPIEXEC = os.environ["MPIEXEC"]
HERE = os.path.dirname(os.path.abspath(__file__))


def random_edges(rng, n, m):
    edges = []
    for _ in range(m):
        u, v = rng.randrange(n), rng.randrange(n)
        if rng.random() < 0.05:
            v = u  # self loop
        edges.append((u, v, rng.randint(1, 9) if rng.random() < 0.9 else rng.random() * 100))
        if rng.random() < 0.1:
            edges.append((u, v, rng.randint(1, 9)))  # parallel edge, other weight
    return edges


def write_text(path, lines, crlf, compress):
    text = ("\r\n" if crlf else "\n").join(lines) + ("\r\n" if crlf else "\n")
    if compress:
        with gzip.open(path, "wb") as f:
            f.write(text.encode())
    else:
        with open(path, "w", newline="") as f:
            f.write(text)


def snap_lines(rng, edges, weighted):
    lines = ["# random graph", "# FromNodeId\tToNodeId"]
    for u, v, w in edges:
        if rng.random() < 0.02:
            lines.append(rng.choice(["", "# comment", "   "]))
        sep = rng.choice(["\t", " ", "  "])
        lines.append(f"{u}{sep}{v}" + (f"{sep}{w}" if weighted else ""))
    return lines


def mtx_lines(rng, n, edges, field, symmetry):
    if symmetry == "symmetric":
        edges = [(max(u, v), min(u, v), w) for u, v, w in edges]
    body = []
    for u, v, w in edges:
        value = "" if field == "pattern" else f" {int(w) if field == 'integer' else w}"
        body.append(f"{u + 1} {v + 1}{value}")
    return ([f"%%MatrixMarket matrix coordinate {field} {symmetry}", "% random graph", "%"] +
            [f"{n} {n} {len(body)}"] + body)


def dimacs_lines(n, edges):
    return (["c random graph", f"p sp {n} {len(edges)}", "c arcs follow"] +
            [f"a {u + 1} {v + 1} {int(w)}" for u, v, w in edges])


def main():
    failures = 0
    cases = 0
    with tempfile.TemporaryDirectory() as work:
        for seed in range(12):
            rng = random.Random(seed)
            n = rng.choice([5, 60, 300, 1000])
            edges = random_edges(rng, n, rng.randint(n, 4 * n))
            kind = ["snap", "mtx", "dimacs"][seed % 3]
            crlf, compress = rng.random() < 0.5, rng.random() < 0.3
            options = []
            if rng.random() < 0.4:
                options.append("--undirected")
            if rng.random() < 0.3:
                options.append("--keep-duplicates")
            if rng.random() < 0.2:
                options.append("--keep-self-loops")
            if kind == "snap":
                name = f"g{seed}.txt"
                lines = snap_lines(rng, edges, weighted=rng.random() < 0.5)
            elif kind == "mtx":
                name = f"g{seed}.mtx"
                field = rng.choice(["pattern", "integer", "real"])
                symmetry = rng.choice(["general", "symmetric"])
                if symmetry == "symmetric" or field == "pattern":
                    options = [o for o in options if o != "--keep-duplicates"]
                lines = mtx_lines(rng, n, edges, field, symmetry)
            else:
                name = f"g{seed}.gr"
                lines = dimacs_lines(n, [(u, v, max(1, int(w))) for u, v, w in edges])
            path = os.path.join(work, name + (".gz" if compress else ""))
            write_text(path, lines, crlf, compress)
            shards = str(rng.randint(1, min(n, 5)))
            ranks = str(seed % 4 + 1)
            out = os.path.join(work, f"g{seed}.h5")
            cases += 1
            convert = subprocess.run([MPIEXEC, "-n", ranks, "--oversubscribe", WARPGRAPH,
                                      "convert", path, out, "--shards", shards] + options,
                                     capture_output=True, text=True)
            if convert.returncode != 0:
                print(f"FAIL seed {seed}: convert failed: {convert.stderr}")
                failures += 1
                continue
            check = subprocess.run([sys.executable, os.path.join(HERE, "reference_csr.py"), path,
                                    kind, out, "--shards", shards] + options,
                                   capture_output=True, text=True)
            status = "ok  " if check.returncode == 0 else "FAIL"
            print(f"{status} seed {seed}: {kind} n={n} crlf={crlf} gz={compress} ranks={ranks} "
                  f"shards={shards} {' '.join(options)} {check.stdout.strip()}{check.stderr.strip()}")
            failures += check.returncode != 0
    print(f"{cases - failures} of {cases} random graphs match the reference")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
