#!/usr/bin/env python3
"""Recovers the input sequences of the EMBOSS needle/stretcher outputs published in
Biopython's test suite (Tests/Emboss/, commit 8b4d499f) by removing gaps from the aligned
rows, and writes them as FASTA pairs (record i of A aligns with record i of B) under
data/sequences/, with the published scores under data/expected/emboss_scores.tsv.

Usage: extract_emboss_pairs.py SHARED_EXPECTED_DIR DATA_DIR (run once; outputs are committed)
"""
import re
import sys
from pathlib import Path

ROW = re.compile(r"^(\S+)\s+(\d+)\s+(\S+)\s+(\d+)\s*$")


def alignments(path):
    """Yields (name_a, seq_a, name_b, seq_b) for every alignment of an srspair file."""
    text = path.read_text()
    for block in re.split(r"#={20,}\n#\n# Aligned_sequences", text)[1:]:
        names = re.findall(r"^# [12]: (\S+)", block, re.M)
        rows = [m.groups() for m in map(ROW.match, block.splitlines()) if m]
        a = "".join(r[2] for r in rows[0::2]).replace("-", "")
        b = "".join(r[2] for r in rows[1::2]).replace("-", "")
        yield names[0], a, names[1], b


def main():
    shared, data = Path(sys.argv[1]), Path(sys.argv[2])
    table = [l.split("\t") for l in (shared / "biopython_emboss/EXPECTED_SCORES.tsv").read_text().splitlines()
             if l and not l.startswith("#")]
    groups = {"EBLOSUM62": "emboss_protein", "EDNAFULL": "emboss_dna"}
    out = {}
    expected = ["# group\tindex\tfile\talignment\tmatrix\tgap_open\tgap_extend\tend_gaps\tscore\tscore_end_gaps_penalised"]
    cache = {}
    for row in table:
        file, k, _, _, len_a, len_b, program, matrix, go, ge, ends, score, penalised = row
        if file not in cache:
            cache[file] = list(alignments(shared / "biopython_emboss" / file))
        name_a, a, name_b, b = cache[file][int(k) - 1]
        assert (len(a), len(b)) == (int(len_a), int(len_b)), (file, k, len(a), len(b))
        group = "emboss_stretcher" if program == "stretcher" else groups[matrix]
        records = out.setdefault(group, ([], []))
        index = len(records[0]) + 1
        records[0].append((f"{name_a}", a))
        records[1].append((f"{name_b}", b))
        expected.append("\t".join([group, str(index), file, k, matrix.lstrip("E") if matrix == "EBLOSUM62" else matrix,
                                   go, ge, ends, score, penalised]))
    for group, (qa, qb) in out.items():
        for suffix, records in (("a", qa), ("b", qb)):
            with open(data / "sequences" / f"{group}_{suffix}.fa", "w") as f:
                for name, seq in records:
                    f.write(f">{name}\n")
                    for i in range(0, len(seq), 60):
                        f.write(seq[i:i + 60] + "\n")
    (data / "expected" / "emboss_scores.tsv").write_text("\n".join(expected) + "\n")


if __name__ == "__main__":
    main()
