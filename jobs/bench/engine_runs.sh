# Helpers of the graph-engine benchmarks (engine_gpu.sh, engine_walks.sh), sourced after
# they set: out (the output folder), warpgraph, prep (the command array that generates and
# converts graphs under mpirun).

# run NAME GRAPH ALGO [extra run options...]: one `warpgraph run` on the GPU (on the host
# with RUN_BACKEND=host), its report kept as OUT_DIR/NAME.json.
run() {
  local name=$1 graph=$2 algo=$3
  shift 3
  echo "run $name" >&2
  if ! "$warpgraph" run --graph "$graph" --algo "$algo" --backend "${RUN_BACKEND:-cuda}" \
    --report "$out/$name.json" \
    "$@" 2> "$out/$name.log"; then
    echo "run $name FAILED:" >&2
    tail -n 5 "$out/$name.log" >&2
  fi
}

# rmat SCALE [NAME [A,B,C]]: OUT_DIR/NAME.h5 (default rmatSCALE), undirected RMAT with
# integer weights 1..100 and the quadrant probabilities A,B,C (default Graph500's),
# generated once.
rmat() {
  local name=${2:-rmat$1}
  local h5=$out/$name.h5
  local skew=()
  [ -n "${3:-}" ] && skew=(--rmat "$3")
  [ -e "$h5" ] || "${prep[@]}" generate --scale "$1" --edge-factor 16 --seed 1 --undirected \
    --max-weight 100 "${skew[@]}" "$h5" 2> "$out/generate_$name.log" ||
    { echo "generate $name failed" >&2; exit 1; }
}
