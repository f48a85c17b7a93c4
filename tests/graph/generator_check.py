#!/usr/bin/python3
"""`warpgraph generate`: the graph read back with h5py is an RMAT graph.

- the degree distribution is skewed as RMAT's is (a few hubs far above the mean, many
  isolated vertices), unlike a uniform random graph with the same counts, whose maximum
  degree stays within a few standard deviations of the mean;
- weights are integers in [1, W]; --undirected stores a symmetric matrix;
- without --keep-duplicates no row has a repeated column and no self loops remain;
- vertex ids are permuted: the hubs are not all at small ids.
"""
import os
import subprocess
import sys
import tempfile

import h5py
import numpy as np
import scipy.sparse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from warpgraph_check import WARPGRAPH, expect, finish, mpirun  # noqa: E402


def read_graph(path, group="out"):
    folder = os.path.dirname(path)
    with h5py.File(path, "r") as index:
        n = int(index.attrs["num_vertices"])
        files = [f.decode() for f in index["shards/file"][:]]
    ptr, idx, wt = [np.zeros(1, dtype=np.uint64)], [], []
    for name in files:
        with h5py.File(os.path.join(folder, name), "r") as shard:
            g = shard[group]
            ptr.append(g["indptr"][1:] + ptr[-1][-1])
            idx.append(g["indices"][:])
            if "weights" in g:
                wt.append(g["weights"][:])
    indptr = np.concatenate(ptr)
    indices = np.concatenate(idx)
    data = np.concatenate(wt) if wt else np.ones(len(indices), dtype=np.float32)
    return scipy.sparse.csr_matrix((data, indices, indptr), shape=(n, n))


def main():
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "rmat.h5")
        mpirun(2, ["generate", "--scale", "14", "--edge-factor", "16", "--seed", "7",
                   "--max-weight", "20", "--undirected", "--shards", "3", path])
        a = read_graph(path)
        n = a.shape[0]
        degrees = np.diff(a.indptr)
        mean = degrees.mean()
        expect(n == 1 << 14, f"2^14 vertices (found {n})")
        # A uniform random graph with this mean has max degree about mean + 5 sqrt(mean).
        uniform_max = mean + 5 * np.sqrt(mean)
        expect(degrees.max() > 10 * uniform_max,
               f"hub degree {degrees.max()} far above a uniform graph's {uniform_max:.0f}")
        expect((degrees == 0).mean() > 0.2,
               f"many isolated vertices ({(degrees == 0).mean():.0%}), as in RMAT")
        top = np.sort(degrees)[::-1]
        expect(top[: n // 100].sum() > 0.2 * degrees.sum(),
               "the top 1% of vertices hold over 20% of the edge ends")
        hubs = np.argsort(degrees)[-20:]
        expect(hubs.max() > n // 4, "hubs are spread over the id range (ids permuted)")
        expect((a != a.T).nnz == 0, "--undirected stores a symmetric matrix")
        expect(a.diagonal().sum() == 0, "no self loops")
        expect(np.all(a.data == np.round(a.data)) and a.data.min() >= 1 and a.data.max() <= 20,
               "weights are integers in [1, 20]")
        expect(len(np.unique(a.data)) == 20, "all 20 weight values occur")
        in_csr = read_graph(path, "in")
        expect((in_csr != a.T).nnz == 0, "in-CSR is the transpose of out-CSR")
        coo = a.tocoo()
        keys = coo.row.astype(np.int64) * n + coo.col
        expect(len(np.unique(keys)) == len(keys), "no parallel edges")

        # Directed, unweighted, duplicates kept: the generated edge count is exact.
        subprocess.run([WARPGRAPH, "generate", "--scale", "10", "--edge-factor", "4",
                        "--keep-duplicates", "--keep-self-loops", path],
                       check=True, stderr=subprocess.DEVNULL)
        with h5py.File(path, "r") as index:
            expect(index.attrs["num_edges"] == 4 << 10,
                   f"--keep-duplicates --keep-self-loops keeps all {4 << 10} edges")
            expect(index.attrs["directed"] == 1 and index.attrs["weighted"] == 0,
                   "directed, unweighted by default")
    finish()


if __name__ == "__main__":
    main()
