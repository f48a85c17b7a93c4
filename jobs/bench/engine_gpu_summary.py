"""Table and JSON of an engine_gpu.sh run: per run the iterations, ms per iteration,
GTEPS and pulled edges per second, and a check of its values against the host backend.

GTEPS counts the graph's edges once per traversal for BFS and SSSP (Graph500 style: edges
/ loop time) and once per iteration for PageRank; "pulled" counts the in-edges the
kernels actually read (the report's edges), which for frontier programs is the real work.
"""
import glob
import json
import os
import sys

import h5py
import numpy as np


def values(out, name):
    with h5py.File(os.path.join(out, name + ".h5"), "r") as f:
        return np.asarray(f["values"][...], dtype=np.float64)


def same_result(algo, a, b):
    if a.shape != b.shape:
        return False
    if algo == "pagerank":
        return float(np.abs(a - b).sum()) < 1e-9
    return bool(np.array_equal(a, b))


def main():
    out, scale = sys.argv[1], int(sys.argv[2])
    runs = []
    for meta_path in sorted(glob.glob(os.path.join(out, "*.meta"))):
        with open(meta_path) as f:
            meta = json.load(f)
        if meta.get("failed"):
            runs.append(meta)
            continue
        with open(os.path.join(out, meta["name"] + ".json")) as f:
            report = json.load(f)
        s = report["summary"]
        graph_edges = report["graph"]["edges"]
        iterations = max(1, s["iterations"])
        seconds = s["compute_seconds"]
        traversed = graph_edges * (iterations if meta["algo"] == "pagerank" else 1)
        runs.append({**meta, "kernel": report.get("kernel", "-"), "iterations": s["iterations"],
                     "compute_seconds": seconds, "load_seconds": s["load_seconds"],
                     "ms_per_iteration": 1e3 * seconds / iterations,
                     "gteps": traversed / seconds / 1e9 if seconds > 0 else 0.0,
                     "pulled_edges": s["edges"], "pulled_edges_per_second": s["edges_per_second"],
                     "outbox_bytes": s["outbox_bytes"], "vertices": report["graph"]["vertices"],
                     "graph_edges": graph_edges})
    host = {r["algo"]: values(out, r["name"]) for r in runs
            if r.get("backend") == "host" and not r.get("failed")}
    for r in runs:
        if not r.get("failed") and r["algo"] in host:
            r["matches_host"] = same_result(r["algo"], host[r["algo"]], values(out, r["name"]))
    with open(os.path.join(out, "engine_gpu.json"), "w") as f:
        json.dump({"scale": scale, "runs": runs}, f, indent=2)
    ok = [r for r in runs if not r.get("failed")]
    if ok:
        print(f"RMAT scale {scale}: {ok[0]['vertices']} vertices, {ok[0]['graph_edges']} edges")
    print(f"{'run':<22} {'ranks':>5} {'kernel':>7} {'iters':>6} {'loop s':>8} {'ms/iter':>8} "
          f"{'GTEPS':>7} {'pulled Ge/s':>11} {'ok':>4}")
    for r in sorted(runs, key=lambda r: (r["algo"], r["name"])):
        if r.get("failed"):
            print(f"{r['name']:<22} {r['ranks']:>5} {'':>7} FAILED")
            continue
        print(f"{r['name']:<22} {r['ranks']:>5} {r['kernel']:>7} {r['iterations']:>6} "
              f"{r['compute_seconds']:>8.4f} {r['ms_per_iteration']:>8.3f} {r['gteps']:>7.2f} "
              f"{r['pulled_edges_per_second'] / 1e9:>11.2f} "
              f"{'yes' if r.get('matches_host') else 'NO':>4}")
    if any(r.get("failed") or not r.get("matches_host") for r in runs):
        print("some runs failed or differ from the host backend", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
