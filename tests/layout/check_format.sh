#!/usr/bin/env bash
# clang-format (the repository's .clang-format) on every C++/CUDA source changed since the
# commit recorded in .ci/format-base (the point from which formatting is enforced; older
# files are formatted when they are next changed). Without git history (a source
# tarball, a shallow clone missing that commit) it checks the files of the last commit.
# Prints the files that differ and exits 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
command -v clang-format > /dev/null || { echo "clang-format is not installed"; exit 1; }
if ! git rev-parse --git-dir > /dev/null 2>&1; then
  echo "not a git checkout: nothing to compare against, skipped"
  exit 0
fi
base=$(cat .ci/format-base)
if ! git cat-file -e "$base^{commit}" 2> /dev/null; then
  echo "format base $base not in this clone's history: checking the last commit's files"
  base=HEAD~1
  git cat-file -e "$base^{commit}" 2> /dev/null || { echo "no parent commit: skipped"; exit 0; }
fi
mapfile -t files < <(git diff --name-only --diff-filter=d "$base" -- '*.cpp' '*.hpp' '*.cu' '*.cuh' '*.h')
bad=()
for f in "${files[@]}"; do
  clang-format --dry-run --Werror "$f" > /dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  echo "not formatted (run clang-format -i on them):"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "${#files[@]} changed source files formatted"
