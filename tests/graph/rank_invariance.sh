#!/usr/bin/env bash
# The same input converted (or generated) with 1, 2, 3 and 4 ranks gives files with
# identical contents (h5diff compares every dataset and attribute), reordered ones
# (--reorder, whose id map /vertex_ids is compared too) included.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../support/assert.sh"
graphs="$WG_DATA_DIR/graphs"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

same_graph() {  # a.h5 b.h5 shards what
  h5diff "$1" "$2" >/dev/null
  assert_status 0 $? "$4: index files differ ($1 vs $2)"
  local shard
  for ((shard = 0; shard < $3; shard++)); do
    local name
    name=$(printf 'shard-%05d.h5' "$shard")
    h5diff "${1%.h5}.$name" "${2%.h5}.$name" >/dev/null
    assert_status 0 $? "$4: shard $shard differs"
  done
}

run_ranks() {  # ranks args...
  local ranks=$1
  shift
  "$MPIEXEC" -n "$ranks" --oversubscribe "$WARPGRAPH" "$@" 2>/dev/null
}

# Each rank count writes into its own folder, so that file names (stored in the index)
# are the same.
for ranks in 1 2 3 4; do
  mkdir -p "$work/$ranks"
  run_ranks "$ranks" convert "$graphs/CA-GrQc.txt" "$work/$ranks/grqc.h5" --shards 3 --undirected
  assert_status 0 $? "convert CA-GrQc with $ranks ranks"
  run_ranks "$ranks" convert "$graphs/p2p-Gnutella08.txt.gz" "$work/$ranks/p2p.h5" --shards 2
  assert_status 0 $? "convert p2p-Gnutella08 with $ranks ranks"
  run_ranks "$ranks" convert "$graphs/rome99.gr" "$work/$ranks/rome.h5" --shards 4 --keep-duplicates
  assert_status 0 $? "convert rome99 with $ranks ranks"
  run_ranks "$ranks" generate --scale 11 --edge-factor 8 --seed 42 --max-weight 9 --shards 3 \
    "$work/$ranks/rmat.h5"
  assert_status 0 $? "generate with $ranks ranks"
  run_ranks "$ranks" convert "$graphs/rome99.gr" "$work/$ranks/rome-rcm.h5" --shards 2 --reorder rcm
  assert_status 0 $? "convert rome99 --reorder rcm with $ranks ranks"
  run_ranks "$ranks" convert "$graphs/CA-GrQc.txt" "$work/$ranks/grqc-degree.h5" --shards 2 \
    --relabel --reorder degree
  assert_status 0 $? "convert CA-GrQc --relabel --reorder degree with $ranks ranks"
  run_ranks "$ranks" generate --scale 10 --edge-factor 8 --seed 42 --shards 2 --reorder rcm \
    "$work/$ranks/rmat-rcm.h5"
  assert_status 0 $? "generate --reorder rcm with $ranks ranks"
done
for ranks in 2 3 4; do
  same_graph "$work/1/grqc.h5" "$work/$ranks/grqc.h5" 3 "CA-GrQc, 1 vs $ranks ranks"
  same_graph "$work/1/p2p.h5" "$work/$ranks/p2p.h5" 2 "p2p-Gnutella08.gz, 1 vs $ranks ranks"
  same_graph "$work/1/rome.h5" "$work/$ranks/rome.h5" 4 "rome99, 1 vs $ranks ranks"
  same_graph "$work/1/rmat.h5" "$work/$ranks/rmat.h5" 3 "RMAT seed 42, 1 vs $ranks ranks"
  same_graph "$work/1/rome-rcm.h5" "$work/$ranks/rome-rcm.h5" 2 "rome99 rcm, 1 vs $ranks ranks"
  same_graph "$work/1/grqc-degree.h5" "$work/$ranks/grqc-degree.h5" 2 \
    "CA-GrQc relabelled, degree order, 1 vs $ranks ranks"
  same_graph "$work/1/rmat-rcm.h5" "$work/$ranks/rmat-rcm.h5" 2 "RMAT rcm, 1 vs $ranks ranks"
done

# A different seed gives a different graph (the comparison above can fail).
run_ranks 2 generate --scale 11 --edge-factor 8 --seed 43 --max-weight 9 --shards 3 "$work/other.h5"
h5diff "$work/1/rmat.shard-00000.h5" "$work/other.shard-00000.h5" >/dev/null
assert_nonzero $? "seed 43 should differ from seed 42"
finish
