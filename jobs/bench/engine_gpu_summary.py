"""Table and JSON of a graph-engine benchmark run (engine_gpu.sh, engine_walks.sh):
OUT_DIR/NAME.json (NAME: the second argument, engine_gpu by default).

Traversals (BFS, SSSP) follow Graph500: each sampled source's time is its iterations' time,
its rate the undirected edges of the reached component per second; the table gives the
harmonic mean, min and max over the sources. PageRank: milliseconds per iteration over a
fixed 20 iterations. Baselines (CuPy/cuSPARSE on the same file, same job) are copied in
as their script printed them, with the ratios of our times to theirs. Each run also shows
what its partitions walked with (kernel, virtual split K, grouping ratio r and the
redundant vertices grouping pulled). Nsight Compute profiles (engine_profile.sh,
profile_*.csv) are summed per kernel: launches, time, and warp execution efficiency (the
time-weighted mean share of a warp's 32 threads active per instruction).
"""
import csv
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


def profiles(out):
    """Per profile file, per kernel: launches, total ms, time-weighted warp efficiency."""
    found = {}
    for path in sorted(glob.glob(os.path.join(out, "profile_*.csv"))):
        kernels = {}
        with open(path) as f:
            lines = [line for line in f if line.startswith('"')]  # the CSV, not the log
        launches = {}
        for record in csv.DictReader(lines):
            name = record["Kernel Name"].split("(")[0].split("<")[0].split(" ")[-1]
            key = (record["ID"], name)
            value = float(record["Metric Value"].replace(",", ""))
            launches.setdefault(key, {})[record["Metric Name"]] = value
        for (_, name), metrics in launches.items():
            ns = metrics.get("gpu__time_duration.sum", 0.0)
            threads = metrics.get("smsp__thread_inst_executed_per_inst_executed.ratio", 0.0)
            k = kernels.setdefault(name, {"launches": 0, "ms": 0.0, "weighted": 0.0})
            k["launches"] += 1
            k["ms"] += ns * 1e-6
            k["weighted"] += ns * 1e-6 * threads / 32.0
        found[os.path.basename(path)[len("profile_"):-4]] = {
            name: {"launches": k["launches"], "ms": k["ms"],
                   "warp_efficiency": k["weighted"] / k["ms"] if k["ms"] else None}
            for name, k in kernels.items()}
    return found


def main():
    out = sys.argv[1]
    result_name = sys.argv[2] if len(sys.argv) > 2 else "engine_gpu"
    rows = []
    for path in sorted(glob.glob(os.path.join(out, "*.json"))):
        name = os.path.basename(path)[:-5]
        if name in ("engine_gpu", result_name):
            continue
        report = load(path)
        header = report.get("header", report)
        walk = (header.get("partition_walk") or [{}])[0]
        row = {"name": name, "graph": name.split("_")[0], "algorithm": header.get("algorithm"),
               "direction": header.get("direction"), "vertices": header["graph"]["vertices"],
               "edges": header["graph"]["edges"], "kernel": header.get("kernel"),
               "split": walk.get("split"), "virtual_nodes": walk.get("virtual_nodes"),
               "group": walk.get("group"), "activation_edges": walk.get("activation_edges")}
        summary = report.get("summary") or {}
        if "redundant" in summary:
            row["redundant"] = summary["redundant"]
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
                        "mean_iterations": sum(r["iterations"] for r in runs) / max(1, len(runs)),
                        "redundant_per_source": sum(r.get("redundant", 0) for r in runs)
                        / max(1, len(runs))})
        else:
            iterations = report.get("iterations", [])
            seconds = [it["seconds"] for it in iterations]
            if seconds:
                row.update({"iterations": len(seconds),
                            "ms_per_iteration": 1e3 * sum(seconds) / len(seconds),
                            "ms_per_iteration_after_first": 1e3 * sum(seconds[1:]) / max(1, len(seconds) - 1)})
        rows.append(row)
    graphs = sorted({r["graph"] for r in rows})
    result = {"runs": rows, "baselines": {g: baselines(out, g) for g in graphs},
              "profiles": profiles(out)}
    with open(os.path.join(out, result_name + ".json"), "w") as f:
        json.dump(result, f, indent=1)
    print(f"{'run':34} {'V':>10} {'E':>11} {'hmean GTEPS':>11} {'min':>7} {'max':>7} "
          f"{'ms/src':>8} {'ms/iter':>8} {'K':>4} {'r':>3}")
    for r in rows:
        print(f"{r['name']:34} {r['vertices']:>10} {r['edges']:>11} "
              f"{r.get('harmonic_mean_gteps', float('nan')):>11.3f} {r.get('min_gteps', float('nan')):>7.3f} "
              f"{r.get('max_gteps', float('nan')):>7.3f} {r.get('mean_ms', float('nan')):>8.3f} "
              f"{r.get('ms_per_iteration', float('nan')):>8.3f} {r.get('split') or '-':>4} "
              f"{r.get('group') or '-':>3}")
    for profile, kernels in result["profiles"].items():
        for name, k in sorted(kernels.items(), key=lambda item: -item[1]["ms"]):
            efficiency = k["warp_efficiency"]
            print(f"profile {profile} {name}: {k['launches']} launches, {k['ms']:.3f} ms, "
                  f"warp efficiency {efficiency if efficiency is None else round(efficiency, 3)}")
    for g, b in result["baselines"].items():
        for k, v in b.items():
            print(f"baseline {g} {k}: {json.dumps(v)}")


if __name__ == "__main__":
    main()
