#!/usr/bin/env python3
"""Times parasail's global alignment (nw, striped 16-bit then 32-bit on overflow; one
core) on the first N pairs of two FASTA files, with the same scoring as the warpgraph run,
and writes {"gcups": ..., "pairs": ..., "function": ...} as JSON; {"available": false}
when parasail is missing. Usage: align_parasail.py A.fa B.fa N dna|protein OUT.json
"""
import json
import sys
import time


def read_fasta(path, limit):
    seqs, cur = [], None
    with open(path) as f:
        for line in f:
            if line.startswith(">"):
                if len(seqs) == limit:
                    break
                seqs.append([])
                cur = seqs[-1]
            else:
                cur.append(line.strip())
    return ["".join(s) for s in seqs]


def main():
    a, b, n, kind, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
    try:
        import parasail
    except ImportError:
        json.dump({"available": False}, open(out, "w"))
        return
    qa, tb = read_fasta(a, n), read_fasta(b, n)
    if kind == "dna":
        matrix, gap_open, gap_extend = parasail.matrix_create("ACGT", 2, -3), 5, 2
    else:
        matrix, gap_open, gap_extend = parasail.blosum62, 11, 1
    cells = sum(len(q) * len(t) for q, t in zip(qa, tb))
    start = time.perf_counter()
    for q, t in zip(qa, tb):
        r = parasail.nw_striped_16(q, t, gap_open, gap_extend, matrix)
        if r.saturated:
            parasail.nw_striped_32(q, t, gap_open, gap_extend, matrix)
    seconds = time.perf_counter() - start
    json.dump({"available": True, "function": "nw_striped_16", "pairs": len(qa), "cells": cells,
               "seconds": seconds, "gcups": cells / seconds * 1e-9}, open(out, "w"))


if __name__ == "__main__":
    main()
