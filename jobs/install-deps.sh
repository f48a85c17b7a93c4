#!/usr/bin/env bash
# Installs the Debian packages warpgraph builds and tests with, only those missing.
# Idempotent; works as root or as a user with sudo.
# Usage: jobs/install-deps.sh [--slurm]
#   --slurm  also the Slurm controller, node daemon, client commands and munge, which the
#            real-Slurm test (tests/slurm/slurm_cluster.sh) starts on this host
set -euo pipefail

packages=(
  build-essential cmake pkg-config git
  libopenmpi-dev openmpi-bin
  libhdf5-openmpi-dev hdf5-tools
  libboost-serialization-dev
  libgtest-dev libgmock-dev
  libcli11-dev libspdlog-dev libfmt-dev nlohmann-json3-dev zlib1g-dev liblzma-dev libhts-dev
  libxxhash-dev
  python3-numpy python3-scipy python3-networkx python3-h5py python3-parasail
  emboss samtools xz-utils clang-format
  clang libclang-rt-dev libomp-dev  # sanitizer and fuzz builds (tests/sanitizer, tests/fuzz)
  iproute2  # `ip netns` for the two-host test (tests/multihost)
)
# Not installed by default: on a host with systemd, installing them enables their services.
slurm_packages=(slurmctld slurmd slurm-client munge)
[ "${1:-}" = "--slurm" ] && packages+=("${slurm_packages[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
echo "installing Debian packages: ${missing[*]}" >&2
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
