#!/usr/bin/python3
"""Table and JSON for jobs/bench/io.sh: conversion and load throughput per rank count,
with the baselines measured in the same run: reading the text file (1 MiB blocks, page
cache warm as for the conversions) and h5py reading every dataset of the converted graph.

usage: io_summary.py OUT_DIR RANKS...
"""
import json
import os
import sys
import time

import h5py


def h5py_load(index_path):
    """Seconds and bytes for reading every shard dataset with h5py, one process."""
    folder = os.path.dirname(index_path)
    start = time.perf_counter()
    total = 0
    with h5py.File(index_path, "r") as index:
        files = [name.decode() for name in index["shards/file"][:]]
    for name in files:
        with h5py.File(os.path.join(folder, name), "r") as shard:
            for group in ("in", "out"):
                for dataset in shard[group].values():
                    total += dataset[()].nbytes
    return time.perf_counter() - start, total


def text_read(path):
    """Seconds and bytes for reading a file in 1 MiB blocks (second pass: cache warm)."""
    for _ in range(2):
        start = time.perf_counter()
        total = 0
        with open(path, "rb", buffering=0) as f:
            while block := f.read(1 << 20):
                total += len(block)
        seconds = time.perf_counter() - start
    return seconds, total


def main():
    out, ranks = sys.argv[1], sys.argv[2:]
    load = lambda name: json.load(open(os.path.join(out, name)))
    generate = load("generate.json")
    text_seconds, text_bytes = text_read(os.path.join(out, "rmat.txt"))
    h5_seconds, h5_bytes = h5py_load(os.path.join(out, f"ranks{ranks[0]}", "rmat.h5"))
    rows = []
    for n in ranks:
        convert, info = load(f"convert{n}.json"), load(f"load{n}.json")
        posix = load(f"load_posix{n}.json")
        rows.append({
            "ranks": int(n),
            "convert_seconds": convert["seconds"],
            "convert_parse_seconds": convert["parse_seconds"],
            "convert_mb_per_s": text_bytes / 1e6 / convert["seconds"],
            "load_seconds": info["read_seconds"],
            "load_bytes": info["read_bytes"],
            "load_mb_per_s": info["read_mb_per_s"],
            "load_posix_seconds": posix["read_seconds"],
            "load_posix_mb_per_s": posix["read_mb_per_s"],
        })
    result = {
        "benchmark": "graph_io",
        "graph": {"scale": generate["scale"], "edge_factor": generate["edge_factor"],
                  "vertices": generate["vertices"], "edges": generate["edges"],
                  "shards": generate["shards"]},
        "text_bytes": text_bytes,
        "generate_seconds": generate["seconds"],
        "generate_ranks": generate["ranks"],
        "baseline_text_read_mb_per_s": text_bytes / 1e6 / text_seconds,
        "baseline_h5py_load_mb_per_s": h5_bytes / 1e6 / h5_seconds,
        "runs": rows,
    }
    print(f"RMAT scale {generate['scale']}, edge factor {generate['edge_factor']}: "
          f"{generate['vertices']} vertices, {generate['edges']} stored edges, "
          f"{generate['shards']} shard(s); text {text_bytes / 1e6:.0f} MB; "
          f"generated in {generate['seconds']:.2f} s on {generate['ranks']} rank(s)")
    print(f"{'ranks':>5}  {'convert s':>10}  {'convert MB/s':>12}  {'load s':>8}  {'load MB/s':>10}"
          f"  {'posix load s':>12}  {'posix MB/s':>10}")
    for r in rows:
        print(f"{r['ranks']:>5}  {r['convert_seconds']:>10.2f}  {r['convert_mb_per_s']:>12.1f}  "
              f"{r['load_seconds']:>8.3f}  {r['load_mb_per_s']:>10.1f}"
              f"  {r['load_posix_seconds']:>12.3f}  {r['load_posix_mb_per_s']:>10.1f}")
    print(f"baselines: reading the text {result['baseline_text_read_mb_per_s']:.0f} MB/s; "
          f"h5py read of all datasets (1 process) {result['baseline_h5py_load_mb_per_s']:.0f} MB/s")
    with open(os.path.join(out, "io.json"), "w") as f:
        json.dump(result, f, indent=2)
    print(f"wrote {os.path.join(out, 'io.json')}")


if __name__ == "__main__":
    main()
