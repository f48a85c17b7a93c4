#!/usr/bin/env python3
"""warpgraph align --mode local and semi-global against independent references:
- parasail sw (local) and sg, sg_qb/qe/db/de and their pairs (semi-global, every free-end
  set parasail has) on random DNA and protein pairs, linear and affine gaps, match/mismatch
  and BLOSUM62, and on real pairs (EMBOSS's protein pairs, Rfam 5.8S sequences);
- EMBOSS water (local) on random and real pairs, decimal penalties;
- every CIGAR, re-scored independently over its reported region, gives the reported
  score; a global alignment's region is the whole of both sequences;
- the same in every mode on pairs of a few thousand residues traced back in bands
  recomputed from checkpoints (--traceback-memory far below their matrices; that this
  equals the whole-matrix traceback is host_traceback_test.cpp's check).
parasail leaves out alignments made of end gaps only (end cell on row 0 or column 0);
warpgraph counts them (as EMBOSS needle does), so the expected score is the larger of
parasail's and theirs.
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
TMP = Path(tempfile.mkdtemp(prefix="wg-align-modes-"))
BLOSUM62 = read_matrix(DATA / "matrices/BLOSUM62")
EDNAFULL = read_matrix(DATA / "matrices/EDNAFULL")
DNA, PROTEIN = "ACGT", "ARNDCQEGHILKMFPSTWYV"
# --free-ends lists and parasail's names for them.
FREE_ENDS = {"qb,qe,db,de": "sg", "qb": "sg_qb", "qe": "sg_qe", "db": "sg_db", "de": "sg_de",
             "qb,qe": "sg_qx", "db,de": "sg_dx", "qb,db": "sg_qb_db", "qb,de": "sg_qb_de",
             "qe,db": "sg_qe_db", "qe,de": "sg_qe_de"}
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, file=sys.stderr)


def scorer(scheme):
    if "matrix" in scheme:
        table = BLOSUM62 if scheme["matrix"] == "BLOSUM62" else EDNAFULL
        return lambda a, b: table[(a, b)]
    return lambda a, b: scheme["match"] if a == b else scheme["mismatch"]


def scoring_args(scheme):
    args = ["--gap-open", str(scheme["open"]), "--gap-extend", str(scheme["extend"])]
    if "matrix" in scheme:
        return args + ["--matrix", scheme["matrix"]]
    return args + ["--match", str(scheme["match"]), "--mismatch", str(scheme["mismatch"])]


def parasail_matrix(scheme, alphabet):
    if "matrix" in scheme:
        return parasail.blosum62 if scheme["matrix"] == "BLOSUM62" else parasail.nuc44
    return parasail.matrix_create(alphabet, scheme["match"], scheme["mismatch"])


def gap(length, scheme):
    return 0 if length == 0 else -(scheme["open"] + (length - 1) * scheme["extend"])


def gap_only_score(q, t, ends, scheme):
    """Best alignment of end gaps only that the free ends allow (None when none)."""
    ends = set(ends.split(","))
    best = None
    if "de" in ends:  # end cell (m, 0): query against a leading gap, target trailing
        best = 0 if "qb" in ends else gap(len(q), scheme)
    if "qe" in ends:
        h = 0 if "db" in ends else gap(len(t), scheme)
        best = h if best is None else max(best, h)
    return best


def aligned(pairs, mode_args, scheme, label, banded=False):
    """Runs --pairs with traceback, re-scores every CIGAR; returns (score, region) rows.
    banded: with a --traceback-memory of 4 KiB."""
    a, b = TMP / "a.fa", TMP / "b.fa"
    write_fasta(a, [(f"q{k}", q) for k, (q, _) in enumerate(pairs)])
    write_fasta(b, [(f"t{k}", t) for k, (_, t) in enumerate(pairs)])
    args = ["--pairs", str(a), str(b), "--traceback"] + mode_args + scoring_args(scheme)
    rows = run_align(WARPGRAPH, args + (["--traceback-memory", "4096"] if banded else []))
    check(len(rows) == len(pairs), f"{label}: {len(rows)} lines for {len(pairs)} pairs")
    out = []
    for k, ((q, t), row) in enumerate(zip(pairs, rows)):
        score, region = float(row[2]), tuple(int(v) for v in row[6:10])
        try:
            again = rescore(q, t, row[5], scorer(scheme), scheme["open"], scheme["extend"], region)
            check(math.isclose(again, score), f"{label} pair {k}: CIGAR {row[5]} over {region} re-scores to {again}, reported {score}")
        except AssertionError as e:
            check(False, f"{label} pair {k} ({row[5]}, {region}): {e}")
        out.append((score, region))
    return out


def random_pairs(alphabet, count, max_length, rng):
    pairs = []
    for k in range(count):
        m = max(1, int(math.exp(rng.uniform(0, math.log(max_length)))))
        q = "".join(rng.choices(alphabet, k=m))
        if k % 3 == 0:  # a piece of q inside random flanks: local and semi-global differ
            core = "".join(c if rng.random() > 0.1 else rng.choice(alphabet) for c in q[m // 4: 3 * m // 4 + 1])
            t = "".join(rng.choices(alphabet, k=rng.randint(0, 40))) + core + "".join(rng.choices(alphabet, k=rng.randint(0, 40)))
        elif k % 3 == 1:
            t = "".join(c if rng.random() > 0.15 else rng.choice(alphabet) for c in q if rng.random() > 0.05)
        else:
            t = "".join(rng.choices(alphabet, k=max(1, int(m * rng.uniform(0.3, 1.7)))))
        pairs.append((q, t or alphabet[0]))
    pairs += [(alphabet[0], alphabet[1]), (alphabet[0] * 3, alphabet[1] * 5), (alphabet[2], "".join(rng.choices(alphabet, k=9)))]
    return pairs


SCHEMES = [("dna affine", DNA, {"match": 2, "mismatch": -3, "open": 5, "extend": 2}),
           ("dna linear", DNA, {"match": 1, "mismatch": -1, "open": 2, "extend": 2}),
           ("protein BLOSUM62", PROTEIN, {"matrix": "BLOSUM62", "open": 11, "extend": 1})]


def check_against_parasail(label, alphabet, scheme, pairs, every_end_set, banded=False):
    matrix = parasail_matrix(scheme, alphabet)
    op, ex = int(scheme["open"]), int(scheme["extend"])
    got = aligned(pairs, ["--mode", "local"], scheme, f"{label} local", banded)
    for k, ((q, t), (score, region)) in enumerate(zip(pairs, got)):
        expected = parasail.sw_scan_32(q, t, op, ex, matrix).score
        check(score == expected, f"{label} local pair {k} ({len(q)}x{len(t)}): {score}, parasail sw {expected}")
    end_sets = FREE_ENDS if every_end_set else {e: FREE_ENDS[e] for e in ("qb,qe,db,de", "qb,de", "qe,db")}
    for ends, name in end_sets.items():
        got = aligned(pairs, ["--mode", "semi-global", "--free-ends", ends], scheme, f"{label} sg {ends}", banded)
        function = getattr(parasail, name + "_scan_32")
        for k, ((q, t), (score, region)) in enumerate(zip(pairs, got)):
            expected = function(q, t, op, ex, matrix).score
            only_gaps = gap_only_score(q, t, ends, scheme)
            if only_gaps is not None:
                expected = max(expected, only_gaps)
            check(score == expected, f"{label} semi-global {ends} pair {k} ({len(q)}x{len(t)}): {score}, parasail {name} {expected}")
    got = aligned(pairs, [], scheme, f"{label} global", banded)
    for k, ((q, t), (score, region)) in enumerate(zip(pairs, got)):
        expected = parasail.nw_scan_32(q, t, op, ex, matrix).score
        check(score == expected and region == (1, len(q), 1, len(t)),
              f"{label} global pair {k}: {score} {region}, parasail nw {expected}")


def water_score(q, t, scheme, protein):
    a, b, out = TMP / "wa.fa", TMP / "wb.fa", TMP / "water.txt"
    write_fasta(a, [("q", q)])
    write_fasta(b, [("t", t)])
    subprocess.run(["water", "-auto", "-asequence", str(a), "-bsequence", str(b), "-gapopen", str(scheme["open"]),
                    "-gapextend", str(scheme["extend"]), "-datafile", "EBLOSUM62" if protein else "EDNAFULL",
                    "-outfile", str(out)] + (["-sprotein1", "-sprotein2"] if protein else ["-snucleotide1", "-snucleotide2"]),
                   check=True, capture_output=True)
    for line in out.read_text().splitlines():
        if line.startswith("# Score:"):
            return float(line.split()[2])
    raise AssertionError("no score in water output")


def against_water(rng):
    if not shutil.which("water"):
        check(False, "EMBOSS water is not installed")
        return
    protein_pairs = list(zip([s for _, s in read_fasta(DATA / "sequences/emboss_protein_a.fa")],
                             [s for _, s in read_fasta(DATA / "sequences/emboss_protein_b.fa")]))
    # water reports no usable score for pairs without a positive-scoring residue pair (a
    # huge negative number or a negative score), so only pairs of 20 residues or more.
    def usable(pairs):
        return [(q, t) for q, t in pairs if min(len(q), len(t)) >= 20]
    for label, alphabet, scheme, protein, pairs in (
            ("dna", DNA, {"matrix": "EDNAFULL", "open": 10, "extend": 0.5}, False, usable(random_pairs(DNA, 8, 800, rng))),
            ("protein", PROTEIN, {"matrix": "BLOSUM62", "open": 7.5, "extend": 1.25}, True, usable(random_pairs(PROTEIN, 8, 500, rng))),
            ("EMBOSS protein pairs", PROTEIN, {"matrix": "BLOSUM62", "open": 10, "extend": 0.5}, True, protein_pairs)):
        got = aligned(pairs, ["--mode", "local"], scheme, f"water {label}")
        for k, (q, t) in enumerate(pairs):
            expected = water_score(q, t, scheme, protein)
            check(got[k][0] == expected, f"water {label} pair {k} ({len(q)}x{len(t)}): {got[k][0]}, water {expected}")
    print("EMBOSS water (local) on random and real pairs: checked")


def main():
    rng = random.Random(5151)
    for k, (label, alphabet, scheme) in enumerate(SCHEMES):
        check_against_parasail(label, alphabet, scheme, random_pairs(alphabet, 18, 700, rng), k == 0)
    print("parasail sw, sg and every sg_q*/d* variant, nw on random pairs: checked")
    rfam = [s.upper().replace("U", "T") for _, s in read_fasta(DATA / "sequences/rfam_5.8S_first40.fa")][:12]
    check_against_parasail("Rfam 5.8S", DNA, {"matrix": "EDNAFULL", "open": 10, "extend": 1},
                           list(zip(rfam[::2], rfam[1::2])), False)
    protein = list(zip([s for _, s in read_fasta(DATA / "sequences/emboss_protein_a.fa")],
                       [s for _, s in read_fasta(DATA / "sequences/emboss_protein_b.fa")]))
    check_against_parasail("EMBOSS proteins", PROTEIN, {"matrix": "BLOSUM62", "open": 11, "extend": 1}, protein, True)
    print("parasail on real pairs (Rfam 5.8S, EMBOSS proteins): checked")
    for label, alphabet, scheme in (SCHEMES[0], SCHEMES[2]):
        pairs = [p for p in random_pairs(alphabet, 60, 4000, rng) if len(p[0]) >= 1000][:4]
        check(len(pairs) >= 2, f"banded {label}: too few long pairs drawn")
        check_against_parasail(f"banded {label}", alphabet, scheme, pairs, False, banded=True)
    print("traceback in bands from checkpoints, every mode, against parasail: checked")
    against_water(rng)
    shutil.rmtree(TMP)
    if failures:
        print(f"{len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("all mode checks passed")


if __name__ == "__main__":
    main()
