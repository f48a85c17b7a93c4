"""Table and JSON of an engine_host.sh run: per run the iterations, compute time, edges
per second, outbox bytes, and a check of its values against the 1-rank run."""
import glob
import json
import math
import os
import sys


def values(path):
    with open(path) as f:
        next(f)  # the header line
        return [float(line.split("\t")[1]) for line in f]


def same_result(algo, a, b):
    if algo == "pagerank":
        return sum(abs(x - y) for x, y in zip(a, b)) < 1e-9
    return all(x == y or (math.isinf(x) and math.isinf(y)) for x, y in zip(a, b))


def main():
    out, scale = sys.argv[1], int(sys.argv[2])
    runs = []
    for meta_path in sorted(glob.glob(os.path.join(out, "*.meta"))):
        with open(meta_path) as f:
            meta = json.load(f)
        with open(os.path.join(out, meta["name"] + ".json")) as f:
            report = json.load(f)
        s = report["summary"]
        runs.append({**meta, "iterations": s["iterations"], "compute_seconds": s["compute_seconds"],
                     "load_seconds": s["load_seconds"], "edges": s["edges"],
                     "edges_per_second": s["edges_per_second"], "outbox_bytes": s["outbox_bytes"],
                     "received_bytes": s["received_bytes"],
                     "vertices": report["graph"]["vertices"], "graph_edges": report["graph"]["edges"]})
    baseline = {r["algo"]: values(os.path.join(out, r["name"] + ".tsv"))
                for r in runs if r["ranks"] == 1 and r["options"] == ""}
    for r in runs:
        if r["algo"] in baseline:
            r["matches_1_rank"] = same_result(r["algo"], baseline[r["algo"]],
                                              values(os.path.join(out, r["name"] + ".tsv")))
    g = runs[0]
    print(f"RMAT scale {scale}: {g['vertices']} vertices, {g['graph_edges']} edges")
    print(f"{'run':<22} {'ranks':>5} {'thr':>4} {'iters':>6} {'time s':>8} {'Medges/s':>9} "
          f"{'outbox MiB':>11} {'ok':>3}")
    for r in sorted(runs, key=lambda r: (r["algo"], r["options"] != "", r["ranks"], r["name"])):
        print(f"{r['name']:<22} {r['ranks']:>5} {r['threads']:>4} {r['iterations']:>6} "
              f"{r['compute_seconds']:>8.3f} {r['edges_per_second'] / 1e6:>9.1f} "
              f"{r['outbox_bytes'] / 2**20:>11.2f} {'yes' if r.get('matches_1_rank') else 'NO':>3}")
    with open(os.path.join(out, "engine_host.json"), "w") as f:
        json.dump({"scale": scale, "runs": runs}, f, indent=2)
    if not all(r.get("matches_1_rank") for r in runs):
        print("some runs differ from the 1-rank result", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
