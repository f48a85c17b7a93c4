#!/usr/bin/env python3
"""Writes every quoted include of a project file as its path from the repository root.

The project's only include directory is the repository root, so a header is named the
same way from everywhere: "src/common/error.hpp", "kernels/graph/cuda/warp_pull.cuh",
"comm/graph/exchanger.hpp", "partition/borders.hpp". This script turns the older
spellings into that one. Each quoted include is resolved the way the compiler resolved it
before the change: the including file's folder first, then the include directories the
targets used to export (src/, src/common/, kernels/, comm/, partition/). An include that
resolves to a file of the repository is rewritten to that file's path from the root; one
that resolves to nothing here (a system or generated header) is left alone, and one that
two of the old directories resolve to different files is reported as ambiguous.

Running it again changes nothing (a root-relative include resolves to itself), so it can
be re-applied after a merge brings in sources written the old way.

Usage:
  root_includes.py            rewrite the sources, then clang-format the files it changed
  root_includes.py --check    change nothing; print FILE:LINE for every include that is not
                              written from the root and exit 1 when there is one
  root_includes.py --no-format  rewrite without running clang-format
Paths given after the options limit the work to those files or folders.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The folders whose sources are rewritten and checked.
FOLDERS = ["src", "kernels", "comm", "partition", "tests", "jobs"]
# The include directories the targets exported before every include was root-relative, in
# no particular order: the compiler's order differed between targets, so a name two of them
# resolve differently is reported rather than guessed.
OLD_INCLUDE_DIRS = ["src", "src/common", "kernels", "comm", "partition"]
SUFFIXES = (".cpp", ".hpp", ".cu", ".cuh", ".h", ".cc", ".inl", ".cpp.in", ".hpp.in")
INCLUDE = re.compile(r'^(\s*#\s*include\s*)"([^"]+)"(.*)$')


def is_project_file(path):
    rel = os.path.relpath(path, ROOT)
    return os.path.isfile(path) and rel.split(os.sep)[0] in FOLDERS


def resolve(including, name):
    """The root-relative path NAME names from INCLUDING, None for no project file.
    Raises ValueError when the old include directories resolve NAME to different files."""
    # The including file's folder, as the compiler looks first. A generated source
    # (*.in) is compiled from the build tree, where its folder holds no header.
    if not including.endswith(".in"):
        beside = os.path.normpath(os.path.join(os.path.dirname(including), name))
        if is_project_file(beside):
            return os.path.relpath(beside, ROOT)
    # Already written from the root.
    from_root = os.path.normpath(os.path.join(ROOT, name))
    if is_project_file(from_root) and os.path.relpath(from_root, ROOT) == os.path.normpath(name):
        return os.path.normpath(name)
    found = set()
    for folder in OLD_INCLUDE_DIRS:
        candidate = os.path.normpath(os.path.join(ROOT, folder, name))
        if is_project_file(candidate):
            found.add(os.path.relpath(candidate, ROOT))
    if len(found) > 1:
        raise ValueError(f'"{name}" could be any of {", ".join(sorted(found))}')
    return found.pop() if found else None


def sources(paths):
    for path in paths:
        if os.path.isfile(path):
            yield os.path.abspath(path)
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for f in sorted(files):
                if f.endswith(SUFFIXES):
                    yield os.path.abspath(os.path.join(folder, f))


def rewrite(path):
    """(new text, [(line number, old name, new name)], [problems]) for one source."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    changes, problems = [], []
    for i, line in enumerate(lines):
        m = INCLUDE.match(line)
        if not m:
            continue
        name = m.group(2)
        try:
            target = resolve(path, name)
        except ValueError as e:
            problems.append((i + 1, str(e)))
            continue
        if target is None:
            continue
        target = target.replace(os.sep, "/")
        if target != name:
            lines[i] = f'{m.group(1)}"{target}"{m.group(3)}'
            changes.append((i + 1, name, target))
    return "\n".join(lines), changes, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="report, change nothing")
    parser.add_argument("--no-format", action="store_true", help="do not run clang-format")
    parser.add_argument("paths", nargs="*", help="files or folders (default: the project's)")
    args = parser.parse_args()
    paths = args.paths or [os.path.join(ROOT, folder) for folder in FOLDERS]

    changed, status = [], 0
    for path in sources(paths):
        text, changes, problems = rewrite(path)
        rel = os.path.relpath(path, ROOT)
        for line, message in problems:
            print(f"{rel}:{line}: ambiguous include: {message}")
            status = 1
        if not changes:
            continue
        if args.check:
            for line, old, new in changes:
                print(f'{rel}:{line}: "{old}" is written "{new}" from the repository root')
            status = 1
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            changed.append(path)

    if args.check:
        if status == 0:
            print("every project include is written from the repository root")
        return status
    print(f"{len(changed)} files rewritten")
    # The includes' order within a block follows their new names.
    formattable = [p for p in changed if not p.endswith(".in")]
    if formattable and not args.no_format:
        if shutil.which("clang-format"):
            subprocess.run(["clang-format", "-i", *formattable], check=True)
        else:
            print("clang-format not found: run it on the rewritten files", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
