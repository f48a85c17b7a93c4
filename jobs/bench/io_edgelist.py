#!/usr/bin/python3
"""Writes a warpgraph graph's out-edges as a SNAP edge list ("source<TAB>target" lines),
the text input for the conversion benchmark. Numbers are formatted with numpy, a shard
and a block at a time, so scale-22 graphs take seconds, not minutes.

usage: io_edgelist.py GRAPH.h5 OUTPUT.txt
"""
import os
import sys

import h5py
import numpy as np


def decimal_bytes(values, end_char):
    """ASCII decimal digits of each value followed by end_char, concatenated."""
    values = values.astype(np.uint64)
    digits = np.ones(len(values), dtype=np.int64)
    power = np.uint64(10)
    for _ in range(19):
        more = values >= power
        if not more.any():
            break
        digits += more
        power = power * np.uint64(10)
    width = digits + 1
    ends = np.cumsum(width)
    out = np.empty(int(ends[-1]) if len(ends) else 0, dtype=np.uint8)
    out[ends - 1] = ord(end_char)
    remaining = values.copy()
    position = ends - 2
    for place in range(int(digits.max()) if len(digits) else 0):
        active = digits > place
        out[position[active]] = (remaining[active] % np.uint64(10)).astype(np.uint8) + ord("0")
        remaining //= np.uint64(10)
        position -= 1
    return out, width


def main():
    graph, output = sys.argv[1], sys.argv[2]
    folder = os.path.dirname(os.path.abspath(graph))
    with h5py.File(graph, "r") as index:
        files = [name.decode() for name in index["shards/file"][:]]
        begins = index["shards/vertex_begin"][:]
    block = 1 << 22
    with open(output + ".partial", "wb") as out:
        out.write(b"# RMAT graph written by jobs/bench/io_edgelist.py\n")
        for name, begin in zip(files, begins):
            with h5py.File(os.path.join(folder, name), "r") as shard:
                indptr = shard["out/indptr"][:]
                targets_all = shard["out/indices"]
                for start in range(0, int(indptr[-1]), block):
                    stop = min(int(indptr[-1]), start + block)
                    targets = targets_all[start:stop]
                    # The source of edge k is the row whose span holds k.
                    sources = begin + np.searchsorted(indptr, np.arange(start, stop), side="right") - 1
                    left, left_width = decimal_bytes(sources, "\t")
                    right, right_width = decimal_bytes(targets, "\n")
                    line = np.empty(len(left) + len(right), dtype=np.uint8)
                    line_start = np.concatenate([[0], np.cumsum(left_width + right_width)[:-1]])
                    left_pos = np.repeat(line_start, left_width) + _offsets_within(left_width)
                    right_pos = np.repeat(line_start + left_width, right_width) + _offsets_within(right_width)
                    line[left_pos] = left
                    line[right_pos] = right
                    out.write(line.tobytes())
    os.replace(output + ".partial", output)


def _offsets_within(widths):
    """0, 1, ..., w-1 for each width w, concatenated."""
    starts = np.repeat(np.cumsum(widths) - widths, widths)
    return np.arange(int(widths.sum())) - starts


if __name__ == "__main__":
    main()
