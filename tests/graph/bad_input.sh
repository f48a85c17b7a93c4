#!/usr/bin/env bash
# Bad input to convert and info: one clear message naming the file and line (or dataset),
# exit status 1, and no output file left behind.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../support/assert.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

no_output_left() {  # what
  local left
  left=$(ls "$work/out" 2>/dev/null)
  [ -z "$left" ] || fail_test "$1: files left behind: $left"
}

# bad_convert ranks file-content-name expected-message [convert options...]
# The input is $work/<name>, written by the caller.
bad_convert() {
  local ranks=$1 name=$2 message=$3
  shift 3
  rm -rf "$work/out" && mkdir -p "$work/out"
  local out launcher=()
  # One rank runs without mpirun (MPI singleton), which keeps the test quick.
  [ "$ranks" -gt 1 ] && launcher=("$MPIEXEC" -n "$ranks" --oversubscribe)
  out=$("${launcher[@]}" "$WARPGRAPH" convert "$work/$name" "$work/out/graph.h5" "$@" 2>&1)
  assert_status 1 $? "$name ($message)"
  assert_contains "$out" "$message" "$name"
  no_output_left "$name"
}

lines() { printf '%s\n' "$@"; }

# SNAP edge lists.
lines "0 1" "1 2 3 4" >"$work/fields.txt"
bad_convert 1 fields.txt "fields.txt:2: expected 2 or 3 fields (source target [weight]), found 4"
lines "# c" "0 1" "1 x" >"$work/nonnumeric.txt"
bad_convert 1 nonnumeric.txt "nonnumeric.txt:3: 'x' is not a vertex id"
lines "0 1" "-1 2" >"$work/negative.txt"
bad_convert 1 negative.txt "negative.txt:2: '-1' is not a vertex id"
lines "0 1 2.5" "1 2 abc" >"$work/weight.txt"
bad_convert 1 weight.txt "weight.txt:2: 'abc' is not a finite number"
lines "0 1" "1 2" "2 3 1.5" >"$work/mixed.txt"
bad_convert 1 mixed.txt "mixed.txt:3: found 3 fields, but line 1 has 2"
lines "0 1" "4294967295 2" >"$work/huge.txt"
bad_convert 1 huge.txt "huge.txt:2: vertex id 4294967295 exceeds the largest supported id"
lines "# only comments" >"$work/empty.txt"
bad_convert 1 empty.txt "empty.txt: no edges found"
# An error deep in the file, found by the last of several ranks.
{ for i in $(seq 1 3000); do echo "$i $((i + 1))"; done; echo "7 7 7 7"; } >"$work/late.txt"
bad_convert 3 late.txt "late.txt:3001: expected 2 or 3 fields"
printf '0 1\r\n1 2\r\n2 z\r\n' >"$work/crlf.txt"
bad_convert 2 crlf.txt "crlf.txt:3: 'z' is not a vertex id"

# Matrix Market.
lines "%%MatrixMarket matrix array real general" "2 2" "1" "2" "3" "4" >"$work/array.mtx"
bad_convert 1 array.mtx "array.mtx:1: only 'coordinate' Matrix Market files"
lines "%%MatrixMarkt matrix coordinate real general" "2 2 1" "1 2 1" >"$work/banner.mtx"
bad_convert 1 banner.mtx "banner.mtx:1: not a Matrix Market file"
lines "%%MatrixMarket matrix coordinate complex general" "2 2 1" "1 2 1 0" >"$work/complex.mtx"
bad_convert 1 complex.mtx "complex.mtx:1: value type 'complex' is not supported"
lines "%%MatrixMarket matrix coordinate pattern general" "% c" "3 3 -2" "1 2" >"$work/negcount.mtx"
bad_convert 1 negcount.mtx "negcount.mtx:3: size line field '-2' is not a non-negative integer"
lines "%%MatrixMarket matrix coordinate pattern general" "3 3" "1 2" >"$work/nocount.mtx"
bad_convert 1 nocount.mtx "nocount.mtx:2: expected the size line 'rows columns entries', found 2"
lines "%%MatrixMarket matrix coordinate pattern general" "% only comments" >"$work/nosize.mtx"
bad_convert 1 nosize.mtx "nosize.mtx: ends before the size line"
lines "%%MatrixMarket matrix coordinate pattern general" "3 4 1" "1 2" >"$work/square.mtx"
bad_convert 1 square.mtx "square.mtx:2: the matrix is 3 x 4"
lines "%%MatrixMarket matrix coordinate pattern general" "3 3 2" "1 2" "1 4" >"$work/range.mtx"
bad_convert 1 range.mtx "range.mtx:4: vertex id 4 is outside the declared range [1, 3]"
lines "%%MatrixMarket matrix coordinate pattern general" "3 3 2" "0 2" "1 3" >"$work/zero.mtx"
bad_convert 2 zero.mtx "zero.mtx:3: vertex id 0 is outside the declared range [1, 3]"
lines "%%MatrixMarket matrix coordinate real general" "3 3 2" "1 2" "1 3 1" >"$work/mfields.mtx"
bad_convert 1 mfields.mtx "mfields.mtx:3: expected 3 fields (row column value), found 2"
lines "%%MatrixMarket matrix coordinate pattern general" "3 3 4" "1 2" "2 3" "3 1" >"$work/trunc.mtx"
bad_convert 2 trunc.mtx "trunc.mtx:5: file ends after 3 of the 4 entries declared on line 2"
lines "%%MatrixMarket matrix coordinate pattern general" "3 3 1" "1 2" "2 3" "3 1" >"$work/extra.mtx"
bad_convert 3 extra.mtx "extra.mtx:4: more entries than the 1 declared on line 2"

# DIMACS.
lines "c x" "a 1 2 3" "p sp 2 1" >"$work/noproblem.gr"
bad_convert 1 noproblem.gr "noproblem.gr:2: expected the problem line 'p sp <vertices> <arcs>'"
lines "c x" "p max 2 1" "a 1 2 3" >"$work/ptype.gr"
bad_convert 1 ptype.gr "ptype.gr:2: problem type 'max' is not supported"
lines "p sp 2 -1" >"$work/pcount.gr"
bad_convert 1 pcount.gr "pcount.gr:1: vertex and arc counts must be non-negative integers"
lines "p sp 3 2" "a 1 2 5" "a 3 4 1" >"$work/arcrange.gr"
bad_convert 2 arcrange.gr "arcrange.gr:3: vertex id 4 is outside the declared range [1, 3]"
lines "p sp 3 3" "a 1 2 5" "c" "a 2 3 1" >"$work/arctrunc.gr"
bad_convert 1 arctrunc.gr "arctrunc.gr:4: file ends after 2 of the 3 arcs declared on line 1"
lines "p tw 3 2" "1 2" "2 3 7" >"$work/pairfields.gr"
bad_convert 2 pairfields.gr "pairfields.gr:3: an edge line of a 'p tw' file needs 2 fields"
lines "p tw 3 3" "1 2" "2 3" >"$work/pairtrunc.gr"
bad_convert 1 pairtrunc.gr "pairtrunc.gr:3: file ends after 2 of the 3 edges declared on line 1"
lines "p sp 3 1" "a 1 2" >"$work/arcfields.gr"
bad_convert 1 arcfields.gr "arcfields.gr:2: an arc line needs 4 fields"
lines "p sp 3 1" "e 1 2 3" >"$work/arckind.gr"
bad_convert 1 arckind.gr "arckind.gr:2: expected an arc line"

# Files that cannot be read, and options that do not fit.
bad_convert 2 missing.txt "missing.txt: cannot open"
mkdir -p "$work/folder.txt"
bad_convert 1 folder.txt "folder.txt: cannot read"
head -c 200 "$WG_DATA_DIR/graphs/p2p-Gnutella08.txt.gz" >"$work/cut.txt.gz"
bad_convert 2 cut.txt.gz "cut.txt.gz: the gzip data is cut short"
lines "0 1" >"$work/graph.dat"
bad_convert 1 graph.dat "graph.dat: cannot tell the input format from the file name"
lines "0 1" "1 2" >"$work/good.txt"
bad_convert 1 good.txt "--shards 5 exceeds the 3 vertices" --shards 5 --format snap
rm -rf "$work/out"
out=$("$WARPGRAPH" convert "$work/good.txt" "$work/no/such/folder/graph.h5" 2>&1)
assert_status 1 $? "output folder missing"
assert_contains "$out" "does not exist" "output folder missing"
out=$("$WARPGRAPH" convert "$work/good.txt" "$work/x.h5" --format edges 2>&1)
assert_status 2 $? "unknown --format is a usage error"

# info on files that are not warpgraph graphs, or whose shards disagree.
bad_info() {  # file expected-message what
  local out
  out=$("$MPIEXEC" -n 2 --oversubscribe "$WARPGRAPH" info "$1" 2>&1)
  assert_status 1 $? "info: $3"
  assert_contains "$out" "$2" "info: $3"
}
bad_info "$work/none.h5" "none.h5: cannot open" "missing file"
bad_info "$work/good.txt" "good.txt: not an HDF5 file" "text file"
"$WG_PYTHON" -c "import h5py; h5py.File('$work/other.h5', 'w')['x'] = [1, 2]"
bad_info "$work/other.h5" "other.h5: not a warpgraph graph index file" "foreign HDF5 file"

mkdir -p "$work/g"
"$WARPGRAPH" convert "$WG_DATA_DIR/graphs/karate.mtx" "$work/g/k.h5" --shards 3 2>/dev/null
corrupt() {  # python statements on shard file s (h5py handle), expected message, what
  rm -rf "$work/c" && cp -r "$work/g" "$work/c"
  "$WG_PYTHON" -c "import h5py, numpy as np; s = h5py.File('$work/c/k.shard-00001.h5', 'r+'); $1"
  bad_info "$work/c/k.h5" "$2" "$3"
}
corrupt "s.attrs['vertex_begin'] = np.uint64(5)" "k.shard-00001.h5: shard number or vertex range disagrees with the index" "shard range disagrees"
corrupt "s.attrs['num_vertices'] = np.uint64(35)" "k.shard-00001.h5: vertex count, directedness or weightedness disagrees" "shard vertex count disagrees"
corrupt "p = s['out/indptr']; p[3] = p[2] + 10**6" "k.shard-00001.h5: dataset 'out/indptr' is not a valid offset array" "offsets not monotone"
corrupt "i = s['in/indices']; i[0] = 99" "k.shard-00001.h5: dataset 'in/indices' holds a vertex id outside [0, 34)" "id out of range"
corrupt "i = s['out/indices']; i[0] = (i[0] + 1) % 34" "k.h5: the graph is marked undirected but the in-edges of vertices" "undirected graph not symmetric"
corrupt "del s['in/indices']" "k.shard-00001.h5: dataset 'indices' is missing" "dataset missing"
corrupt "d = s['in/indices'][:]; del s['in/indices']; s['in/indices'] = d[:-1]" "dataset 'in/indices' has" "dataset too short"
mkdir -p "$work/w"
"$WARPGRAPH" convert "$WG_DATA_DIR/graphs/west0067.mtx" "$work/w/w.h5" --shards 2 2>/dev/null
"$WG_PYTHON" -c "import h5py; h5py.File('$work/w/w.shard-00001.h5', 'r+')['out/weights'][0] += 1"
bad_info "$work/w/w.h5" "w.h5: the in-edges and out-edges are not transposes of each other" "in and out disagree"
# The POSIX read path (each rank opens only its own shards) reports the same failures.
export WARPGRAPH_HDF5_DRIVER=posix
corrupt "s.attrs['vertex_begin'] = np.uint64(5)" "k.shard-00001.h5: shard number or vertex range disagrees with the index" "posix driver: shard range disagrees"
corrupt "i = s['in/indices']; i[0] = 99" "k.shard-00001.h5: dataset 'in/indices' holds a vertex id outside [0, 34)" "posix driver: id out of range"
unset WARPGRAPH_HDF5_DRIVER
rm -rf "$work/c" && cp -r "$work/g" "$work/c" && rm "$work/c/k.shard-00002.h5"
bad_info "$work/c/k.h5" "k.shard-00002.h5: cannot open" "shard file missing"
rm -rf "$work/c" && cp -r "$work/g" "$work/c"
"$WG_PYTHON" -c "import h5py, numpy as np; h5py.File('$work/c/k.h5', 'r+')['shards/vertex_end'][0] = 9"
bad_info "$work/c/k.h5" "k.h5: shard 1 covers vertices" "shard ranges not contiguous"
rm -rf "$work/c" && cp -r "$work/g" "$work/c"
"$WG_PYTHON" -c "import h5py, numpy as np; h5py.File('$work/c/k.h5', 'r+').attrs['num_edges'] = np.uint64(7)"
bad_info "$work/c/k.h5" "k.h5: shards hold 156 in-edges and 156 out-edges, attribute 'num_edges' says 7" "edge count disagrees"
finish
