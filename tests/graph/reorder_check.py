"""`convert/generate --reorder`: a reordered graph holds the same edges under a
permutation of the vertices (its /vertex_ids, read with h5py alone, name every vertex's
original id once), `run` on it gives the plain graph's results keyed by the original ids
(bfs, sssp, cc, pagerank, against scipy/networkx and the plain run, 1-3 ranks), the degree
order sorts the degrees, reverse Cuthill-McKee narrows a scrambled mesh (bandwidth and the
boundary fraction `info` reports, checked by an independent computation here).
Environment: WARPGRAPH, MPIEXEC, WG_DATA_DIR (ctest)."""
import bisect
import json
import os
import shutil
import sys
import tempfile

import h5py
import networkx as nx
import numpy as np
import scipy.io
import scipy.sparse as sp
from scipy.sparse import csgraph

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))
import graph_reference as ref  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from warpgraph_check import expect, finish, mpirun  # noqa: E402

DATA = os.path.join(os.environ["WG_DATA_DIR"], "graphs")


def vertex_ids(path):
    with h5py.File(path, "r") as f:
        if "vertex_ids" not in f:
            return None
        ids = f["vertex_ids"]
        return list(ids.asstr()[:]) if ids.dtype.kind == "S" else [int(i) for i in ids[:]]


def named_edges(path):
    """{(source id, target id): weight} of the stored out-edges, named by /vertex_ids."""
    matrix, _, _ = ref.load_graph(path)
    ids = vertex_ids(path)
    coo = matrix.tocoo()
    name = (lambda v: v) if ids is None else (lambda v: ids[v])
    return {(name(int(u)), name(int(v))): float(w) for u, v, w in zip(coo.row, coo.col, coo.data)}


def read_results(path):
    """{id: value text} of a TSV result."""
    with open(path) as f:
        f.readline()
        return dict(line.rstrip("\n").split("\t") for line in f)


def run(ranks, graph, algo, out, source=None):
    args = ["run", "--graph", graph, "--algo", algo, "--output", out]
    if source is not None:
        args += ["--source", source]
    mpirun(ranks, args)
    return read_results(out)


def reference_results(plain):
    """Results of the plain graph by scipy/networkx, keyed by vertex id as text."""
    matrix, counts, _ = ref.load_graph(plain)
    keyed = lambda values, fmt: {str(v): fmt(x) for v, x in enumerate(values)}
    hops = lambda x: "inf" if np.isinf(x) else str(int(x))
    return {
        "bfs": keyed(ref.bfs(matrix, 0), hops),
        "sssp": {str(v): x for v, x in enumerate(ref.sssp(matrix, 0))},
        "cc": keyed(ref.components(matrix), lambda x: str(int(x))),
        "pagerank": {str(v): x for v, x in enumerate(ref.pagerank(counts))},
    }


def same_results(algo, got, want, what):
    if set(got) != set(want):
        expect(False, f"{what}: results keyed by other ids")
        return
    if algo in ("sssp", "pagerank"):
        error = sum(abs(float(got[k]) - float(want[k])) for k in want if float(want[k]) != np.inf)
        same_inf = all((got[k] == "inf") == (float(want[k]) == np.inf) for k in want)
        limit = 1e-6 if algo == "pagerank" else 1e-6 * len(want)
        expect(same_inf and error < limit, f"{what}: L1 difference {error:.2e} < {limit:.0e}")
    else:
        bad = [k for k in want if got[k] != want[k]]
        expect(not bad, f"{what}: equal" + (f" (first difference at id {bad[0]})" if bad else ""))


def check_rome(work):
    """rome99 (a road network, weighted): plain vs degree vs rcm on 1, 2 and 3 ranks."""
    plain = os.path.join(work, "rome.h5")
    mpirun(1, ["convert", os.path.join(DATA, "rome99.gr"), plain])
    want = reference_results(plain)
    plain_edges = named_edges(plain)
    plain_runs = {algo: run(1, plain, algo, os.path.join(work, f"rome-{algo}.tsv"),
                            "0" if algo in ("bfs", "sssp") else None) for algo in want}
    for ranks, order in ((2, "degree"), (3, "rcm")):
        graph = os.path.join(work, f"rome-{order}.h5")
        mpirun(ranks, ["convert", os.path.join(DATA, "rome99.gr"), graph, "--reorder", order,
                       "--shards", 2])
        ids = vertex_ids(graph)
        expect(ids is not None and sorted(ids) == list(range(len(ids))) and ids != sorted(ids),
               f"rome99 {order}: /vertex_ids is a permutation of the vertices (not the identity)")
        expect(named_edges(graph) == plain_edges,
               f"rome99 {order}: the edges and weights, named back, are the plain graph's")
        for algo in want:
            for run_ranks in (ranks, 1 + ranks % 3):
                got = run(run_ranks, graph, algo, os.path.join(work, f"{order}-{algo}.tsv"),
                          "0" if algo in ("bfs", "sssp") else None)
                what = f"rome99 {order}, {algo} on {run_ranks} rank(s)"
                same_results(algo, got, want[algo], what + " vs scipy/networkx")
                if algo != "pagerank":
                    same_results(algo, got, plain_runs[algo], what + " vs the plain graph's run")


def check_relabel_and_reorder(work):
    """CA-GrQc with --relabel and --reorder: SNAP ids, networkx's components and hops."""
    text = os.path.join(DATA, "CA-GrQc.txt")
    reference = nx.read_edgelist(text, comments="#", nodetype=int)
    want_cc = {}
    for component in nx.connected_components(reference):
        want_cc.update({str(v): str(min(component)) for v in component})
    source = "3466"
    hops = nx.single_source_shortest_path_length(reference, int(source))
    want_bfs = {str(v): str(hops[v]) if v in hops else "inf" for v in reference}
    for ranks, order in ((2, "rcm"), (3, "degree")):
        graph = os.path.join(work, f"grqc-{order}.h5")
        mpirun(ranks, ["convert", "--relabel", "--undirected", text, graph, "--reorder", order])
        ids = vertex_ids(graph)
        expect(sorted(ids) == sorted(reference.nodes) and ids != sorted(ids),
               f"CA-GrQc --relabel --reorder {order}: /vertex_ids holds every SNAP id once, "
               "permuted")
        got = run(ranks, graph, "cc", os.path.join(work, "grqc-cc.tsv"))
        same_results("cc", got, want_cc, f"CA-GrQc {order}: components labelled by the "
                     "smallest SNAP id, as networkx")
        got = run(1 + ranks % 3, graph, "bfs", os.path.join(work, "grqc-bfs.tsv"), source)
        same_results("bfs", got, want_bfs, f"CA-GrQc {order}: BFS from SNAP id {source}")
        check_sampled_sources(graph, reference, ranks, os.path.join(work, "grqc-sampled.json"))


def check_sampled_sources(graph, reference, ranks, report):
    """--sample-sources on a reordered graph names its sources by the user's ids: each is
    a SNAP id with edges, and its run reached the stored out-edges of its component
    (undirected edges once: half their count), counted here with scipy."""
    mpirun(ranks, ["run", "--graph", graph, "--algo", "bfs", "--sample-sources", 4,
                   "--report", report])
    with open(report) as f:
        runs = json.load(f)["sampled_sources"]["runs"]
    matrix, _, _ = ref.load_graph(graph)
    ids = vertex_ids(graph)
    degree = np.diff(matrix.indptr)
    for r in runs:
        source = r["source"]
        known = isinstance(source, int) and source in reference and reference.degree(source) > 0
        edges = None
        if known:
            reached = csgraph.breadth_first_order(matrix, ids.index(source),
                                                  return_predecessors=False)
            edges = degree[reached].sum() / 2
        expect(known and r["edges"] == edges,
               f"{os.path.basename(graph)} --sample-sources: source {source} is a SNAP id with "
               f"edges whose component has {edges} stored edges / 2 (run: {r['edges']})")


def check_degree_order(work):
    graph = os.path.join(work, "karate-degree.h5")
    mpirun(2, ["convert", os.path.join(DATA, "karate.mtx"), graph, "--reorder", "degree"])
    matrix, _, _ = ref.load_graph(graph)
    degree = np.diff(matrix.indptr)
    ids = vertex_ids(graph)
    keys = [(-int(d), i) for d, i in zip(degree, ids)]
    expect(keys == sorted(keys), "karate --reorder degree: degrees descend, ties by original id")
    original = nx.Graph([(int(u), int(v)) for u, v in  # mmread numbers from 0
                         zip(*scipy.io.mmread(os.path.join(DATA, "karate.mtx")).nonzero())])
    expect(ids[0] == max(original.nodes, key=lambda v: (original.degree(v), -v)),
           "karate --reorder degree: vertex 0 is the hub of highest degree")


def equal_work_boundary(matrix, parts, section=256):
    """Share of vertices read across the borders of `parts` equal-work parts: the
    partitioner's rule (in-edges per section, each border at the section edge nearest its
    share), written again here from docs, then every u -> v with u, v in different parts
    marks u."""
    n = matrix.shape[0]
    in_degree = np.asarray((matrix != 0).sum(axis=0)).ravel()
    sections = (n + section - 1) // section
    work = [int(in_degree[s * section:(s + 1) * section].sum()) for s in range(sections)]
    prefix = [0]
    for w in work:
        prefix.append(prefix[-1] + w)
    borders, previous = [0], 0
    for k in range(1, parts):
        target = prefix[-1] * k / parts
        s = bisect.bisect_left(prefix, target)
        if s > 0 and target - prefix[s - 1] < prefix[min(s, sections)] - target:
            s -= 1
        s = min(max(s, previous), sections)
        borders.append(min(s * section, n))
        previous = s
    borders.append(n)
    part = np.searchsorted(np.array(borders), np.arange(n), side="right") - 1
    coo = matrix.tocoo()
    crossing = part[coo.row] != part[coo.col]
    return len(np.unique(coo.row[crossing])) / n


def info_fractions(graph):
    out = mpirun(2, ["info", graph, "--partitions", "2,4,8"]).stdout
    fractions = {}
    for line in out.splitlines():
        if line.strip().endswith("vertices)") and "partitions:" in line:
            k, rest = line.split("partitions:")
            fractions[int(k)] = float(rest.split()[0])
    return fractions


def rcm_by_the_book(matrix):
    """Reverse Cuthill-McKee as README states it, written again here: components in the
    order of their smallest vertex, a George-Liu pseudo-peripheral root (from the
    least-degree vertex, to the least-degree vertex of the deepest level while the levels
    deepen), new neighbours by ascending degree, ties by id, the list reversed."""
    a = sp.csr_matrix(matrix, copy=True)
    a.setdiag(0)
    a.eliminate_zeros()
    a = ((a + a.T) != 0).tocsr()
    a.sort_indices()
    n = a.shape[0]
    degree = np.diff(a.indptr)
    lighter = lambda v: (degree[v], v)
    neighbours = lambda v: a.indices[a.indptr[v]:a.indptr[v + 1]]

    def levels_from(root):
        seen, levels = {root}, [[root]]
        while True:
            following = []
            for u in levels[-1]:
                for w in neighbours(u):
                    if w not in seen:
                        seen.add(w)
                        following.append(w)
            if not following:
                return levels
            levels.append(following)

    placed = np.zeros(n, dtype=bool)
    order = []
    for s in range(n):
        if placed[s]:
            continue
        root = min((v for level in levels_from(s) for v in level), key=lighter)
        levels = levels_from(root)
        while True:
            candidate = min(levels[-1], key=lighter)
            deeper = levels_from(candidate)
            if len(deeper) <= len(levels):
                break
            root, levels = candidate, deeper
        placed[root] = True
        order.append(root)
        i = len(order) - 1
        while i < len(order):
            new = [w for w in neighbours(order[i]) if not placed[w]]
            placed[new] = True
            order += sorted(new, key=lighter)
            i += 1
    return [int(v) for v in order[::-1]]


def bandwidth(matrix):
    coo = matrix.tocoo()
    return int(np.abs(coo.row.astype(np.int64) - coo.col).max())


def check_rcm_locality(work):
    """bcsstk13 (a stiffness-matrix mesh) scrambled by a random permutation: RCM narrows it."""
    mesh = scipy.io.mmread(os.path.join(DATA, "bcsstk13.mtx")).tocsr()
    n = mesh.shape[0]
    scramble = np.random.default_rng(7).permutation(n)
    scrambled = mesh[scramble][:, scramble]
    scrambled_path = os.path.join(work, "scrambled.mtx")
    scipy.io.mmwrite(scrambled_path, sp.coo_matrix(scrambled), field="pattern", symmetry="symmetric")
    fractions = {}
    for order in ("none", "rcm"):
        graph = os.path.join(work, f"mesh-{order}.h5")
        mpirun(3, ["convert", scrambled_path, graph, "--reorder", order])
        matrix, _, _ = ref.load_graph(graph)
        fractions[order] = info_fractions(graph)
        mine = {k: equal_work_boundary(matrix, k) for k in (2, 4, 8)}
        expect(all(abs(fractions[order][k] - mine[k]) < 1e-6 for k in mine),
               f"bcsstk13 scrambled, {order}: info's boundary fractions {fractions[order]} "
               f"equal the ones computed here {mine}")
        if order == "none":
            before = bandwidth(matrix)
        else:
            after = bandwidth(matrix)
            expect(vertex_ids(graph) == rcm_by_the_book(scrambled),
                   "bcsstk13 scrambled: the rcm order is the one README describes")
    natural = bandwidth(mesh)
    scipy_order = csgraph.reverse_cuthill_mckee(sp.csr_matrix(scrambled), symmetric_mode=True)
    scipy_bandwidth = bandwidth(scrambled[scipy_order][:, scipy_order])
    expect(after < natural / 2 and after < before / 3 and after <= 1.5 * scipy_bandwidth,
           f"bcsstk13 scrambled: rcm bandwidth {after} (scrambled {before}, the file's own "
           f"order {natural}, scipy's rcm {scipy_bandwidth})")
    # 2,003 vertices are 8 sections of 256: 8 parts of one section each are all boundary.
    expect(fractions["rcm"][2] < fractions["none"][2] / 2
           and all(fractions["rcm"][k] < fractions["none"][k] for k in (2, 4, 8)),
           f"bcsstk13 scrambled: rcm boundary fractions {fractions['rcm']} below the "
           f"scrambled {fractions['none']} (half of it for 2 parts)")


def check_generate_and_errors(work):
    graph = os.path.join(work, "rmat-rcm.h5")
    report = os.path.join(work, "rmat-rcm.json")
    mpirun(2, ["generate", "--scale", 9, "--edge-factor", 8, "--seed", 3, "--undirected",
               "--reorder", "rcm", "--report", report, graph])
    plain = os.path.join(work, "rmat.h5")
    mpirun(1, ["generate", "--scale", 9, "--edge-factor", 8, "--seed", 3, "--undirected", plain])
    ids = vertex_ids(graph)
    expect(sorted(ids) == list(range(512)), "generate --reorder rcm: /vertex_ids is a permutation")
    expect(named_edges(graph) == named_edges(plain),
           "generate --reorder rcm: the plain generator's edges, renumbered")
    with open(report) as f:
        locality = json.load(f)["locality"]
    matrix, _, _ = ref.load_graph(graph)
    expect(abs(locality["4"]["boundary_fraction"] - equal_work_boundary(matrix, 4)) < 1e-9,
           "generate --report: the boundary fraction for 4 partitions")
    bad = mpirun(1, ["convert", os.path.join(DATA, "karate.mtx"), os.path.join(work, "k.h5"),
                     "--reorder", "random"], check=False)
    expect(bad.returncode != 0 and "--reorder" in bad.stderr
           and not os.path.exists(os.path.join(work, "k.h5")), "--reorder random is refused")


def main():
    work = tempfile.mkdtemp(prefix="wg-reorder-")
    check_rome(work)
    check_relabel_and_reorder(work)
    check_degree_order(work)
    check_rcm_locality(work)
    check_generate_and_errors(work)
    shutil.rmtree(work, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
