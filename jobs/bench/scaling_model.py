"""The scaling model of docs/PERFORMANCE.md ("Scaling model"), from measured inputs.

Exchange volume: with targeted exchange, an update of vertex v goes once to every other
partition holding v. With k partitions and v's d neighbours spread over them at random
(scrambled RMAT ids), v is held by (k - 1)(1 - (1 - 1/k)^d) other partitions on average;
summed over the degree distribution this predicts the mirrors per vertex m(k). The script
checks the law against the counts measured by engine_scaling.sh's host runs (reports
HOST_REPORTS, k = 2, 4, 8) on the graph GRAPH.h5 (its degrees are read with h5py), fits
one factor for what the law leaves out (the overlapping stored ranges add mirrors), then
predicts m(k) for k = 8, 64, 1024 with the same degree distribution (an RMAT graph of any
scale with the same edge factor has nearly the same one).

Time per iteration on k GPUs: compute = edges / (k x rate1) (rate1: one GPU's measured
edges per second), exchange = the bytes one GPU receives / its link bandwidth (NVLink
inside a node, the node's InfiniBand shared by its 8 GPUs beyond one node); efficiency =
compute / (compute + exchange), no overlap assumed. PageRank sends every mirror every
iteration (16-byte pairs); BFS sends each reached vertex's mirrors once per traversal
(8-byte pairs).

Usage: /usr/bin/python3 scaling_model.py GRAPH.h5 HOST_REPORT.json... [--pagerank-rate R]
       [--bfs-rate R] [--edges E] [--vertices N]
Prints a JSON object with the check and the predictions.
"""
import argparse
import glob
import json
import os

import h5py
import numpy as np


def degrees(index_path):
    """Out-degrees of every vertex, from the graph's shards."""
    base = os.path.splitext(index_path)[0]
    parts = []
    for shard in sorted(glob.glob(base + ".shard-*.h5")):
        with h5py.File(shard, "r") as f:
            parts.append(np.diff(f["out"]["indptr"][:]))
    return np.concatenate(parts).astype(np.float64)


def mirrors_per_vertex(d, k):
    return float(np.mean((k - 1) * (1.0 - (1.0 - 1.0 / k) ** d)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("graph")
    parser.add_argument("reports", nargs="+")
    parser.add_argument("--pagerank-rate", type=float, default=64e9,
                        help="one GPU's PageRank edges per second")
    parser.add_argument("--bfs-rate", type=float, default=144e9,
                        help="one GPU's BFS edges per second (whole traversal)")
    parser.add_argument("--vertices", type=float, default=2.0 ** 30)
    parser.add_argument("--edge-factor", type=float, default=16)
    args = parser.parse_args()
    d = degrees(args.graph)
    checks = []
    for path in args.reports:
        with open(path) as f:
            r = json.load(f)
        k = r["partitions"]
        it = r["iterations"][0]
        # Pairs sent per iteration per vertex, as measured (16-byte pairs plus record headers).
        measured = it["received_bytes"] / 16.0 / r["graph"]["vertices"]
        checks.append({"partitions": k, "exchange": r["exchange"],
                       "measured_pairs_per_vertex": measured,
                       "predicted": mirrors_per_vertex(d, k)})
    factor = float(np.mean([c["measured_pairs_per_vertex"] / c["predicted"] for c in checks]))
    n = args.vertices
    stored_edges = 2 * args.edge_factor * n
    links = {"nvlink_bytes_per_s": 450e9, "infiniband_node_bytes_per_s": 400e9 / 8}
    predictions = []
    for k in (8, 64, 1024):
        m = factor * mirrors_per_vertex(d, k)
        bandwidth = links["nvlink_bytes_per_s"] if k <= 8 else links["infiniband_node_bytes_per_s"] / 8
        pr_compute = stored_edges / (k * args.pagerank_rate)
        pr_exchange = 16 * m * n / k / bandwidth
        bfs_compute = stored_edges / (k * args.bfs_rate)
        bfs_exchange = 8 * m * n / k / bandwidth
        predictions.append({"gpus": k, "mirrors_per_vertex": m, "bytes_per_gpu_per_s": bandwidth,
                            "pagerank_ms_per_iteration": 1e3 * (pr_compute + pr_exchange),
                            "pagerank_efficiency": pr_compute / (pr_compute + pr_exchange),
                            "bfs_ms": 1e3 * (bfs_compute + bfs_exchange),
                            "bfs_efficiency": bfs_compute / (bfs_compute + bfs_exchange)})
    print(json.dumps({"graph": args.graph, "vertices_modelled": n, "links": links,
                      "check": checks, "overlap_factor": factor, "predictions": predictions},
                     indent=1))


if __name__ == "__main__":
    main()
