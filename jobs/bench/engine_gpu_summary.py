"""Table and JSON of an engine_gpu.sh run (OUT_DIR/engine_gpu.json).

Traversals (BFS, SSSP) follow Graph500: each sampled source's time is its iterations' time,
its rate the undirected edges of the reached component per second; the table gives the
harmonic mean, min and max over the sources. PageRank: milliseconds per iteration over a
fixed 20 iterations. Baselines (CuPy/cuSPARSE on the same file, same job) are copied in
as their script printed them, with the ratios of our times to theirs.
"""
import glob
import json
import os
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def baselines(out, graph):
    path = os.path.join(out, graph + "_baselines.jsonl")
    found = {}
    if os.path.exists(path):
        for line in open(path):
            line = line.strip()
            if line.startswith("{"):
                record = json.loads(line)
                key = record.get("anchor", str(len(found)))
                if "dtype" in record:
                    key += "_" + record["dtype"]
                found[key] = record
    return found


def main():
    out = sys.argv[1]
    rows = []
    for path in sorted(glob.glob(os.path.join(out, "*.json"))):
        name = os.path.basename(path)[:-5]
        if name == "engine_gpu":
            continue
        report = load(path)
        header = report.get("header", report)
        row = {"name": name, "graph": name.split("_")[0], "algorithm": header.get("algorithm"),
               "direction": header.get("direction"), "vertices": header["graph"]["vertices"],
               "edges": header["graph"]["edges"]}
        sampled = header.get("sampled_sources")
        bc = header.get("bc")
        if bc:  # betweenness: one forward and one backward phase per source
            seconds = bc["forward_seconds"] + bc["backward_seconds"]
            row.update({"backend": header.get("backend"), "sources": bc["source_count"],
                        "bc_seconds": seconds, "forward_seconds": bc["forward_seconds"],
                        "backward_seconds": bc["backward_seconds"],
                        "mean_ms": 1e3 * seconds / max(1, bc["source_count"]),
                        "mean_iterations": (bc["forward_iterations"] + bc["backward_iterations"])
                        / max(1, bc["source_count"])})
        elif sampled:
            runs = sampled["runs"]
            row.update({"sources": len(runs),
                        "harmonic_mean_gteps": sampled["harmonic_mean_teps"] * 1e-9,
                        "min_gteps": sampled["min_teps"] * 1e-9,
                        "max_gteps": sampled["max_teps"] * 1e-9,
                        "mean_ms": 1e3 * sum(r["seconds"] for r in runs) / max(1, len(runs)),
                        "mean_iterations": sum(r["iterations"] for r in runs) / max(1, len(runs))})
        else:
            iterations = report.get("iterations", [])
            seconds = [it["seconds"] for it in iterations]
            if seconds:
                row.update({"iterations": len(seconds),
                            "ms_per_iteration": 1e3 * sum(seconds) / len(seconds),
                            "ms_per_iteration_after_first": 1e3 * sum(seconds[1:]) / max(1, len(seconds) - 1)})
        rows.append(row)
    graphs = sorted({r["graph"] for r in rows})
    result = {"runs": rows, "baselines": {g: baselines(out, g) for g in graphs}}
    with open(os.path.join(out, "engine_gpu.json"), "w") as f:
        json.dump(result, f, indent=1)
    print(f"{'run':28} {'V':>10} {'E':>11} {'hmean GTEPS':>11} {'min':>7} {'max':>7} {'ms/src':>8} {'ms/iter':>8}")
    for r in rows:
        print(f"{r['name']:28} {r['vertices']:>10} {r['edges']:>11} "
              f"{r.get('harmonic_mean_gteps', float('nan')):>11.3f} {r.get('min_gteps', float('nan')):>7.3f} "
              f"{r.get('max_gteps', float('nan')):>7.3f} {r.get('mean_ms', float('nan')):>8.3f} "
              f"{r.get('ms_per_iteration', float('nan')):>8.3f}")
    for g, b in result["baselines"].items():
        for k, v in b.items():
            print(f"baseline {g} {k}: {json.dumps(v)}")


if __name__ == "__main__":
    main()
