#!/usr/bin/env python3
"""warpgraph align against published and independent references:
- EMBOSS needle/stretcher scores published in Biopython's tests (end gaps free and
  penalised), Biopython's 1286 for the two 16S genes;
- parasail nw_* (end gaps penalised) and sg_* (free) on random DNA and protein pairs of
  1 to 5,000 residues under several schemes, and on a bundled Rfam set all-vs-all;
- EMBOSS needle with end gaps penalised (-endweight) on random pairs, decimal penalties;
- every CIGAR, re-scored independently over its reported region, gives the reported score
  and spells both inputs there (the whole sequences when end gaps are charged).
"""
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from alignment_checks import read_fasta, read_matrix, rescore, run_align, write_fasta  # noqa: E402

import parasail  # noqa: E402

WARPGRAPH = os.environ["WARPGRAPH"]
DATA = Path(os.environ["WG_DATA_DIR"])
TMP = Path(tempfile.mkdtemp(prefix="wg-align-ref-"))
MATRICES = {"BLOSUM62": read_matrix(DATA / "matrices/BLOSUM62"),
            "EDNAFULL": read_matrix(DATA / "matrices/EDNAFULL")}
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, file=sys.stderr)


def number(text):
    return float(text)


def scorer(scheme):
    if "matrix" in scheme:
        table = MATRICES[scheme["matrix"]]
        return lambda a, b: table[(a, b)]
    return lambda a, b: scheme["match"] if a == b else scheme["mismatch"]


def options(scheme, end_gaps_free):
    args = ["--gap-open", str(scheme["open"]), "--gap-extend", str(scheme["extend"]),
            "--end-gaps", "free" if end_gaps_free else "penalised", "--traceback"]
    if "matrix" in scheme:
        args += ["--matrix", scheme["matrix"]]
    else:
        args += ["--match", str(scheme["match"]), "--mismatch", str(scheme["mismatch"])]
    return args


def align_and_rescore(a_path, b_path, scheme, end_gaps_free, label, extra=()):
    """Runs --pairs with traceback, checks every CIGAR, returns the scores."""
    rows = run_align(WARPGRAPH, ["--pairs", str(a_path), str(b_path)] + options(scheme, end_gaps_free) + list(extra))
    queries, targets = read_fasta(a_path), read_fasta(b_path)
    check(len(rows) == len(queries), f"{label}: {len(rows)} lines for {len(queries)} pairs")
    score_of = scorer(scheme)
    scores = []
    for (q_id, q), (t_id, t), row in zip(queries, targets, rows):
        check(row[0] == q_id and row[1] == t_id, f"{label}: ids {row[:2]} vs {q_id} {t_id}")
        score = number(row[2])
        try:
            region = tuple(int(v) for v in row[6:10])
            again = rescore(q, t, row[5], score_of, scheme["open"], scheme["extend"], region)
            if not end_gaps_free:
                check(region == (1, len(q), 1, len(t)), f"{label} {q_id}/{t_id}: global region {region}")
            check(math.isclose(again, score), f"{label} {q_id}/{t_id}: CIGAR re-scores to {again}, reported {score}")
            check(int(row[4]) == sum(int(n) for n in __import__("re").findall(r"\d+", row[5])),
                  f"{label}: alignment length column")
        except AssertionError as e:
            check(False, f"{label} {q_id}/{t_id}: {e}")
        scores.append(score)
    return scores


def emboss_published():
    expected = [l.split("\t") for l in (DATA / "expected/emboss_scores.tsv").read_text().splitlines()
                if l and not l.startswith("#")]
    for group in ("emboss_protein", "emboss_dna", "emboss_stretcher"):
        rows = [r for r in expected if r[0] == group]
        scheme = {"matrix": rows[0][4], "open": float(rows[0][5]), "extend": float(rows[0][6])}
        a, b = DATA / f"sequences/{group}_a.fa", DATA / f"sequences/{group}_b.fa"
        free = align_and_rescore(a, b, scheme, True, f"{group} free")
        charged = align_and_rescore(a, b, scheme, False, f"{group} penalised")
        for r, f, c in zip(rows, free, charged):
            published = number(r[8])
            if r[7] == "free":
                check(f == published, f"{group} #{r[1]} ({r[2]}): free end gaps {f}, EMBOSS {published}")
            else:
                check(c == published, f"{group} #{r[1]} ({r[2]}): penalised {c}, EMBOSS {published}")
            check(c == number(r[9]), f"{group} #{r[1]}: end gaps penalised {c}, expected {r[9]}")
    print("EMBOSS published scores: checked")


def biopython_16s():
    scheme = {"match": 1, "mismatch": 0, "open": 0, "extend": 0}
    scores = align_and_rescore(DATA / "sequences/biopython_bsubtilis_16S.fa", DATA / "sequences/biopython_ecoli_16S.fa",
                               scheme, False, "16S")
    check(scores == [1286.0], f"16S B. subtilis vs E. coli: {scores}, Biopython 1286")
    print("Biopython 16S 1286: checked")


def random_pairs(alphabet, count, max_length, rng):
    pairs = []
    for k in range(count):
        m = max(1, int(math.exp(rng.uniform(0, math.log(max_length)))))
        q = "".join(rng.choices(alphabet, k=m))
        if k % 2:
            t = "".join(c if rng.random() > 0.15 else rng.choice(alphabet) for c in q if rng.random() > 0.05)
            t = t or alphabet[0]
        else:
            t = "".join(rng.choices(alphabet, k=max(1, int(m * rng.uniform(0.3, 1.7)))))
        pairs.append((q, t))
    pairs.append(("".join(rng.choices(alphabet, k=5000)), "".join(rng.choices(alphabet, k=4800))))
    pairs.append((alphabet[0], "".join(rng.choices(alphabet, k=7))))
    return pairs


def parasail_matrix(scheme, alphabet):
    if "matrix" in scheme:
        return parasail.blosum62 if scheme["matrix"] == "BLOSUM62" else parasail.nuc44
    return parasail.matrix_create(alphabet, scheme["match"], scheme["mismatch"])


def against_parasail(rng):
    dna, protein = "ACGT", "ARNDCQEGHILKMFPSTWYV"
    schemes = [("dna affine", dna, {"match": 2, "mismatch": -3, "open": 5, "extend": 2}),
               ("dna linear", dna, {"match": 1, "mismatch": -1, "open": 2, "extend": 2}),
               ("dna EDNAFULL", dna, {"matrix": "EDNAFULL", "open": 10, "extend": 1}),
               ("protein BLOSUM62", protein, {"matrix": "BLOSUM62", "open": 11, "extend": 1}),
               ("protein BLOSUM62 steep", protein, {"matrix": "BLOSUM62", "open": 14, "extend": 3})]
    for label, alphabet, scheme in schemes:
        pairs = random_pairs(alphabet, 24, 2000, rng)
        a, b = TMP / "a.fa", TMP / "b.fa"
        write_fasta(a, [(f"q{k}", q) for k, (q, _) in enumerate(pairs)])
        write_fasta(b, [(f"t{k}", t) for k, (_, t) in enumerate(pairs)])
        matrix = parasail_matrix(scheme, alphabet)
        for free in (False, True):
            got = align_and_rescore(a, b, scheme, free, f"parasail {label}")
            function = parasail.sg_scan_32 if free else parasail.nw_scan_32
            for k, (q, t) in enumerate(pairs):
                expected = function(q, t, scheme["open"], scheme["extend"], matrix).score
                # With free end gaps EMBOSS needle also counts the alignment made of end
                # gaps only (score 0: A- over -C); parasail's sg_* leaves it out.
                if free:
                    expected = max(expected, 0)
                check(got[k] == expected, f"{label} {'free' if free else 'penalised'} pair {k} "
                      f"({len(q)}x{len(t)}): {got[k]}, parasail {expected}")
    print("parasail nw/sg on random pairs: checked")


def rfam_all_vs_all():
    path = DATA / "sequences/rfam_5.8S_first40.fa"
    records = [(n, s.upper().replace("U", "T")) for n, s in read_fasta(path)]
    scheme = {"matrix": "EDNAFULL", "open": 10, "extend": 1}
    rows = run_align(WARPGRAPH, ["--all-vs-all", str(path)] + options(scheme, False))
    check(len(rows) == len(records) * (len(records) - 1) // 2, "rfam: pair count")
    k = 0
    for i in range(len(records)):
        for j in range(i + 1, len(records)):
            expected = parasail.nw_scan_32(records[i][1], records[j][1], 10, 1, parasail.nuc44).score
            check(rows[k][:2] == [records[i][0], records[j][0]], f"rfam pair order at line {k + 1}")
            check(number(rows[k][2]) == expected, f"rfam {records[i][0]} vs {records[j][0]}: {rows[k][2]}, parasail {expected}")
            again = rescore(records[i][1], records[j][1], rows[k][5], scorer(scheme), 10, 1)
            check(again == expected, f"rfam CIGAR re-score {again} vs {expected}")
            k += 1
    print("Rfam 5.8S all-vs-all against parasail: checked")


def needle_score(q, t, scheme, protein):
    a, b, out = TMP / "na.fa", TMP / "nb.fa", TMP / "needle.txt"
    write_fasta(a, [("q", q)])
    write_fasta(b, [("t", t)])
    go, ge = str(scheme["open"]), str(scheme["extend"])
    subprocess.run(["needle", "-auto", "-asequence", str(a), "-bsequence", str(b), "-gapopen", go, "-gapextend", ge,
                    "-endweight", "-endopen", go, "-endextend", ge, "-datafile",
                    "EBLOSUM62" if protein else "EDNAFULL", "-outfile", str(out)]
                   + (["-sprotein1", "-sprotein2"] if protein else ["-snucleotide1", "-snucleotide2"]),
                   check=True, capture_output=True)
    for line in out.read_text().splitlines():
        if line.startswith("# Score:"):
            return float(line.split()[2])
    raise AssertionError("no score in needle output")


def against_needle(rng):
    if not shutil.which("needle"):
        check(False, "EMBOSS needle is not installed")
        return
    for label, alphabet, scheme, protein in (
            ("dna", "ACGT", {"matrix": "EDNAFULL", "open": 10, "extend": 0.5}, False),
            ("protein", "ARNDCQEGHILKMFPSTWYV", {"matrix": "BLOSUM62", "open": 10, "extend": 0.5}, True),
            ("protein", "ARNDCQEGHILKMFPSTWYV", {"matrix": "BLOSUM62", "open": 7.5, "extend": 1.25}, True)):
        pairs = random_pairs(alphabet, 6, 1500, rng)
        a, b = TMP / "a.fa", TMP / "b.fa"
        write_fasta(a, [(f"q{k}", q) for k, (q, _) in enumerate(pairs)])
        write_fasta(b, [(f"t{k}", t) for k, (_, t) in enumerate(pairs)])
        got = align_and_rescore(a, b, scheme, False, f"needle {label}")
        for k, (q, t) in enumerate(pairs):
            expected = needle_score(q, t, scheme, protein)
            check(got[k] == expected, f"needle {label} {scheme['open']}/{scheme['extend']} pair {k} "
                  f"({len(q)}x{len(t)}): {got[k]}, needle {expected}")
    print("EMBOSS needle (end gaps penalised) on random pairs: checked")


def main():
    rng = random.Random(4242)
    emboss_published()
    biopython_16s()
    against_parasail(rng)
    rfam_all_vs_all()
    against_needle(rng)
    shutil.rmtree(TMP)
    if failures:
        print(f"{len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("all reference checks passed")


if __name__ == "__main__":
    main()
