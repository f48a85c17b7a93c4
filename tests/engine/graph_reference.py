"""Independent reference results for the graph engine tests, computed with scipy and
networkx from the stored edges of a warpgraph HDF5 graph (read with h5py, no warpgraph
code), and readers of warpgraph's outputs."""
import heapq
import os

import h5py
import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.sparse import csgraph


def stored_edges(index_path):
    """Every stored edge of the graph as arrays (sources, targets, weights or ones), with
    the vertex count and whether the graph is weighted."""
    base = os.path.dirname(index_path)
    with h5py.File(index_path, "r") as index:
        n = int(index.attrs["num_vertices"])
        weighted = bool(index.attrs["weighted"])
        files = [f.decode() for f in index["shards/file"][:]]
        begins = index["shards/vertex_begin"][:]
    rows, cols, vals = [], [], []
    for name, begin in zip(files, begins):
        with h5py.File(os.path.join(base, name), "r") as shard:
            indptr = shard["out/indptr"][:].astype(np.int64)
            indices = shard["out/indices"][:].astype(np.int64)
            counts = np.diff(indptr)
            rows.append(np.repeat(np.arange(int(begin), int(begin) + len(counts)), counts))
            cols.append(indices)
            vals.append(shard["out/weights"][:].astype(np.float64) if weighted
                        else np.ones(len(indices)))
    rows, cols, vals = (np.concatenate(x) for x in (rows, cols, vals))
    return rows, cols, vals, n, weighted


def load_graph(index_path):
    """Out-edge adjacency of the whole graph as a scipy CSR matrix (row = source),
    with the stored weights (or ones), plus the attributes of the index file."""
    rows, cols, vals, n, weighted = stored_edges(index_path)
    # Parallel edges keep the smallest weight, as the engine's min-reductions see them.
    order = np.lexsort((vals, cols, rows))
    rows, cols, vals = rows[order], cols[order], vals[order]
    keep = np.ones(len(rows), dtype=bool)
    keep[1:] = (rows[1:] != rows[:-1]) | (cols[1:] != cols[:-1])
    multiplicity = np.diff(np.append(np.flatnonzero(keep), len(rows)))
    matrix = sp.csr_matrix((vals[keep], (rows[keep], cols[keep])), shape=(n, n))
    counts = sp.csr_matrix((multiplicity.astype(np.float64), (rows[keep], cols[keep])), shape=(n, n))
    return matrix, counts, weighted


def bfs(matrix, source):
    return csgraph.shortest_path(matrix, directed=True, unweighted=True, indices=source)


def sssp(matrix, source):
    return csgraph.dijkstra(matrix, directed=True, indices=source)


def sswp(matrix, source):
    """Widest path by a max-bottleneck Dijkstra; unreachable 0, the source inf."""
    n = matrix.shape[0]
    width = np.zeros(n)
    width[source] = np.inf
    heap = [(-np.inf, source)]
    done = np.zeros(n, dtype=bool)
    indptr, indices, data = matrix.indptr, matrix.indices, matrix.data
    while heap:
        w, u = heapq.heappop(heap)
        if done[u]:
            continue
        done[u] = True
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            cand = min(-w, data[e])
            if cand > width[v]:
                width[v] = cand
                heapq.heappush(heap, (-cand, v))
    return width  # (the test graphs have no parallel edges)


def components(matrix):
    _, labels = csgraph.connected_components(matrix, directed=True, connection="weak")
    smallest = np.full(labels.max() + 1, matrix.shape[0], dtype=np.int64)
    np.minimum.at(smallest, labels, np.arange(matrix.shape[0]))
    return smallest[labels].astype(np.float64)


def pagerank(counts):
    """networkx.pagerank on the stored edges (parallel edges counted, weights ignored), run
    to convergence: its own default stops when the L1 change is below N x 1e-6, which
    leaves ranks far less exact than warpgraph's default."""
    graph = nx.from_scipy_sparse_array(counts, create_using=nx.MultiDiGraph,
                                       parallel_edges=True)
    n = counts.shape[0]
    ranks = nx.pagerank(graph, alpha=0.85, weight=None, tol=1e-12 / n, max_iter=1000)
    return np.array([ranks[v] for v in range(counts.shape[0])])


def pagerank_power(counts, alpha=0.85, tol=1e-12):
    """PageRank by plain power iteration with scipy, run until one iteration changes the
    ranks by less than `tol` in L1 (then within tol * alpha / (1 - alpha) of the limit):
    uniform teleport, dangling mass spread uniformly, parallel edges counted."""
    n = counts.shape[0]
    out = np.asarray(counts.sum(axis=1)).ravel()
    dangling = out == 0
    inverse = np.divide(1.0, out, out=np.zeros(n), where=~dangling)
    transition = (sp.diags(inverse) @ counts).T.tocsr()
    x = np.full(n, 1.0 / n)
    while True:
        following = alpha * (transition @ x + x[dangling].sum() / n) + (1.0 - alpha) / n
        change = np.abs(following - x).sum()
        x = following
        if change < tol:
            return x


def read_tsv(path, n):
    """A TSV result: the header line `id<TAB>NAME`, then `id<TAB>value` per vertex."""
    ids, values = [], []
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        assert len(header) == 2 and header[0] == "id", f"{path}: header {header}"
        for line in f:
            a, b = line.rstrip("\n").split("\t")
            ids.append(int(a))
            values.append(float(b))
    assert ids == list(range(n)), f"{path}: ids are not 0..{n - 1} in order"
    return np.array(values)


def read_hdf5_values(path):
    """An HDF5 result's values as float64, integer columns' -1 (unreached) as inf, after
    checking that its `ids` dataset names the vertices in order."""
    with h5py.File(path, "r") as f:
        values = f["values"][:]
        ids = f["ids"][:]
    assert np.array_equal(ids, np.arange(len(values))), f"{path}: ids are not 0..n-1 in order"
    if np.issubdtype(values.dtype, np.integer):
        return np.where(values < 0, np.inf, values.astype(np.float64))
    return values


def is_directed(index_path):
    with h5py.File(index_path, "r") as index:
        return bool(index.attrs["directed"])


def personalized_pagerank(counts, weights, tol):
    """networkx.pagerank with personalization (dict vertex -> weight; dangling mass by the
    same weights, networkx's dangling=None) on the stored edges, parallel edges counted,
    weights ignored; `tol` is networkx's own."""
    graph = nx.from_scipy_sparse_array(counts, create_using=nx.MultiDiGraph,
                                       parallel_edges=True)
    ranks = nx.pagerank(graph, alpha=0.85, personalization=weights, weight=None, tol=tol,
                        max_iter=10000)
    return np.array([ranks[v] for v in range(counts.shape[0])])


def core_numbers(matrix, directed):
    """networkx.core_number on the stored edges: a DiGraph for a directed graph (in- and
    out-neighbours both count, as networkx does), else a Graph. The test graphs have
    neither self-loops (networkx refuses them) nor parallel edges."""
    graph = nx.from_scipy_sparse_array(matrix, create_using=nx.DiGraph if directed else nx.Graph)
    assert nx.number_of_selfloops(graph) == 0
    cores = nx.core_number(graph)
    return np.array([cores[v] for v in range(matrix.shape[0])], dtype=np.float64)


def shortest_path_counts(counts, source):
    """Number of fewest-edge paths from the source to every vertex, parallel edges counted
    as distinct paths, in exact Python integers: BFS levels from scipy, then each vertex
    sums the counts of its in-neighbours one level closer."""
    levels = csgraph.shortest_path(counts, directed=True, unweighted=True, indices=source)
    incoming = counts.tocsc()
    sigma = [0] * counts.shape[0]
    sigma[source] = 1
    for v in sorted(np.flatnonzero(np.isfinite(levels)), key=lambda v: levels[v]):
        for e in range(incoming.indptr[v], incoming.indptr[v + 1]):
            u = incoming.indices[e]
            if levels[u] == levels[v] - 1:
                sigma[v] += sigma[u] * int(incoming.data[e])
    return sigma


def read_tsv_columns(path):
    """A TSV result as a header and rows of text fields."""
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        rows = [line.rstrip("\n").split("\t") for line in f]
    return header, rows


def networkx_graph(counts, directed):
    """The stored edges as a networkx graph: a DiGraph, or a Graph for an undirected file
    (its edges are stored both ways); refuses parallel edges, which networkx cannot hold."""
    assert counts.max() == 1, "parallel edges: networkx would count their paths once"
    coo = counts.tocoo()
    g = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(range(counts.shape[0]))
    g.add_edges_from(zip(coo.row.tolist(), coo.col.tolist()))
    return g


def betweenness(counts, directed, sources=None):
    """networkx's unnormalised betweenness over fewest-edge paths (weights ignored), from
    every source, or from `sources` to every target (betweenness_centrality_subset)."""
    g = networkx_graph(counts, directed)
    if sources is None:
        bc = nx.betweenness_centrality(g, normalized=False)
    else:
        bc = nx.betweenness_centrality_subset(g, sources, list(g), normalized=False)
    return np.array([bc[v] for v in range(counts.shape[0])])


def strong_components(counts):
    """networkx's strongly connected components as labels: each vertex gets the smallest
    id of its component."""
    labels = np.empty(counts.shape[0], dtype=np.int64)
    for component in nx.strongly_connected_components(networkx_graph(counts > 0, True)):
        labels[list(component)] = min(component)
    return labels


CUSHA_THRESHOLD = 1e-6  # a vertex updates while it moves by more than this


def cusha_simulation(algo, index_path, source=None, max_iterations=100000):
    """CuSha's circuit (cs), heat (hs) and neural-network (nn) simulations by their formulas
    (README), as dense NumPy vectors over the in-edge matrix A[v, u] = sum of the weights of
    the stored edges u->v (parallel edges each count). Every vertex whose new value moves
    by more than the threshold takes it; the run ends in the first iteration where none
    does. Returns the values and the number of iterations, that last one included."""
    rows, cols, vals, n, _ = stored_edges(index_path)
    a = sp.csr_matrix((vals, (cols, rows)), shape=(n, n))  # duplicates summed
    d = np.asarray(a.sum(axis=1)).ravel()
    x = np.zeros(n)
    if algo in ("cs", "hs"):
        x[source] = 1.0
    for iteration in range(1, max_iterations + 1):
        inflow = a @ x
        if algo == "cs":
            new = inflow / (1.0 + d)
        elif algo == "hs":
            new = np.where(d > 0, 0.9 * inflow / np.where(d > 0, d, 1.0), x)
        else:
            new = 1.0 / (1.0 + np.exp(-inflow))
        if algo in ("cs", "hs"):
            new[source] = x[source]  # the supply / the heater
        moved = np.abs(new - x) > CUSHA_THRESHOLD
        if not moved.any():
            return x, iteration
        x = np.where(moved, new, x)
    raise RuntimeError(f"{algo} did not settle in {max_iterations} iterations")
