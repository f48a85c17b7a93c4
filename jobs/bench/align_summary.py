#!/usr/bin/env python3
"""Collects the JSON reports of jobs/bench/align.sh into one table (stdout) and one JSON
file. Usage: align_summary.py OUT_DIR"""
import json
import sys
from pathlib import Path


def main():
    out = Path(sys.argv[1])
    rows = []
    for report in sorted(out.glob("run_*.json")):
        r = json.loads(report.read_text())
        meta = json.loads((out / (report.stem + ".meta")).read_text())
        rows.append({**meta, "pairs": r["pairs"], "cells": r["cells"], "seconds": r["seconds"],
                     "gcups_end_to_end": r["gcups"], "gcups_aligners": r["compute_gcups"],
                     "gcups_kernels": r.get("kernel_gcups", 0.0),
                     "time_split": r.get("time_split"),
                     "sequences_read_by": r.get("sequences_read_by"),
                     "ranks": r["ranks"]})
    parasail = {}
    for p in sorted(out.glob("parasail_*.json")):
        parasail[p.stem.removeprefix("parasail_")] = json.loads(p.read_text())
    checks = json.loads((out / "checks.json").read_text()) if (out / "checks.json").exists() else {}
    # Speed-up of every multi-GPU run over the same input on one GPU.
    by_name = {r["name"]: r for r in rows}
    scaling = []
    for r in rows:
        if r["backend"] != "cuda" or r["nranks"] == 1 or not r["name"].endswith(f"_gpu{r['nranks']}"):
            continue
        one = by_name.get(r["name"][: -len(str(r["nranks"]))] + "1")
        if one:
            scaling.append({"name": r["name"], "gpus": r["nranks"],
                            "speedup_end_to_end": r["gcups_end_to_end"] / one["gcups_end_to_end"],
                            "speedup_aligners": r["gcups_aligners"] / one["gcups_aligners"],
                            "speedup_kernels": r["gcups_kernels"] / one["gcups_kernels"]})
    summary = {"runs": rows, "parasail": parasail, "checks": checks, "scaling": scaling}
    (out / "align_bench.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(f"{'run':34} {'backend':8} {'ranks':>5} {'pairs':>8} {'Gcells':>9} {'seconds':>8} "
          f"{'GCUPS e2e':>10} {'GCUPS aligner':>13} {'GCUPS kernel':>12}")
    for r in rows:
        print(f"{r['name']:34} {r['backend']:8} {r['nranks']:>5} {r['pairs']:>8} {r['cells']/1e9:>9.2f} "
              f"{r['seconds']:>8.2f} {r['gcups_end_to_end']:>10.1f} {r['gcups_aligners']:>13.1f} "
              f"{r['gcups_kernels']:>12.1f}")
    split_rows = [r for r in rows if r["time_split"]]
    if split_rows:
        # Stage times are summed over ranks and aligners, and overlap one another.
        print(f"\n{'run':34} {'read by':10} {'e2e s':>7} {'load s':>7} {'setup s':>7} "
              f"{'pack s':>7} {'copy s':>7} {'kernel s':>8} {'write s':>8} {'e2e/kernel':>10}")
        for r in split_rows:
            t = r["time_split"]
            ratio = r["gcups_end_to_end"] / r["gcups_kernels"] if r["gcups_kernels"] else 0.0
            print(f"{r['name']:34} {r['sequences_read_by']:10} {r['seconds']:>7.3f} "
                  f"{t['load_seconds']:>7.3f} {t.get('setup_seconds', 0.0):>7.3f} "
                  f"{t['pack_seconds']:>7.3f} {t['transfer_seconds']:>7.3f} "
                  f"{t['kernel_seconds']:>8.3f} {t['write_seconds']:>8.3f} {ratio:>10.2f}")
    for name, p in parasail.items():
        if p.get("available"):
            print(f"{'parasail ' + name:34} {'1 core':8} {1:>5} {p['pairs']:>8} {p['cells']/1e9:>9.2f} "
                  f"{p['seconds']:>8.2f} {p['gcups']:>10.2f} {p['gcups']:>13.2f}")
        else:
            print(f"parasail {name}: python3 -c 'import parasail' failed on this machine")
    for s in scaling:
        print(f"scaling {s['name']}: {s['speedup_end_to_end']:.2f}x end to end, "
              f"{s['speedup_aligners']:.2f}x aligners, {s['speedup_kernels']:.2f}x kernels "
              f"over 1 GPU")
    for name, ok in checks.items():
        print(f"check {name}: {'ok' if ok else 'FAILED'}")


if __name__ == "__main__":
    main()
