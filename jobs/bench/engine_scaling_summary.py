"""Table and JSON of an engine_scaling.sh run (OUT_DIR/engine_scaling.json).

Every report becomes a row: graph, algorithm, layout (1gpu, Ngpu_targeted/vr/all,
_nobalance, _nodes, _onerank, hostK_*), GPUs or partitions, and
- PageRank and single-source runs: ms per iteration, and per iteration the bytes received
  by all ranks, rank 0's exchange and step milliseconds;
- sampled-source runs (Graph500): harmonic mean GTEPS.
Speedups are against the 1gpu row of the same graph and algorithm.
"""
import glob
import json
import os
import sys


def row_of(name, report):
    graph, algo, layout = name.split("_", 2)
    row = {"name": name, "graph": graph, "algorithm": algo, "layout": layout,
           "partitions": report.get("partitions"), "exchange": report.get("exchange"),
           "nodes": report.get("nodes"), "boundary_vertices": report.get("boundary_vertices"),
           "mirrors": report.get("mirrors")}
    sampled = report.get("sampled_sources")
    if sampled:
        row["harmonic_mean_gteps"] = sampled["harmonic_mean_teps"] * 1e-9
        return row
    iterations = report.get("iterations", [])
    if iterations:
        count = len(iterations)
        row.update({"iterations": count,
                    "ms_per_iteration": 1e3 * sum(i["seconds"] for i in iterations) / count,
                    "total_ms": 1e3 * sum(i["seconds"] for i in iterations),
                    "received_bytes_per_iteration": sum(i["received_bytes"] for i in iterations) / count,
                    "exchange_ms_per_iteration": 1e3 * sum(i.get("exchange_seconds", 0) for i in iterations) / count,
                    "step_ms_per_iteration": 1e3 * sum(i.get("step_seconds", 0) for i in iterations) / count})
    return row


def main():
    out = sys.argv[1]
    rows = []
    for path in sorted(glob.glob(os.path.join(out, "*.json"))):
        name = os.path.basename(path)[:-5]
        if name == "engine_scaling":
            continue
        with open(path) as f:
            rows.append(row_of(name, json.load(f)))
    base = {(r["graph"], r["algorithm"]): r for r in rows if r["layout"] == "1gpu"}
    for r in rows:
        b = base.get((r["graph"], r["algorithm"]))
        if not b or r is b:
            continue
        if "harmonic_mean_gteps" in r and b.get("harmonic_mean_gteps"):
            r["speedup"] = r["harmonic_mean_gteps"] / b["harmonic_mean_gteps"]
        elif r.get("total_ms") and b.get("total_ms"):
            r["speedup"] = b["total_ms"] / r["total_ms"]
    with open(os.path.join(out, "engine_scaling.json"), "w") as f:
        json.dump({"rows": rows}, f, indent=1)
    cols = ["graph", "algorithm", "layout", "harmonic_mean_gteps", "ms_per_iteration",
            "received_bytes_per_iteration", "exchange_ms_per_iteration", "step_ms_per_iteration",
            "speedup"]
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for r in rows:
        cells = []
        for c in cols:
            v = r.get(c)
            cells.append("" if v is None else f"{v:.4g}" if isinstance(v, float) else str(v))
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
