#!/usr/bin/env bash
# Two hosts on one machine: two network namespaces, each with its own veth interface and
# address on a private /24, joined by a veth pair. mpirun starts in the first namespace
# and launches its daemon on the second "host" through an rsh agent that enters that
# namespace, so the ranks of the two hosts talk over TCP only (btl self,tcp, restricted
# to the test's subnet), as ranks on two machines do. Checks that graph runs (bfs,
# pagerank) and an alignment on 2 hosts (2 and 4 ranks) give the same bytes as on one
# host, and that the graph engine sees 2 nodes (its topology splits ranks by shared
# memory). Needs root and `ip netns`; exits 77 (skipped) with the reason otherwise.
# Removes its namespaces (and with them the veth pair) on any exit, Ctrl-C included.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../support/assert.sh"

skip() {
  echo "SKIPPED: $*"
  exit 77
}
[ "$(id -u)" = 0 ] || skip "creating network namespaces needs root"
command -v ip >/dev/null && ip netns list >/dev/null 2>&1 || skip "'ip netns' is unavailable"

tag=wgmh$$                 # unique per run: concurrent runs get their own namespaces
ns_a=$tag-a
ns_b=$tag-b
subnet=10.213.77           # private /24, visible only inside the two namespaces
addr_a=$subnet.1
addr_b=$subnet.2
work=$(mktemp -d)
cleanup() {
  # Deleting a namespace deletes the veth end inside it, and so the whole pair.
  ip netns del "$ns_a" 2>/dev/null
  ip netns del "$ns_b" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM   # exit runs the EXIT trap

ip netns add "$ns_a" 2>/dev/null || skip "cannot create a network namespace here"
ip netns add "$ns_b" || skip "cannot create a second network namespace here"
ip -n "$ns_a" link add veth0 type veth peer name veth0 netns "$ns_b" ||
  skip "cannot create a veth pair here"
for ns in "$ns_a" "$ns_b"; do
  ip -n "$ns" link set lo up
  ip -n "$ns" link set veth0 up
done
ip -n "$ns_a" addr add "$addr_a/24" dev veth0
ip -n "$ns_b" addr add "$addr_b/24" dev veth0

# Open MPI's remote launch runs `AGENT HOST COMMAND`: here the command runs inside the
# namespace of HOST instead of over ssh. Each host also gets a host name of its own (a
# UTS namespace), as Open MPI tells nodes, and their shared-memory files, apart by name.
agent=$work/netns-rsh
cat > "$agent" <<AGENT
#!/bin/sh
host=\$1
shift
case \$host in
  $addr_a) ns=$ns_a ;;
  $addr_b) ns=$ns_b ;;
  *) echo "netns-rsh: unknown host \$host" >&2; exit 1 ;;
esac
exec ip netns exec "\$ns" unshare --uts /bin/sh -c "hostname \$ns && \$*"
AGENT
chmod +x "$agent"

one_host() {  # ranks, command...
  "$MPIEXEC" -n "$1" --oversubscribe "${@:2}"
}
two_hosts() {  # ranks (split evenly), command...
  local slots=$(($1 / 2))
  printf '%s slots=%s\n%s slots=%s\n' "$addr_a" "$slots" "$addr_b" "$slots" > "$work/hosts"
  ip netns exec "$ns_a" unshare --uts /bin/sh -c 'hostname "$0" && exec "$@"' "$ns_a" \
    "$MPIEXEC" -n "$1" --hostfile "$work/hosts" \
    --mca plm_rsh_agent "$agent" --mca btl self,tcp --mca pml ob1 \
    --mca btl_tcp_if_include "$subnet.0/24" --mca oob_tcp_if_include "$subnet.0/24" \
    -x OMPI_ALLOW_RUN_AS_ROOT -x OMPI_ALLOW_RUN_AS_ROOT_CONFIRM "${@:2}"
}
nodes_of() {  # report.json -> the run's node count
  "$WG_PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))["nodes"])' "$1"
}

graph=$work/rome.h5
"$WARPGRAPH" convert -q "$WG_DATA_DIR/graphs/rome99.gr" "$graph" --shards 2 ||
  fail_test "convert rome99"
fasta=$WG_DATA_DIR/sequences/rfam_5.8S_first40.fa

for ranks in 2 4; do
  for algo in bfs pagerank; do
    args=(run -q --graph "$graph" --algo "$algo")
    [ "$algo" = bfs ] && args+=(--source 0)
    one_host "$ranks" "$WARPGRAPH" "${args[@]}" --output "$work/$algo-$ranks-one.tsv" \
      --report "$work/$algo-$ranks-one.json" || fail_test "$algo on 1 host, $ranks ranks"
    out=$(two_hosts "$ranks" "$WARPGRAPH" "${args[@]}" --output "$work/$algo-$ranks-two.tsv" \
      --report "$work/$algo-$ranks-two.json" 2>&1)
    assert_status 0 $? "$algo on 2 hosts, $ranks ranks ($out)"
    cmp -s "$work/$algo-$ranks-one.tsv" "$work/$algo-$ranks-two.tsv" ||
      fail_test "$algo, $ranks ranks: 2 hosts wrote other values than 1 host"
    [ "$(nodes_of "$work/$algo-$ranks-one.json")" = 1 ] ||
      fail_test "$algo, $ranks ranks on 1 host: the report does not say nodes: 1"
    [ "$(nodes_of "$work/$algo-$ranks-two.json")" = 2 ] ||
      fail_test "$algo, $ranks ranks on 2 hosts: the report does not say nodes: 2"
  done
  one_host "$ranks" "$WARPGRAPH" align -q --all-vs-all "$fasta" -o "$work/align-$ranks-one.tsv" ||
    fail_test "align on 1 host, $ranks ranks"
  out=$(two_hosts "$ranks" "$WARPGRAPH" align -q --all-vs-all "$fasta" \
    -o "$work/align-$ranks-two.tsv" 2>&1)
  assert_status 0 $? "align on 2 hosts, $ranks ranks ($out)"
  cmp -s "$work/align-$ranks-one.tsv" "$work/align-$ranks-two.tsv" ||
    fail_test "align, $ranks ranks: 2 hosts wrote other results than 1 host"
done
finish
