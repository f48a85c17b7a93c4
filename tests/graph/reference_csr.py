#!/usr/bin/python3
"""Independent reference for `warpgraph convert`: parses the original text file with its
own reader (scipy.io.mmread for Matrix Market), builds the expected in- and out-CSR with
numpy/scipy, reads the HDF5 shards with h5py alone, and compares them exactly.

usage: reference_csr.py INPUT FORMAT GRAPH.h5 [--undirected] [--keep-duplicates]
                        [--keep-self-loops] [--shards N]
"""
import argparse
import gzip
import lzma
import os
import sys

import h5py
import numpy as np
import scipy.io
import scipy.sparse


def open_text(path):
    if path.endswith(".gz"):
        return gzip.open(path, "rt", newline="")
    if path.endswith(".xz"):
        return lzma.open(path, "rt", newline="")
    return open(path, "r", newline="")


def read_snap(path):
    rows = []
    with open_text(path) as f:
        for line in f:
            parts = line.split()
            if not parts or parts[0].startswith("#"):
                continue
            rows.append(parts)
    weighted = len(rows[0]) == 3
    src = np.array([int(r[0]) for r in rows], dtype=np.int64)
    dst = np.array([int(r[1]) for r in rows], dtype=np.int64)
    w = np.array([float(r[2]) for r in rows] if weighted else np.ones(len(rows)), dtype=np.float32)
    n = int(max(src.max(), dst.max())) + 1
    return n, src, dst, w, weighted, False


def read_dimacs(path):
    """'p sp' arcs 'a u v w' (directed, weighted), or PACE 'p tw' pairs 'u v' (undirected,
    unweighted)."""
    src, dst, w = [], [], []
    n, pairs = None, False
    with open_text(path) as f:
        for line in f:
            parts = line.split()
            if not parts or parts[0] == "c":
                continue
            if parts[0] == "p":
                n, pairs = int(parts[2]), parts[1] == "tw"
            elif parts[0] == "a" or pairs:
                fields = parts if pairs else parts[1:]
                src.append(int(fields[0]) - 1)
                dst.append(int(fields[1]) - 1)
                w.append(1.0 if pairs else float(fields[2]))
    return (n, np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64),
            np.array(w, dtype=np.float32), not pairs, pairs)


def read_mtx(path):
    with open_text(path) as f:
        banner = f.readline().lower().split()
    matrix = scipy.sparse.coo_matrix(scipy.io.mmread(path))
    weighted = banner[3] != "pattern"
    symmetric = banner[4] == "symmetric"
    w = matrix.data.astype(np.float32) if weighted else np.ones(matrix.nnz, dtype=np.float32)
    # mmread already expanded symmetric matrices to both triangles.
    return matrix.shape[0], matrix.row.astype(np.int64), matrix.col.astype(np.int64), w, weighted, symmetric


def expected_csr(n, src, dst, w, undirected, keep_duplicates, keep_self_loops):
    if not keep_self_loops:
        keep = src != dst
        src, dst, w = src[keep], dst[keep], w[keep]
    if undirected:
        loops = src == dst
        src, dst, w = (np.concatenate([src, dst[~loops]]), np.concatenate([dst, src[~loops]]),
                       np.concatenate([w, w[~loops]]))
    order = np.lexsort((w, dst, src))
    src, dst, w = src[order], dst[order], w[order]
    if not keep_duplicates and len(src):
        first = np.ones(len(src), dtype=bool)
        first[1:] = (src[1:] != src[:-1]) | (dst[1:] != dst[:-1])
        src, dst, w = src[first], dst[first], w[first]
    indptr = np.concatenate([[0], np.cumsum(np.bincount(src, minlength=n))])
    return indptr, dst, w, src


def read_h5(path, group):
    folder = os.path.dirname(os.path.abspath(path))
    with h5py.File(path, "r") as index:
        attrs = dict(index.attrs)
        files = [name.decode() for name in index["shards/file"][:]]
        begins = index["shards/vertex_begin"][:]
        ends = index["shards/vertex_end"][:]
    indptr, indices, weights = [np.zeros(1, dtype=np.uint64)], [], []
    for name, begin, end in zip(files, begins, ends):
        with h5py.File(os.path.join(folder, name), "r") as shard:
            assert shard.attrs["vertex_begin"] == begin and shard.attrs["vertex_end"] == end
            g = shard[group]
            ptr = g["indptr"][:]
            assert ptr.dtype == np.uint64 and g["indices"].dtype == np.uint32
            assert len(ptr) == end - begin + 1 and ptr[0] == 0
            indptr.append(ptr[1:] + indptr[-1][-1])
            indices.append(g["indices"][:])
            if "weights" in g:
                assert g["weights"].dtype == np.float32
                weights.append(g["weights"][:])
    return (attrs, np.concatenate(indptr), np.concatenate(indices),
            np.concatenate(weights) if weights else None, len(files))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("input")
    parser.add_argument("format", choices=["mtx", "snap", "dimacs"])
    parser.add_argument("graph")
    parser.add_argument("--undirected", action="store_true")
    parser.add_argument("--keep-duplicates", action="store_true")
    parser.add_argument("--keep-self-loops", action="store_true")
    parser.add_argument("--shards", type=int)
    args = parser.parse_args()

    reader = {"snap": read_snap, "mtx": read_mtx, "dimacs": read_dimacs}[args.format]
    n, src, dst, w, weighted, symmetric = reader(args.input)
    undirected = args.undirected or symmetric
    out_ptr, out_idx, out_w, _ = expected_csr(n, src, dst, w, undirected, args.keep_duplicates,
                                              args.keep_self_loops)
    in_ptr, in_idx, in_w, _ = expected_csr(n, dst, src, w, undirected, args.keep_duplicates,
                                           args.keep_self_loops)

    failures = []
    for group, ptr, idx, wt in (("out", out_ptr, out_idx, out_w), ("in", in_ptr, in_idx, in_w)):
        attrs, h_ptr, h_idx, h_w, shards = read_h5(args.graph, group)
        if attrs["num_vertices"] != n:
            failures.append(f"num_vertices {attrs['num_vertices']} != {n}")
        if attrs["num_edges"] != len(idx):
            failures.append(f"num_edges {attrs['num_edges']} != {len(idx)}")
        if bool(attrs["directed"]) == undirected:
            failures.append(f"directed flag {attrs['directed']} but undirected={undirected}")
        if bool(attrs["weighted"]) != weighted:
            failures.append(f"weighted flag {attrs['weighted']} != {weighted}")
        if args.shards is not None and shards != args.shards:
            failures.append(f"{shards} shards, expected {args.shards}")
        if not np.array_equal(h_ptr, ptr):
            failures.append(f"{group}: indptr differs")
        if not np.array_equal(h_idx, idx):
            failures.append(f"{group}: indices differ")
        if weighted and (h_w is None or not np.array_equal(h_w, wt)):
            failures.append(f"{group}: weights differ")
        if not weighted and h_w is not None:
            failures.append(f"{group}: unweighted graph has weights")
    if failures:
        print(f"FAIL {args.input}: " + "; ".join(failures), file=sys.stderr)
        return 1
    print(f"ok {args.input}: {n} vertices, {len(out_idx)} edges match the reference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
