#!/usr/bin/env bash
# Graph I/O benchmark: conversion of a SNAP text edge list to sharded HDF5, and loading
# (read_csr of every vertex, in- and out-edges) of the result, with each rank count:
# through MPI-IO (the default) and through HDF5's POSIX driver (WARPGRAPH_HDF5_DRIVER=posix).
# Baselines from the same run: reading the text file (the I/O floor for conversion) and
# reading every shard dataset with h5py (a plain sequential load).
#
# usage: jobs/bench/io.sh [--scale S] [--edge-factor E] [--ranks "1 2"] [--shards N]
#                         [--out DIR] [--build DIR]
# defaults: scale 22 (4.2M vertices, 67M generated edges), edge factor 16, ranks "1 2",
# out build-bench/io, build build. Prints a table; writes DIR/io.json.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scale=22 edge_factor=16 ranks="1 2" shards="" out="$root/build-bench/io" build="$root/build"
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=$2; shift 2 ;;
    --edge-factor) edge_factor=$2; shift 2 ;;
    --ranks) ranks=$2; shift 2 ;;
    --shards) shards=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "io.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
warpgraph="$build/warpgraph"
[ -x "$warpgraph" ] || { echo "io.sh: $warpgraph not found; build first" >&2; exit 1; }
python=${PYTHON:-/usr/bin/python3}  # needs h5py and numpy
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
shard_option=()
[ -n "$shards" ] && shard_option=(--shards "$shards")
max_ranks=$(echo "$ranks" | tr ' ' '\n' | sort -n | tail -1)
mkdir -p "$out"
run() {  # ranks command...
  local n=$1
  shift
  mpirun -n "$n" --oversubscribe "$warpgraph" "$@"
}

echo "== generating RMAT scale $scale, edge factor $edge_factor ($max_ranks rank(s))" >&2
run "$max_ranks" generate --scale "$scale" --edge-factor "$edge_factor" --seed 1 \
  "${shard_option[@]}" "$out/rmat.h5" --report "$out/generate.json"
echo "== writing the SNAP text edge list" >&2
"$python" "$root/jobs/bench/io_edgelist.py" "$out/rmat.h5" "$out/rmat.txt"

for n in $ranks; do
  echo "== convert and load with $n rank(s)" >&2
  rm -rf "$out/ranks$n" && mkdir -p "$out/ranks$n"
  run "$n" convert "$out/rmat.txt" "$out/ranks$n/rmat.h5" "${shard_option[@]}" \
    --report "$out/convert$n.json"
  run "$n" info "$out/ranks$n/rmat.h5" --report "$out/load$n.json" >/dev/null
  WARPGRAPH_HDF5_DRIVER=posix run "$n" info "$out/ranks$n/rmat.h5" \
    --report "$out/load_posix$n.json" >/dev/null
done
"$python" "$root/jobs/bench/io_summary.py" "$out" $ranks
