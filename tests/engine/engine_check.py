"""Runs `warpgraph run` under mpirun on test graphs and compares every result with an
independent reference (graph_reference.py). Usage: engine_check.py SUITE WORKDIR
Suites: rmat, grid, real, options, checkpoint, signal, pagerank, results, ppr, kcore, ssnsp,
predecessors, bc, scc, cusha, split, group, group_more. Environment: WARPGRAPH, MPIEXEC,
WG_DATA_DIR (as set by ctest)."""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import h5py
import numpy as np

import graph_reference as ref

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from warpgraph_check import MPIEXEC, WARPGRAPH, expect, finish, mpirun  # noqa: E402


class Fixture:
    """A graph file and its reference results, computed once per algorithm."""

    def __init__(self, path, source):
        self.path = path
        self.source = source
        self.matrix, self.counts, self.weighted = ref.load_graph(path)
        self.n = self.matrix.shape[0]
        self.cache = {}

    def expected(self, algo):
        if algo not in self.cache:
            m = self.matrix
            self.cache[algo] = {
                "bfs": lambda: ref.bfs(m, self.source),
                "sssp": lambda: ref.sssp(m, self.source),
                "sswp": lambda: ref.sswp(m, self.source),
                "cc": lambda: ref.components(m),
                "pagerank": lambda: ref.pagerank(self.counts),
            }[algo]()
        return self.cache[algo]


def compare(fixture, algo, values, what):
    want = fixture.expected(algo)
    if algo == "pagerank":
        error = float(np.abs(values - want).sum())
        expect(error < 1e-6, f"{what}: PageRank L1 error {error:.2e} < 1e-6")
    elif algo == "sssp":
        same_inf = np.array_equal(np.isinf(values), np.isinf(want))
        finite = ~np.isinf(want)
        close = np.allclose(values[finite], want[finite], rtol=1e-5, atol=1e-5)
        expect(same_inf and close, f"{what}: SSSP distances equal scipy dijkstra")
    else:
        bad = np.flatnonzero(values != want)
        expect(len(bad) == 0, f"{what}: {algo} equals the reference"
               + (f" (first mismatch at vertex {bad[0]}: {values[bad[0]]} vs {want[bad[0]]})"
                  if len(bad) else ""))


def run_case(fixture, algo, ranks, workdir, extra=(), fmt="tsv", tag=""):
    out = os.path.join(workdir, f"{algo}-{ranks}{tag}.{ 'tsv' if fmt == 'tsv' else 'h5'}")
    report = out + ".json"
    args = ["run", "--graph", fixture.path, "--algo", algo, "--output", out,
            "--output-format", fmt, "--report", report] + list(extra)
    if algo in ("bfs", "sssp", "sswp"):
        args += ["--source", fixture.source]
    mpirun(ranks, args)
    values = ref.read_tsv(out, fixture.n) if fmt == "tsv" else ref.read_hdf5_values(out)
    with open(report) as f:
        rep = json.load(f)
    what = f"{os.path.basename(fixture.path)} {algo} np={ranks} {' '.join(map(str, extra))}".strip()
    compare(fixture, algo, values, what)
    return rep, out


def make_grid(workdir, side=48):
    """A side x side grid, undirected, integer weights from a fixed pattern."""
    path = os.path.join(workdir, "grid.txt")
    with open(path, "w") as f:
        for r in range(side):
            for c in range(side):
                v = r * side + c
                if c + 1 < side:
                    f.write(f"{v}\t{v + 1}\t{1 + (v * 7) % 13}\n")
                if r + 1 < side:
                    f.write(f"{v}\t{v + side}\t{1 + (v * 11) % 17}\n")
    graph = os.path.join(workdir, "grid.h5")
    mpirun(1, ["convert", "--undirected", path, graph])
    return Fixture(graph, side + 1)


def make_rmat(workdir, scale=12, name="rmat.h5", shards=3, rmat=None):
    """A weighted RMAT graph; `rmat`: the quadrant probabilities "A,B,C" (more skew)."""
    graph = os.path.join(workdir, name)
    mpirun(2, ["generate", "--scale", scale, "--edge-factor", 8, "--seed", 7, "--max-weight", 50,
               "--shards", shards, graph] + (["--rmat", rmat] if rmat else []))
    return Fixture(graph, 1)


ALGOS = ["bfs", "sssp", "sswp", "cc", "pagerank"]
SECTION = ["--section-size", 64]  # more sections than partitions on small graphs


def suite_rmat(workdir):
    g = make_rmat(workdir)
    for ranks in (1, 3):
        for algo in ALGOS:
            run_case(g, algo, ranks, workdir, SECTION)


def suite_grid(workdir):
    g = make_grid(workdir)
    for algo in ALGOS:
        run_case(g, algo, 2, workdir, SECTION)
    run_case(g, "sssp", 3, workdir, SECTION, fmt="hdf5", tag="-h5")


def suite_real(workdir):
    """Real public graphs bundled in data/graphs: the Rome road network (DIMACS, directed,
    weighted) for every algorithm, and the CA-GrQc collaboration network (SNAP)."""
    graphs = os.path.join(os.environ["WG_DATA_DIR"], "graphs")
    rome = os.path.join(workdir, "rome99.h5")
    mpirun(2, ["convert", os.path.join(graphs, "rome99.gr"), rome])
    g = Fixture(rome, 0)  # DIMACS vertex 1 is id 0
    for algo in ALGOS:
        run_case(g, algo, 2, workdir, SECTION)
    run_case(g, "sssp", 4, workdir, SECTION + ["--ranks-per-node", 2], tag="-rpn2")
    grqc = os.path.join(workdir, "grqc.h5")
    mpirun(2, ["convert", os.path.join(graphs, "CA-GrQc.txt"), grqc])
    g = Fixture(grqc, 13)  # the smallest id in use
    for algo in ("bfs", "cc", "pagerank"):
        run_case(g, algo, 3, workdir, ["--devices-per-rank", 2])


def suite_options(workdir):
    g = make_rmat(workdir)
    variants = [
        (2, ["--devices-per-rank", 2]),
        (4, ["--gpus-per-rank", 2]),  # the same option under its Slurm-style name
        (2, ["--balance", "off"]),
        (4, ["--balance", "off"]),
        (2, ["--exchange", "all"]),
        (3, ["--exchange", "vr"]),
        (4, ["--exchange", "targeted", "--devices-per-rank", 2]),
        (4, ["--ranks-per-node", 1]),
        (3, ["--ranks-per-node", 2]),
        (4, ["--overlap", 0]),
        (2, ["--overlap", 1.0]),
    ]
    for ranks, extra in variants:
        for algo in ("bfs", "sssp", "pagerank"):
            run_case(g, algo, ranks, workdir, SECTION + extra, tag="-" + "-".join(map(str, extra)))
    run_case(g, "cc", 4, workdir, SECTION + ["--ranks-per-node", 1, "--devices-per-rank", 2],
             tag="-rpn1dpr2")
    # Targeted sends less than vertex refinement, which sends less than every update (the
    # balancer is off so that the three runs compute the same iterations).
    for algo in ("bfs", "sssp", "pagerank"):
        sent = {}
        for mode in ("targeted", "vr", "all"):
            rep, _ = run_case(g, algo, 4, workdir, SECTION + ["--exchange", mode, "--balance", "off"],
                              tag="-" + mode)
            expect(rep["exchange"] == mode, f"{algo}: the report names exchange {mode}")
            sent[mode] = rep["summary"]["received_bytes"]
        expect(0 < sent["targeted"] < sent["vr"] < sent["all"],
               f"{algo}: bytes received, targeted {sent['targeted']} < vr {sent['vr']} < all {sent['all']}")
    # The balancer moves borders on a changing frontier; every report lists them.
    rep, _ = run_case(g, "bfs", 4, workdir, SECTION, tag="-borders")
    borders = [tuple(it["borders"]) for it in rep["iterations"]]
    expect(len(set(borders)) > 1, "bfs np=4: the sliding balancer changed the borders")
    for b in borders:
        inside = all(r[0] <= b[p] and b[p + 1] <= r[1] for p, r in enumerate(rep["stored_ranges"]))
        expect(inside, f"borders {b} lie inside the stored ranges") if not inside else None
    rep, _ = run_case(g, "bfs", 4, workdir, SECTION + ["--balance", "off"], tag="-fixed")
    expect(len({tuple(it["borders"]) for it in rep["iterations"]}) == 1,
           "bfs np=4 --balance off: borders stay static")


def checkpoint_roundtrip(g, algo, ranks, stop, workdir, extra=()):
    """Stopped by --max-iterations with a checkpoint, then resumed: byte-identical output."""
    extra = list(extra)
    _, full = run_case(g, algo, ranks, workdir, extra, tag="-full")
    name = os.path.splitext(os.path.basename(g.path))[0] + "-" + algo
    ckpt = os.path.join(workdir, f"{name}.ckpt.h5")
    source = ["--source", g.source] if algo in ("bfs", "sssp", "sswp") else []
    common = ["run", "--graph", g.path, "--algo", algo, "--output-format", "tsv"] + source + extra
    mpirun(ranks, common + ["--output", os.path.join(workdir, f"{name}-part.tsv"),
                            "--checkpoint", ckpt, "--max-iterations", stop])
    expect(os.path.exists(ckpt), f"{name}: checkpoint written when --max-iterations stopped")
    resumed = os.path.join(workdir, f"{name}-resumed.tsv")
    mpirun(ranks, common + ["--output", resumed, "--resume", ckpt])
    expect(not os.path.exists(ckpt), f"{name}: the finished run deleted the checkpoint it resumed")
    with open(full, "rb") as a, open(resumed, "rb") as b:
        expect(a.read() == b.read(),
               f"{name} np={ranks}: resumed output equals the full run byte for byte")


def suite_checkpoint(workdir):
    g = make_rmat(workdir)
    for algo, ranks, stop in (("bfs", 2, 2), ("sssp", 3, 3), ("pagerank", 2, 5), ("cc", 4, 1)):
        checkpoint_roundtrip(g, algo, ranks, stop, workdir, SECTION)
    # More partitions than sections: the karate club (34 vertices) on 8 partitions, most
    # of them empty, with HDF5 output and a checkpoint.
    karate = os.path.join(workdir, "karate.h5")
    mpirun(1, ["convert", os.path.join(os.environ["WG_DATA_DIR"], "graphs", "karate.mtx"), karate])
    k = Fixture(karate, 0)
    run_case(k, "pagerank", 4, workdir, ["--devices-per-rank", 2], fmt="hdf5", tag="-tiny")
    checkpoint_roundtrip(k, "bfs", 4, 1, workdir, ["--devices-per-rank", 2])


def suite_signal(workdir):
    """SIGUSR1 during a run: checkpoint, exit 75, and the resumed run ends with the output of
    an uninterrupted one. BFS along a chain of 40000 vertices takes one iteration per hop,
    long enough to be interrupted, and its uninterrupted output is known: vertex v is v hops
    from vertex 0."""
    n = 40000
    chain = os.path.join(workdir, "chain.txt")
    with open(chain, "w") as f:
        f.writelines(f"{v}\t{v + 1}\n" for v in range(n - 1))
    graph = os.path.join(workdir, "chain.h5")
    mpirun(1, ["convert", chain, graph])
    expected = "id\thops\n" + "".join(f"{v}\t{v}\n" for v in range(n))
    common = ["--graph", graph, "--algo", "bfs", "--source", 0] + SECTION
    ckpt = os.path.join(workdir, "sig.ckpt.h5")
    out = os.path.join(workdir, "sig.tsv")
    command = [MPIEXEC, "-n", "2", "--oversubscribe", WARPGRAPH, "run"] + [str(a) for a in common + [
        "--output", out, "--checkpoint", ckpt, "--checkpoint-every", 500]]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 120
    while not os.path.exists(ckpt) and proc.poll() is None and time.time() < deadline:
        time.sleep(0.02)
    expect(proc.poll() is None, "the run is still going when its first checkpoint appears")
    os.remove(ckpt)  # the periodic one; the signal must write a new one
    proc.send_signal(signal.SIGUSR1)
    _, err = proc.communicate(timeout=300)
    expect(proc.returncode == 75, f"SIGUSR1: exit code {proc.returncode} == 75")
    expect("resume with --resume" in err, "SIGUSR1: the log says how to resume")
    expect(os.path.exists(ckpt) and not os.path.exists(out), "SIGUSR1: checkpoint written, no output")
    resumed = mpirun(2, ["run"] + common + ["--output", out, "--resume", ckpt])
    expect("resuming from" in resumed.stderr, "the resumed run starts from the checkpoint")
    with open(out) as f:
        expect(f.read() == expected, "SIGUSR1 then --resume: output equals the uninterrupted run")


def suite_pagerank(workdir):
    """The default stopping rule against scipy power iteration run to 1e-12, on an RMAT graph
    of scale WG_PAGERANK_SCALE (default 18: 262,144 vertices, where the networkx rule
    stops after two iterations far from the converged ranks)."""
    scale = int(os.environ.get("WG_PAGERANK_SCALE", "18"))
    graph = os.path.join(workdir, f"rmat{scale}.h5")
    mpirun(2, ["generate", "--scale", scale, "--edge-factor", 16, "--seed", 1, "--undirected",
               graph])
    _, counts, _ = ref.load_graph(graph)
    want = ref.pagerank_power(counts, tol=1e-12)
    runs = {}
    for ranks, rule in ((2, []), (3, ["--tolerance-rule", "networkx"])):
        out = os.path.join(workdir, f"pr-{ranks}.h5")
        report = out + ".json"
        mpirun(ranks, ["run", "--graph", graph, "--algo", "pagerank", "--output", out,
                       "--report", report] + rule)
        with open(report) as f:
            rep = json.load(f)
        error = float(np.abs(ref.read_hdf5_values(out) - want).sum())
        runs[rep["tolerance_rule"]] = (error, rep)
    error, rep = runs["error"]
    iterations = rep["summary"]["iterations"]
    expect(error < 1e-6, f"RMAT {scale} PageRank, default rule: L1 error {error:.2e} < 1e-6 "
           f"after {iterations} iterations")
    last = rep["iterations"][-1]["change"]
    expect(0.85 / 0.15 * last < 1e-6 and last < rep["change_threshold"],
           f"the report's last change {last:.2e} bounds the error below 1e-6")
    error, rep = runs["networkx"]
    expect(rep["summary"]["iterations"] < iterations and error > 1e-6,
           f"--tolerance-rule networkx stops after {rep['summary']['iterations']} iterations, "
           f"L1 error {error:.2e}")


def suite_results(workdir):
    """Result files: TSV header, HDF5 integer hops and labels with an ids dataset and str
    attributes, a warning when nothing is written, and checkpoints deleted when finished."""
    g = make_rmat(workdir)
    for algo, dtype, name in (("bfs", np.int64, "hops"), ("cc", np.int64, "component"),
                              ("sssp", np.float64, "distance"), ("pagerank", np.float64, "rank")):
        _, out = run_case(g, algo, 2, workdir, fmt="hdf5")
        with h5py.File(out, "r") as f:
            values = f["values"]
            expect(values.dtype == dtype, f"{algo}: HDF5 values are {values.dtype} ({dtype.__name__})")
            attrs = dict(f.attrs)
        expect(isinstance(attrs.get("algorithm"), str) and attrs["algorithm"] == algo
               and attrs.get("value") == name and isinstance(attrs.get("graph"), str),
               f"{algo}: string attributes read as str ({attrs})")
        has_source = algo in ("bfs", "sssp")
        expect(("source" in attrs) == has_source,
               f"{algo}: a source attribute {'present' if has_source else 'absent'}")
        _, out = run_case(g, algo, 3, workdir, fmt="tsv")
        with open(out) as f:
            header = f.readline()
        expect(header == f"id\t{name}\n", f"{algo}: TSV header {header!r}")
    # Unreached vertices are -1 in the integer hops.
    with h5py.File(os.path.join(workdir, "bfs-2.h5"), "r") as f:
        hops = f["values"][:]
    unreached = np.isinf(g.expected("bfs"))
    expect(unreached.any() and np.array_equal(hops < 0, unreached),
           f"bfs: the {unreached.sum()} unreached vertices are -1")

    quiet = mpirun(2, ["run", "--graph", g.path, "--algo", "cc"])
    expect(quiet.stderr.count("no --output") == 1, "a run without --output warns once")

    ckpt = os.path.join(workdir, "finished.ckpt.h5")
    done = mpirun(2, ["run", "--graph", g.path, "--algo", "bfs", "--source", g.source,
                      "--output", os.path.join(workdir, "finished.tsv"), "--checkpoint", ckpt,
                      "--checkpoint-every", 1])
    expect("checkpoint after iteration 1" in done.stderr and not os.path.exists(ckpt),
           "a finished run deletes the checkpoints it wrote")
    default_ckpt = os.path.join(workdir, "default.tsv.ckpt.h5")
    mpirun(2, ["run", "--graph", g.path, "--algo", "cc", "--output",
               os.path.join(workdir, "default.tsv"), "--checkpoint-every", 1])
    expect(not os.path.exists(default_ckpt), "... also under its default name OUTPUT.ckpt.h5")


# Each partition layout the newer programs are checked under: 1-4 ranks, and two
# partitions per rank.
LAYOUTS = [(1, []), (2, []), (3, []), (4, []), (2, ["--devices-per-rank", 2])]
FEW_LAYOUTS = [(1, []), (3, ["--devices-per-rank", 2])]  # for the further graphs
ONE_LAYOUT = [(3, ["--devices-per-rank", 2])]


def real_graph(workdir, name, directed_ok=True):
    """A bundled graph of data/graphs converted to HDF5 (once per work folder)."""
    path = os.path.join(workdir, os.path.splitext(name)[0] + ".h5")
    if not os.path.exists(path):
        mpirun(1, ["convert", os.path.join(os.environ["WG_DATA_DIR"], "graphs", name), path])
    return path


def random_graph(workdir, n, m, seed, directed, name):
    """A G(n, m) random graph without self-loops or parallel edges (networkx), converted."""
    import networkx as nx
    g = nx.gnm_random_graph(n, m, seed=seed, directed=directed)
    text = os.path.join(workdir, name + ".txt")
    with open(text, "w") as f:
        f.writelines(f"{u}\t{v}\n" for u, v in g.edges())
    path = os.path.join(workdir, name + ".h5")
    mpirun(1, ["convert"] + ([] if directed else ["--undirected"]) + [text, path])
    return path


def run_values(path, algo, ranks, out, extra=()):
    mpirun(ranks, ["run", "--graph", path, "--algo", algo, "--output", out] + list(extra))
    return out


def suite_ppr(workdir):
    """Personalized PageRank against networkx.pagerank(personalization=...): a weights file
    on an RMAT graph (dangling vertices), the Rome road network and the karate club, and
    --source; under the default rule to 1e-6 in L1 of the converged ranks, and under
    --tolerance-rule networkx equal to networkx's own stopping point."""
    cases = [(make_rmat(workdir, scale=10).path, 5), (real_graph(workdir, "rome99.gr"), 3),
             (real_graph(workdir, "karate.mtx"), 1)]
    for path, step in cases:
        _, counts, _ = ref.load_graph(path)
        n = counts.shape[0]
        weights = {v: float(1 + v % 7) / 4 for v in range(0, n, step)}
        file = os.path.join(workdir, os.path.basename(path) + ".weights")
        with open(file, "w") as f:
            f.write("# vertex weight\n\n")
            f.writelines(f"{v}\t{w!r}\n" for v, w in weights.items())
        converged = ref.personalized_pagerank(counts, weights, tol=1e-13 / n)
        name = os.path.basename(path)
        for ranks, extra in LAYOUTS if path == cases[0][0] else FEW_LAYOUTS:
            out = run_values(path, "ppr", ranks, os.path.join(workdir, f"ppr-{ranks}.tsv"),
                             SECTION + extra + ["--personalization", file])
            error = float(np.abs(ref.read_tsv(out, n) - converged).sum())
            expect(error < 1e-6, f"{name} ppr np={ranks} {' '.join(map(str, extra))}: "
                   f"L1 error {error:.2e} < 1e-6")
        nx_rule = ref.personalized_pagerank(counts, weights, tol=1e-6)
        out = run_values(path, "ppr", 3, os.path.join(workdir, "ppr-nx.h5"),
                         ["--personalization", file, "--tolerance-rule", "networkx"])
        error = float(np.abs(ref.read_hdf5_values(out) - nx_rule).max())
        expect(error < 1e-12, f"{name} ppr --tolerance-rule networkx: stops where networkx "
               f"stops (max difference {error:.1e})")
        source = max(weights)
        out = run_values(path, "ppr", 2, os.path.join(workdir, "ppr-source.tsv"),
                         ["--source", source, "--devices-per-rank", 2])
        error = float(np.abs(ref.read_tsv(out, n) - ref.personalized_pagerank(
            counts, {source: 1.0}, tol=1e-13 / n)).sum())
        expect(error < 1e-6, f"{name} ppr --source {source}: L1 error {error:.2e} < 1e-6")
    # Uniform weights are plain PageRank.
    path = cases[0][0]
    _, counts, _ = ref.load_graph(path)
    uniform = os.path.join(workdir, "uniform.weights")
    with open(uniform, "w") as f:
        f.writelines(f"{v} 2.5\n" for v in range(counts.shape[0]))
    out = run_values(path, "ppr", 2, os.path.join(workdir, "ppr-uniform.tsv"),
                     ["--personalization", uniform])
    error = float(np.abs(ref.read_tsv(out, counts.shape[0]) - ref.pagerank(counts)).sum())
    expect(error < 1e-6, f"ppr with uniform weights equals pagerank (L1 {error:.2e})")
    # Bad weight files: one clear message naming file and line, no output.
    bad = {"fields": ("0 1\n1\n", ":2: expected `vertex weight`"),
           "vertex": ("0 1\n99999 1\n", ":2: 99999 is not a vertex"),
           "negative": ("0 1\n\n1 -2\n", ":3: weight -2 is not a finite number >= 0"),
           "number": ("0 x\n", ":1: weight x is not"),
           "twice": ("# c\n0 1\n0 2\n", ":3: vertex 0 is listed twice (first on line 2)"),
           "zero": ("0 0\n1 0\n", "the weights sum to 0")}
    for what, (text, message) in bad.items():
        file = os.path.join(workdir, f"bad-{what}.weights")
        with open(file, "w") as f:
            f.write(text)
        out = os.path.join(workdir, "bad.tsv")
        result = mpirun(1, ["run", "--graph", path, "--algo", "ppr", "--personalization", file,
                            "--output", out], check=False)
        wanted = file + message if message.startswith(":") else message
        expect(result.returncode != 0 and wanted in result.stderr and not os.path.exists(out),
               f"ppr with a bad weights file ({what}): fails with '{message}'")
    for args, message in ((["--personalization", uniform, "--source", 0], "either"),
                          ([], "either"),
                          (["--personalization", os.path.join(workdir, "none")], "cannot read")):
        result = mpirun(1, ["run", "--graph", path, "--algo", "ppr"] + args, check=False)
        expect(result.returncode != 0 and message in result.stderr,
               f"ppr {' '.join(map(str, args))}: fails with '{message}'")
    result = mpirun(1, ["run", "--graph", path, "--algo", "pagerank", "--personalization",
                        uniform], check=False)
    expect(result.returncode != 0 and "only ppr" in result.stderr,
           "pagerank refuses --personalization")


def suite_kcore(workdir):
    """Core numbers against networkx.core_number: karate, the CA-GrQc collaboration
    network, the Rome road network (directed: networkx's DiGraph convention) and G(n, m)
    random graphs, directed and undirected."""
    graphs = [real_graph(workdir, "karate.mtx"), real_graph(workdir, "CA-GrQc.txt"),
              real_graph(workdir, "rome99.gr"),
              random_graph(workdir, 3000, 24000, 5, False, "gnm"),
              random_graph(workdir, 2000, 30000, 6, True, "gnm-directed")]
    for path in graphs:
        matrix, _, _ = ref.load_graph(path)
        want = ref.core_numbers(matrix, ref.is_directed(path))
        for ranks, extra in LAYOUTS if path == graphs[1] else FEW_LAYOUTS:
            out = run_values(path, "kcore", ranks, os.path.join(workdir, f"kcore-{ranks}.tsv"),
                             SECTION + extra)
            got = ref.read_tsv(out, matrix.shape[0])
            bad = np.flatnonzero(got != want)
            expect(len(bad) == 0, f"{os.path.basename(path)} kcore np={ranks} "
                   f"{' '.join(map(str, extra))}: equals networkx.core_number (max core "
                   f"{int(want.max())})" + (f", first mismatch at {bad[0]}" if len(bad) else ""))
    out = run_values(graphs[1], "kcore", 2, os.path.join(workdir, "kcore.h5"))
    with h5py.File(out, "r") as f:
        expect(f["values"].dtype == np.int64 and f.attrs["value"] == "core",
               "kcore HDF5: int64 core numbers")


def suite_ssnsp(workdir):
    """Shortest-path counts against exact Python-integer counts over scipy BFS levels: an
    RMAT graph (parallel edges count), the weighted grid (weights ignored: hop paths), the
    Rome road network, under push, pull and auto (all pull) and every layout; then a chain
    of 40 triple diamonds (3^40 paths: beyond float64's exact integers and int64) and of 41
    (beyond 2^64: saturated, with a warning)."""
    cases = [make_rmat(workdir, scale=11), make_grid(workdir, side=24),
             Fixture(real_graph(workdir, "rome99.gr"), 0)]
    for g in cases:
        want = ref.shortest_path_counts(g.counts, int(g.source))
        layouts = LAYOUTS if g is cases[0] else FEW_LAYOUTS
        for ranks, extra in layouts + [(2, ["--direction", "push"]), (3, ["--direction", "pull"])]:
            out = run_values(g.path, "ssnsp", ranks, os.path.join(workdir, f"ssnsp-{ranks}.tsv"),
                             SECTION + extra + ["--source", g.source])
            header, rows = ref.read_tsv_columns(out)
            got = [int(r[1]) for r in rows]
            expect(header == ["id", "paths"] and got == want,
                   f"{os.path.basename(g.path)} ssnsp np={ranks} {' '.join(map(str, extra))}: "
                   f"exact counts (largest {max(want)})")
    for stages, saturated in ((40, False), (41, True)):
        text = os.path.join(workdir, f"diamonds{stages}.txt")
        with open(text, "w") as f:
            for s in range(stages):  # hub 4s, middles 4s+1..4s+3, next hub 4s+4
                for k in (1, 2, 3):
                    f.write(f"{4 * s}\t{4 * s + k}\n{4 * s + k}\t{4 * s + 4}\n")
        path = os.path.join(workdir, f"diamonds{stages}.h5")
        mpirun(1, ["convert", text, path])
        for fmt in ("tsv", "h5"):
            out = os.path.join(workdir, f"diamonds{stages}-paths.{fmt}")
            result = mpirun(2, ["run", "--graph", path, "--algo", "ssnsp", "--source", 0,
                                "--output", out])
            if fmt == "tsv":
                last = int(ref.read_tsv_columns(out)[1][4 * stages][1])
            else:
                with h5py.File(out, "r") as f:
                    expect(f["values"].dtype == np.uint64, "ssnsp HDF5 counts are uint64")
                    last = int(f["values"][4 * stages])
            want = 2 ** 64 - 1 if saturated else 3 ** stages
            expect(last == want and ("saturated" in result.stderr) == saturated,
                   f"{stages} triple diamonds ({fmt}): {last} paths == {want}"
                   + (", with a warning" if saturated else ""))


def suite_predecessors(workdir):
    """--predecessors for BFS and SSSP: each predecessor lies on a shortest path
    (dist[pred] + w(pred, v) == dist[v] by scipy's distances), is the smallest such
    in-neighbour, the source's is itself and unreached vertices have -1; TSV and HDF5."""
    cases = [make_rmat(workdir, scale=11), Fixture(real_graph(workdir, "rome99.gr"), 0)]
    for g in cases:
        incoming = g.matrix.tocsc()
        for algo in ("bfs", "sssp"):
            dist = g.expected(algo)
            weights = incoming if algo == "sssp" else (incoming > 0).astype(np.float64)
            want = np.full(g.n, -1)
            for v in np.flatnonzero(np.isfinite(dist)):
                rows = weights.indices[weights.indptr[v]:weights.indptr[v + 1]]
                w = weights.data[weights.indptr[v]:weights.indptr[v + 1]]
                on_path = rows[np.isclose(dist[rows] + w, dist[v], rtol=1e-12, atol=0)]
                want[v] = on_path.min() if len(on_path) else -1
            want[int(g.source)] = int(g.source)
            for ranks, extra in LAYOUTS if g is cases[0] else FEW_LAYOUTS:
                fmt = "hdf5" if ranks == 3 else "tsv"
                out = os.path.join(workdir, f"pred-{algo}-{ranks}.{fmt}")
                mpirun(ranks, ["run", "--graph", g.path, "--algo", algo, "--source", g.source,
                               "--predecessors", "--output", out, "--output-format", fmt]
                       + SECTION + extra)
                if fmt == "tsv":
                    header, rows = ref.read_tsv_columns(out)
                    got = np.array([int(r[2]) for r in rows])
                    ok = header[2] == "predecessor"
                else:
                    with h5py.File(out, "r") as f:
                        got = f["predecessors"][:]
                    ok = True
                bad = np.flatnonzero(got != want)
                expect(ok and len(bad) == 0,
                       f"{os.path.basename(g.path)} {algo} --predecessors np={ranks} "
                       f"{' '.join(map(str, extra))} ({fmt}): smallest shortest-path in-neighbours"
                       + (f"; first mismatch at {bad[0]}: {got[bad[0]]} vs {want[bad[0]]}"
                          if len(bad) else ""))
    result = mpirun(1, ["run", "--graph", cases[0].path, "--algo", "cc", "--predecessors"],
                    check=False)
    expect(result.returncode != 0 and "only --algo bfs and sssp" in result.stderr,
           "cc refuses --predecessors")


def read_float_tsv(path, n):
    header, rows = ref.read_tsv_columns(path)
    values = np.array([float(r[1]) for r in rows])
    assert len(values) == n and [int(r[0]) for r in rows] == list(range(n))
    return header, values


def suite_bc(workdir):
    """Betweenness centrality against networkx: from all sources on the karate club
    (undirected: networkx halves; every layout), the west0067 matrix (directed), the
    weighted grid and the
    Rome road network (weights ignored, as networkx's default weight=None) and G(n, m)
    random graphs, directed and undirected; a file of sources, a sample of N and --source
    against betweenness_centrality_subset; then the option errors."""
    karate, west = real_graph(workdir, "karate.mtx"), real_graph(workdir, "west0067.mtx")
    rome = real_graph(workdir, "rome99.gr")
    grid = make_grid(workdir, side=10).path
    # All sources cost two phases per vertex: several ranks on the smallest graphs only.
    cases = [(karate, LAYOUTS), (west, [(2, ["--devices-per-rank", 2])]), (grid, [(1, [])]),
             (random_graph(workdir, 150, 600, 8, True, "gnm-directed"), [(1, [])]),
             (random_graph(workdir, 120, 360, 9, False, "gnm"), [(1, [])])]
    for path, layouts in cases:
        _, counts, weighted = ref.load_graph(path)
        n = counts.shape[0]
        want = ref.betweenness(counts, ref.is_directed(path))
        for ranks, extra in layouts:
            out = run_values(path, "bc", ranks, os.path.join(workdir, f"bc-{ranks}.tsv"),
                             SECTION + extra)
            header, got = read_float_tsv(out, n)
            error = float(np.abs(got - want).max())
            expect(header == ["id", "betweenness"] and np.allclose(got, want, rtol=1e-9, atol=1e-9),
                   f"{os.path.basename(path)} bc np={ranks} {' '.join(map(str, extra))}"
                   f"{' (weighted file)' if weighted else ''}: equals networkx "
                   f"(max {want.max():.1f}, max difference {error:.1e})")
    _, counts, _ = ref.load_graph(rome)
    sources = [0, 17, 123, 999, 2000, 3352]
    file = os.path.join(workdir, "sources.txt")
    with open(file, "w") as f:
        f.write("# sources\n\n" + "".join(f"{s}\n" for s in sources))
    want = ref.betweenness(counts, True, sources)
    for ranks, extra in ((1, []), (2, ["--devices-per-rank", 2])):
        out = run_values(rome, "bc", ranks, os.path.join(workdir, f"bc-file-{ranks}.h5"),
                         SECTION + extra + ["--bc-sources", file])
        got = ref.read_hdf5_values(out)
        expect(np.allclose(got, want, rtol=1e-9, atol=1e-9),
               f"rome99 bc --bc-sources FILE np={ranks}: equals betweenness_centrality_subset "
               f"(max difference {float(np.abs(got - want).max()):.1e})")
    _, counts, _ = ref.load_graph(karate)
    report = os.path.join(workdir, "bc-sample.json")
    out = run_values(karate, "bc", 2, os.path.join(workdir, "bc-sample.tsv"),
                     ["--bc-sources", 5, "--seed", 3, "--report", report])
    with open(report) as f:
        picked = json.load(f)["bc"]["sources"]["vertices"]
    got = read_float_tsv(out, counts.shape[0])[1]
    expect(len(set(picked)) == 5 and np.allclose(got, ref.betweenness(counts, False, picked)),
           f"karate bc --bc-sources 5: the 5 sampled sources {picked} give "
           "betweenness_centrality_subset")
    out = run_values(karate, "bc", 3, os.path.join(workdir, "bc-one.tsv"), ["--source", 33])
    expect(np.allclose(read_float_tsv(out, counts.shape[0])[1],
                       ref.betweenness(counts, False, [33])), "karate bc --source 33: one source")
    bad = {"missing": (["--bc-sources", os.path.join(workdir, "none.txt")], "cannot read"),
           "zero": (["--bc-sources", 0], "at least one source"),
           "many": (["--bc-sources", 35], "only 34 vertices with out-edges"),
           "both": (["--bc-sources", "all", "--source", 1], "not both"),
           "resume": (["--max-iterations", 3], "keeps no checkpoints")}
    for name, text in (("vertex", "1\n77\n"), ("twice", "1\n2\n1\n"), ("empty", "# none\n")):
        path = os.path.join(workdir, f"bad-{name}.txt")
        with open(path, "w") as f:
            f.write(text)
        bad[name] = (["--bc-sources", path], {"vertex": path + ":2: 77 is not a vertex",
                                              "twice": path + ":3: vertex 1 is listed twice",
                                              "empty": "lists no vertex"}[name])
    for name, (args, message) in bad.items():
        out = os.path.join(workdir, "bad.tsv")
        result = mpirun(2, ["run", "--graph", karate, "--algo", "bc", "--output", out] + args,
                        check=False)
        expect(result.returncode != 0 and message in result.stderr and not os.path.exists(out),
               f"bc {' '.join(map(str, args))}: fails with '{message}'")
    result = mpirun(1, ["run", "--graph", karate, "--algo", "bfs", "--source", 0,
                        "--bc-sources", "all"], check=False)
    expect(result.returncode != 0 and "only --algo bc" in result.stderr,
           "bfs refuses --bc-sources")


def suite_scc(workdir):
    """Strongly connected components against networkx (labels: the smallest id of the
    component): the p2p-Gnutella08 network (every layout), an RMAT graph and G(n, m) random
    graphs, sparse (many components) and dense; an undirected graph (its connected
    components); TSV and HDF5."""
    gnutella = real_graph(workdir, "p2p-Gnutella08.txt.gz")
    cases = [gnutella, make_rmat(workdir, scale=10).path,
             random_graph(workdir, 2000, 2600, 11, True, "gnm-sparse"),
             random_graph(workdir, 500, 4000, 12, True, "gnm-dense"),
             random_graph(workdir, 500, 400, 13, False, "gnm-undirected")]
    for path in cases:
        _, counts, _ = ref.load_graph(path)
        want = ref.strong_components(counts)
        for ranks, extra in LAYOUTS if path == gnutella else ONE_LAYOUT:
            fmt = "hdf5" if ranks == 4 else "tsv"
            out = os.path.join(workdir, f"scc-{ranks}.{fmt}")
            run_values(path, "scc", ranks, out, SECTION + extra + ["--output-format", fmt])
            got = ref.read_hdf5_values(out) if fmt == "hdf5" else ref.read_tsv(out, len(want))
            bad = np.flatnonzero(got != want)
            expect(len(bad) == 0, f"{os.path.basename(path)} scc np={ranks} "
                   f"{' '.join(map(str, extra))} ({fmt}): equals networkx "
                   f"({len(set(want.tolist()))} components)"
                   + (f"; first mismatch at {bad[0]}: {got[bad[0]]} vs {want[bad[0]]}"
                      if len(bad) else ""))
    result = mpirun(1, ["run", "--graph", gnutella, "--algo", "scc", "--source", 0], check=False)
    expect(result.returncode != 0 and "takes no source" in result.stderr,
           "scc refuses --source")


def signed_graph(workdir, n, m, seed, name):
    """A directed G(n, m) random graph with weights in [-0.5, 0.5): excitatory and
    inhibitory synapses for nn."""
    import networkx as nx
    g = nx.gnm_random_graph(n, m, seed=seed, directed=True)
    rng = np.random.default_rng(seed)
    text = os.path.join(workdir, name + ".txt")
    with open(text, "w") as f:
        f.writelines(f"{u}\t{v}\t{w:.6f}\n"
                     for (u, v), w in zip(g.edges(), rng.uniform(-0.5, 0.5, g.number_of_edges())))
    path = os.path.join(workdir, name + ".h5")
    mpirun(1, ["convert", text, path])
    return path


def suite_cusha(workdir):
    """CuSha's circuit (cs), heat (hs) and neural-network (nn) simulations against NumPy
    iterations of the same formulas (graph_reference.cusha_simulation): the weighted RMAT
    graph (every layout), the weighted grid, the Rome road network, the karate club and
    CA-GrQc (unweighted: weight 1), and for nn a random graph with inhibitory weights;
    the iteration counts must agree too. Then the HDF5 values and the option errors."""
    rmat, grid = make_rmat(workdir, scale=10), make_grid(workdir, side=24)
    rome, karate = real_graph(workdir, "rome99.gr"), real_graph(workdir, "karate.mtx")
    collaboration = real_graph(workdir, "CA-GrQc.txt")
    busiest = int(np.argmax(np.diff(ref.load_graph(collaboration)[0].indptr)))  # ids are rows
    cases = [(rmat.path, rmat.source, LAYOUTS), (grid.path, grid.source, FEW_LAYOUTS),
             (rome, 5, FEW_LAYOUTS), (karate, 0, FEW_LAYOUTS),
             (collaboration, busiest, ONE_LAYOUT)]
    runs = [(algo, path, source, layouts) for path, source, layouts in cases
            for algo in ("cs", "hs", "nn")]
    runs.append(("nn", signed_graph(workdir, 1500, 9000, 11, "signed"), None, FEW_LAYOUTS))
    for algo, path, source, layouts in runs:
        want, want_iterations = ref.cusha_simulation(algo, path, source)
        name = os.path.basename(path)
        for ranks, extra in layouts:
            out = os.path.join(workdir, f"{algo}-{ranks}.tsv")
            args = SECTION + extra + ["--report", out + ".json"]
            if algo != "nn":
                args += ["--source", source]
            got = ref.read_tsv(run_values(path, algo, ranks, out, args), len(want))
            with open(out + ".json") as f:
                iterations = json.load(f)["summary"]["iterations"]
            error = float(np.abs(got - want).max())
            expect(error < 1e-12 and iterations == want_iterations,
                   f"{name} {algo} np={ranks} {' '.join(map(str, extra))}: max difference "
                   f"{error:.1e} from NumPy, {iterations} iterations (NumPy {want_iterations}), "
                   f"values {want.min():.3g} to {want.max():.3g}")
    for algo, value in (("cs", "voltage"), ("hs", "temperature"), ("nn", "activation")):
        out = run_values(rmat.path, algo, 2, os.path.join(workdir, f"{algo}.h5"),
                         [] if algo == "nn" else ["--source", rmat.source])
        with h5py.File(out, "r") as f:
            expect(f["values"].dtype == np.float64 and f.attrs["value"] == value,
                   f"{algo} HDF5: float64 {value}s")
    negative = real_graph(workdir, "west0067.mtx")
    for args, message in ((["--algo", "cs"], "needs --source"),
                          (["--algo", "hs"], "needs --source"),
                          (["--algo", "cs", "--sample-sources", 4], "runs from one --source"),
                          (["--algo", "cs", "--source", 0, "--graph", negative],
                           "--algo cs needs weights >= 0"),
                          (["--algo", "hs", "--source", 0, "--graph", negative],
                           "--algo hs needs weights >= 0")):
        graph = [] if "--graph" in args else ["--graph", rmat.path]
        result = mpirun(1, ["run"] + graph + args, check=False)
        expect(result.returncode != 0 and message in result.stderr,
               f"{' '.join(map(str, args))}: fails with '{message}'")


def suite_split(workdir):
    """Tigr's virtual split (--split K|auto) gives the results of no split: every basic
    algorithm against its reference on a heavily skewed RMAT graph (a = 0.7) for every
    layout, with K from 1 (every edge its own virtual node) to beyond the largest degree,
    and in forced push and pull; then every other program, compared value for value with
    its run without the split (integer programs exactly, floating-point ones to 1e-12);
    the report's K and virtual nodes; the option errors."""
    g = make_rmat(workdir, scale=11, name="skewed.h5", rmat="0.7,0.1,0.1")
    degrees = np.diff(g.matrix.tocsc().indptr)
    bounds = ["1", "3", "auto", "16", str(int(degrees.max()) + 1)]
    case = 0
    for ranks, extra in LAYOUTS:
        for algo in ALGOS:
            k = bounds[case % len(bounds)]
            case += 1
            rep, _ = run_case(g, algo, ranks, workdir, SECTION + extra + ["--split", k],
                              tag=f"-split{k}")
            walk = rep["partition_walk"]
            expect(all(w["split"] > 0 and w["virtual_nodes"] > 0 for w in walk),
                   f"{algo} np={ranks} --split {k}: the report gives K and the virtual nodes")
    for algo, direction in (("bfs", "push"), ("sssp", "push"), ("sswp", "pull"), ("cc", "pull")):
        run_case(g, algo, 2, workdir, SECTION + ["--split", "2", "--direction", direction],
                 tag=f"-split-{direction}")
    rep, _ = run_case(g, "bfs", 1, workdir, ["--split", "4"], tag="-split-table")
    families = np.maximum(1, -(-degrees // 4))  # ceil(d / 4), at least 1
    expect(rep["partition_walk"][0]["virtual_nodes"] == int(families.sum()),
           f"--split 4: {int(families.sum())} virtual nodes, one per 4 in-edges and row")
    unweighted = real_graph(workdir, "CA-GrQc.txt")
    others = [("kcore", unweighted, []), ("ssnsp", g.path, ["--source", g.source]),
              ("bc", real_graph(workdir, "karate.mtx"), ["--bc-sources", "all"]),
              ("scc", g.path, []), ("ppr", g.path, ["--source", g.source]),
              ("cs", g.path, ["--source", g.source]), ("hs", g.path, ["--source", g.source]),
              ("nn", g.path, []), ("bfs", unweighted, ["--source", 0, "--predecessors"])]
    for algo, path, extra in others:
        for ranks, layout in ((1, []), (3, ["--devices-per-rank", 2])):
            want = run_values(path, algo, ranks, os.path.join(workdir, f"{algo}-off.tsv"),
                              SECTION + layout + extra)
            got = run_values(path, algo, ranks, os.path.join(workdir, f"{algo}-split.tsv"),
                             SECTION + layout + extra + ["--split", "2"])
            _, a = ref.read_tsv_columns(want)
            _, b = ref.read_tsv_columns(got)
            a, b = np.array(a, dtype=float), np.array(b, dtype=float)
            floating = algo in ("bc", "ppr", "cs", "hs", "nn")
            same = (np.allclose(a, b, rtol=1e-12, atol=1e-15) if floating
                    else np.array_equal(a, b))
            expect(same, f"{algo} np={ranks} {' '.join(map(str, layout))}: --split 2 gives the values "
                   f"of no split" + (" (to 1e-12)" if floating else " (exactly)"))
    for args, message in ((["--split", "0"], "--split 0"), (["--split", "x"], "--split x"),
                          (["--split", "4", "--kernel", "ws"], "leave --kernel auto")):
        result = mpirun(1, ["run", "--graph", g.path, "--algo", "bfs", "--source", 1] + args,
                        check=False)
        expect(result.returncode != 0 and message in result.stderr,
               f"{' '.join(args)}: fails with '{message}'")


GROUP_RATIOS = [2, 4, 32, 64]


def read_text(path):
    with open(path) as f:
        return f.read()


def group_against_exact(g, layouts, workdir):
    """For every r, bfs, sssp, sswp and cc on fixture g, under each layout, give the
    reference's values, byte for byte those of the run without grouping, in as many
    iterations as it takes pulling every iteration (grouped runs always pull); the report's
    activation edges shrink as r grows, grouped runs count their redundant vertices, exact
    activation counts none."""
    name = os.path.basename(g.path)
    for algo in ("bfs", "sssp", "sswp", "cc"):
        for ranks, extra in layouts:
            layout = f"np={ranks} {' '.join(map(str, extra))}".strip()
            exact_rep, exact_out = run_case(g, algo, ranks, workdir,
                                            SECTION + extra + ["--direction", "pull"],
                                            tag="-exact")
            exact = read_text(exact_out)
            edges = [w["activation_edges"] for w in exact_rep["partition_walk"]]
            expect(exact_rep["summary"]["redundant"] == 0
                   and all(w["group"] == 1 for w in exact_rep["partition_walk"]),
                   f"{name} {algo} {layout}: exact activation, no redundant vertex")
            for r in GROUP_RATIOS:
                rep, out = run_case(g, algo, ranks, workdir, SECTION + extra + ["--group", r],
                                    tag=f"-group{r}")
                walk = rep["partition_walk"]
                smaller = [w["activation_edges"] for w in walk]
                expect(read_text(out) == exact
                       and rep["summary"]["iterations"] == exact_rep["summary"]["iterations"],
                       f"{name} {algo} {layout} --group {r}: the values and iterations of "
                       "exact activation")
                expect(all(w["group"] == r for w in walk)
                       and all(s <= e for s, e in zip(smaller, edges))
                       and rep["direction"] == "pull"
                       and all(it["pull_partitions"] == rep["partitions"]
                               for it in rep["iterations"])
                       and all("redundant" in it for it in rep["iterations"]),
                       f"{name} {algo} {layout} --group {r}: activation edges {smaller} "
                       f"(previous ratio {edges}), every iteration pulled, "
                       f"{rep['summary']['redundant']} redundant vertices")
                edges = smaller
                if r == GROUP_RATIOS[-1] and ranks == 1:
                    expect(rep["summary"]["redundant"] > 0,
                           f"{name} {algo} --group {r}: redundant vertices counted "
                           f"({rep['summary']['redundant']}), the sum of the iterations' "
                           f"({sum(it['redundant'] for it in rep['iterations'])})")
                    expect(rep["summary"]["redundant"]
                           == sum(it["redundant"] for it in rep["iterations"]),
                           f"{name} {algo} --group {r}: the summary sums the iterations")


def suite_group(workdir):
    """--group r (KiTES vertex grouping) against exact activation on an RMAT graph under every
    layout (1-4 ranks, two partitions per rank); the activation edges of one partition by
    ratio; --group auto on the host backend."""
    rmat = make_rmat(workdir)
    group_against_exact(rmat, LAYOUTS, workdir)
    # On one partition the activation edges shrink strictly with r (the RMAT graph).
    sizes = []
    for r in [1] + GROUP_RATIOS:
        rep, _ = run_case(rmat, "bfs", 1, workdir, ["--group", "off" if r == 1 else r],
                          tag=f"-size{r}")
        sizes.append(rep["partition_walk"][0]["activation_edges"])
    expect(all(a > b for a, b in zip(sizes, sizes[1:])),
           f"rmat bfs np=1: activation edges {sizes} shrink as r grows (1, 2, 4, 32, 64)")

    # auto is no grouping on the host, and means none for all-active programs.
    rep, _ = run_case(rmat, "pagerank", 2, workdir, ["--group", "auto"], tag="-auto")
    expect(all(w["group"] == 1 for w in rep["partition_walk"]),
           "pagerank --group auto: no grouping")
    rep, _ = run_case(rmat, "bfs", 2, workdir, ["--group", "auto"], tag="-auto")
    expect(all(w["group"] == 1 for w in rep["partition_walk"]),
           "bfs --group auto on the host backend: no grouping")


def suite_group_more(workdir):
    """--group r on the Rome road network (bfs, sssp, sswp, cc), and for ssnsp, bc and scc
    (whose pull-only phases keep exact activation) on smaller graphs."""
    group_against_exact(Fixture(real_graph(workdir, "rome99.gr"), 0), FEW_LAYOUTS, workdir)

    def same_as_exact(path, algo, ranks, extra, check):
        tag = f"{algo}-{ranks}{'-'.join(map(str, extra))}"
        exact = read_text(run_values(path, algo, ranks, os.path.join(workdir, f"{tag}.tsv"),
                                     SECTION + extra))
        check(exact)
        for r in GROUP_RATIOS:
            report = os.path.join(workdir, f"{tag}-{r}.json")
            out = run_values(path, algo, ranks, os.path.join(workdir, f"{tag}-{r}.tsv"),
                             SECTION + extra + ["--group", r, "--report", report])
            expect(read_text(out) == exact,
                   f"{os.path.basename(path)} {algo} np={ranks} {' '.join(map(str, extra))} "
                   f"--group {r}: the values of exact activation")
            with open(report) as f:
                yield r, json.load(f)

    small = make_rmat(workdir, scale=11, name="rmat11.h5")
    want = ref.shortest_path_counts(small.counts, int(small.source))
    for ranks, extra in FEW_LAYOUTS:
        def counts_ok(text):
            got = [int(line.split("\t")[1]) for line in text.splitlines()[1:]]
            expect(got == want, f"rmat11 ssnsp np={ranks}: exact counts")
        for _ in same_as_exact(small.path, "ssnsp", ranks, extra + ["--source", small.source],
                               counts_ok):
            pass
    karate = real_graph(workdir, "karate.mtx")
    _, counts, _ = ref.load_graph(karate)
    want_bc = ref.betweenness(counts, False)
    for ranks, extra in FEW_LAYOUTS:
        def bc_ok(text):
            got = np.array([float(line.split("\t")[1]) for line in text.splitlines()[1:]])
            expect(np.allclose(got, want_bc, rtol=1e-9, atol=1e-9),
                   f"karate bc np={ranks}: equals networkx")
        for r, rep in same_as_exact(karate, "bc", ranks, extra, bc_ok):
            walks = rep["phase_walk"]
            expect(all(w["group"] == r for w in walks["bc-forward"])
                   and all(w["group"] == 1 for w in walks["bc-backward"]),
                   f"karate bc --group {r}: the forward phase grouped, the backward one "
                   "(pull-only) exact")
    gnutella = real_graph(workdir, "p2p-Gnutella08.txt.gz")
    _, counts, _ = ref.load_graph(gnutella)
    want_scc = ref.strong_components(counts)
    for ranks, extra in FEW_LAYOUTS:
        def scc_ok(text):
            got = np.array([int(line.split("\t")[1]) for line in text.splitlines()[1:]])
            expect(np.array_equal(got, want_scc), f"gnutella scc np={ranks}: equals networkx")
        for r, rep in same_as_exact(gnutella, "scc", ranks, extra, scc_ok):
            walks = rep["phase_walk"]
            expect(all(w["group"] == r for w in walks["scc-colour"])
                   and all(w["group"] == 1 for w in walks["scc-reach"]),
                   f"gnutella scc --group {r}: the colour phase grouped, reach (pull-only) exact")


def main():
    suite, workdir = sys.argv[1], sys.argv[2]
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    globals()["suite_" + suite](workdir)
    finish()


if __name__ == "__main__":
    main()
