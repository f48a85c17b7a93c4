"""`convert --relabel`: edge lists with string and 64-bit ids round-trip through the graph
file (read back with h5py alone), the id map is stored in it, and `run` writes results
keyed by the original ids; CA-GrQc compacts to its 5,242 vertices and 355 components
(networkx on the text file). Environment: WARPGRAPH, MPIEXEC, WG_DATA_DIR (ctest)."""
import os
import shutil
import sys
import tempfile

import h5py
import networkx as nx
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from warpgraph_check import expect, finish, mpirun  # noqa: E402


def stored_edges(index_path):
    """(source id, target id) pairs of the out CSR, named by /vertex_ids."""
    folder = os.path.dirname(index_path)
    with h5py.File(index_path, "r") as index:
        ids = index["vertex_ids"][:]
        files = [f.decode() for f in index["shards/file"][:]]
        begins = index["shards/vertex_begin"][:]
        version = int(index.attrs["format_version"])
    if ids.dtype.kind == "S":
        ids = np.array([i.decode() for i in ids], dtype=object)
    edges = set()
    for name, begin in zip(files, begins):
        with h5py.File(os.path.join(folder, name), "r") as shard:
            indptr, indices = shard["out/indptr"][:], shard["out/indices"][:]
        for row in range(len(indptr) - 1):
            for k in range(indptr[row], indptr[row + 1]):
                edges.add((ids[int(begin) + row], ids[indices[k]]))
    return ids, edges, version


def read_tsv(path):
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        rows = dict(line.rstrip("\n").split("\t") for line in f)
    return header, rows


def round_trip(work, name, tokens, ranks):
    """Edges between `tokens` (strings as written in the file) on a ring plus chords."""
    n = len(tokens)
    pairs = [(tokens[i], tokens[(i + 1) % n]) for i in range(n)]
    pairs += [(tokens[i], tokens[(i * 7 + 3) % n]) for i in range(0, n, 3)]
    pairs = [p for p in pairs if p[0] != p[1]]
    text = os.path.join(work, name + ".txt")
    with open(text, "w") as f:
        f.write("# ids that are not dense integers\n")
        f.writelines(f"{a}\t{b}\n" for a, b in pairs)
    graph = os.path.join(work, name + ".h5")
    mpirun(ranks, ["convert", "--relabel", "--shards", 2, text, graph])
    ids, edges, version = stored_edges(graph)
    numeric = all(t.isdigit() for t in tokens)
    want_ids = sorted({int(t) for t in tokens}) if numeric else sorted(set(tokens))
    expect(list(ids) == want_ids, f"{name} np={ranks}: /vertex_ids lists every id once, sorted")
    if numeric:
        edges = {(str(a), str(b)) for a, b in edges}
    expect(edges == set(pairs), f"{name} np={ranks}: the stored edges, named back, are the input's")
    expect(version == 2, f"{name}: format_version 2")
    # BFS from a named source, results keyed by the original ids.
    source = tokens[len(tokens) // 2]
    out = os.path.join(work, name + "-bfs.tsv")
    mpirun(ranks, ["run", "--graph", graph, "--algo", "bfs", "--source", source, "--output", out])
    header, rows = read_tsv(out)
    g = nx.DiGraph(pairs)
    hops = nx.single_source_shortest_path_length(g, source)
    want = {t: str(hops[t]) if t in hops else "inf" for t in tokens}
    if numeric:
        want = {str(int(t)): v for t, v in want.items()}
    expect(header == ["id", "hops"] and rows == want,
           f"{name} np={ranks}: BFS from {source} keyed by the original ids equals networkx")
    h5 = os.path.join(work, name + "-bfs.h5")
    mpirun(ranks, ["run", "--graph", graph, "--algo", "bfs", "--source", source, "--output", h5])
    with h5py.File(h5, "r") as f:
        keys = f["ids"].asstr()[:] if f["ids"].dtype.kind == "S" else f["ids"][:].astype(str)
        values = f["values"][:]
    got = {k: (str(v) if v >= 0 else "inf") for k, v in zip(keys, values)}
    expect(got == want, f"{name} np={ranks}: HDF5 results carry the original ids in /ids")


def main():
    work = tempfile.mkdtemp(prefix="wg-relabel-")
    names = [f"user-{i:03d}" for i in range(40)] + ["Zoë", "x", "a.b:c", "node_7"]
    for ranks in (1, 3):
        round_trip(work, f"names{ranks}", names, ranks)
    big = [str(2**64 - 1 - i * 2**40) for i in range(30)] + ["0", "7", "4294967296"]
    round_trip(work, "int64", big, 2)

    out = mpirun(2, ["run", "--graph", os.path.join(work, "names1.h5"), "--algo", "bfs",
                     "--source", "nobody"], check=False)
    expect(out.returncode != 0 and "--source nobody is not a vertex id" in out.stderr,
           "an unknown --source name is refused")

    grqc_text = os.path.join(os.environ["WG_DATA_DIR"], "graphs", "CA-GrQc.txt")
    reference = nx.read_edgelist(grqc_text, comments="#", nodetype=int)
    plain = mpirun(2, ["convert", grqc_text, os.path.join(work, "plain.h5")])
    expect("20955 of 26197 vertex ids (80%) have no edges" in plain.stderr,
           "converting CA-GrQc without --relabel warns about the unused ids")
    graph = os.path.join(work, "grqc.h5")
    mpirun(2, ["convert", "--relabel", grqc_text, graph])
    with h5py.File(graph, "r") as f:
        n = int(f.attrs["num_vertices"])
    expect(n == reference.number_of_nodes() == 5242, f"CA-GrQc relabelled: {n} vertices (5,242)")
    out = os.path.join(work, "grqc-cc.tsv")
    mpirun(3, ["run", "--graph", graph, "--algo", "cc", "--output", out])
    _, rows = read_tsv(out)
    want = {}
    for component in nx.connected_components(reference):
        smallest = str(min(component))
        want.update({str(v): smallest for v in component})
    expect(len(set(rows.values())) == nx.number_connected_components(reference) == 355,
           f"CA-GrQc: {len(set(rows.values()))} components (355)")
    expect(rows == want, "CA-GrQc: every vertex keyed by its SNAP id, labelled by the smallest "
           "SNAP id of its component")

    bad = mpirun(1, ["convert", "--relabel",
                     os.path.join(os.environ["WG_DATA_DIR"], "graphs", "karate.mtx"),
                     os.path.join(work, "k.h5")], check=False)
    expect(bad.returncode != 0 and "--relabel applies to edge lists" in bad.stderr
           and not os.path.exists(os.path.join(work, "k.h5")), "--relabel on a .mtx is refused")
    shutil.rmtree(work, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
