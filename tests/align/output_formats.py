#!/usr/bin/env python3
"""warpgraph align --outfmt sam|paf|blast6 and --top K:
- a small local case checked by hand in every format (positions, soft clips, CIGAR),
  and an empty local alignment (SAM unmapped);
- SAM through samtools: view parses it (CIGAR against SEQ, header), flagstat counts it, and
  region queries on the sorted, indexed BAM find the hand case exactly where it belongs;
- semi-global and local SAM, PAF and BLAST lines of random pairs agree with the TSV's
  alignment, and every SAM CIGAR re-scores (soft clips off, from POS) to AS;
- --top K against a brute-force sort of every pair (score descending, target index
  ascending), score-only and with alignments;
- 1 to 4 ranks write byte-identical files (--top, SAM).
"""
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from alignment_checks import read_fasta, rescore, write_fasta  # noqa: E402

WARPGRAPH = os.environ["WARPGRAPH"]
MPIEXEC = os.environ.get("MPIEXEC", "mpirun")
DATA = Path(os.environ["WG_DATA_DIR"])
TMP = Path(tempfile.mkdtemp(prefix="wg-align-formats-"))
SCORES = ["--match", "2", "--mismatch", "-3", "--gap-open", "5", "--gap-extend", "2"]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, file=sys.stderr)


def align(args, ranks=1, name="out"):
    """Runs warpgraph align into a file; returns its text."""
    out = TMP / name
    command = [WARPGRAPH, "align"] + args + ["-o", str(out)]
    if ranks > 1:
        command = [MPIEXEC, "-n", str(ranks), "--oversubscribe"] + command
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr}")
    return out.read_text()


def samtools(*args):
    return subprocess.run(["samtools"] + list(args), check=True, capture_output=True, text=True).stdout


def hand_case():
    # ACGTACGT is query 3-10 and target 6-13 (1-based); the flanks mismatch. CCCC/GGGG
    # share nothing: an empty local alignment.
    a, b = TMP / "hand_q.fa", TMP / "hand_t.fa"
    write_fasta(a, [("q1", "TTACGTACGTTT"), ("q2", "CCCC")])
    write_fasta(b, [("t1", "GGGGGACGTACGTGGGGG"), ("t2", "GGGG")])
    pairs = ["--pairs", str(a), str(b), "--mode", "local"] + SCORES
    expected = {
        "tsv": "q1\tt1\t16\t1.0000\t8\t8=\t3\t10\t6\t13\nq2\tt2\t0\t0.0000\t0\t*\t0\t0\t0\t0\n",
        "paf": "q1\t12\t2\t10\t+\tt1\t18\t5\t13\t8\t8\t255\tAS:i:16\tcg:Z:8=\n"
               "q2\t4\t0\t0\t+\tt2\t4\t0\t0\t0\t0\t255\tAS:i:0\tcg:Z:\n",
        "blast6": "q1\tt1\t100.000\t8\t0\t0\t3\t10\t6\t13\tNA\t16\nq2\tt2\t0.000\t0\t0\t0\t0\t0\t0\t0\tNA\t0\n",
    }
    for outfmt, text in expected.items():
        got = align(pairs + ["--outfmt", outfmt] + (["--traceback"] if outfmt == "tsv" else []))
        check(got == text, f"hand case {outfmt}: {got!r}, expected {text!r}")
    sam = align(pairs + ["--outfmt", "sam"], name="hand.sam")
    lines = sam.splitlines()
    header = [l for l in lines if l.startswith("@")]
    check(header[:3] == ["@HD\tVN:1.6\tSO:unsorted\tGO:query", "@SQ\tSN:t1\tLN:18", "@SQ\tSN:t2\tLN:4"]
          and header[3].startswith("@PG\tID:warpgraph") and len(header) == 4, f"SAM header {header}")
    records = [l.split("\t") for l in lines if not l.startswith("@")]
    check(records[0][:11] == ["q1", "0", "t1", "6", "255", "2S8=2S", "*", "0", "0", "TTACGTACGTTT", "*"]
          and records[0][11:] == ["AS:i:16", "NM:i:0"], f"SAM record {records[0]}")
    check(records[1][:6] == ["q2", "4", "*", "0", "0", "*"], f"SAM unmapped record {records[1]}")
    samtools("view", "-h", str(TMP / "hand.sam"))
    stats = samtools("flagstat", str(TMP / "hand.sam"))
    check("2 + 0 in total" in stats and "1 + 0 mapped" in stats, f"flagstat: {stats}")
    samtools("sort", "-o", str(TMP / "hand.bam"), str(TMP / "hand.sam"))
    samtools("index", str(TMP / "hand.bam"))
    for region, count in (("t1:6-6", 1), ("t1:13-13", 1), ("t1:5-5", 0), ("t1:14-14", 0), ("t2", 0)):
        got = int(samtools("view", "-c", str(TMP / "hand.bam"), region))
        check(got == count, f"samtools view -c {region}: {got}, expected {count}")
    print("hand case in tsv, sam, paf, blast6 and through samtools: checked")


def random_pairs(rng, count):
    pairs = []
    for _ in range(count):
        core = "".join(rng.choices("ACGT", k=rng.randint(5, 300)))
        q = "".join(rng.choices("ACGT", k=rng.randint(0, 30))) + core + "".join(rng.choices("ACGT", k=rng.randint(0, 30)))
        t = "".join(c for c in core if rng.random() > 0.05)
        t = "".join(rng.choices("ACGT", k=rng.randint(0, 30))) + t + "".join(rng.choices("ACGT", k=rng.randint(0, 30)))
        pairs.append((q, t or "A"))
    return pairs


def formats_agree(rng):
    pairs = random_pairs(rng, 40)
    a, b = TMP / "r_q.fa", TMP / "r_t.fa"
    write_fasta(a, [(f"q{k}", q) for k, (q, _) in enumerate(pairs)])
    write_fasta(b, [(f"t{k}", t) for k, (_, t) in enumerate(pairs)])
    score_of = lambda x, y: 2 if x == y else -3  # noqa: E731
    for mode in (["--mode", "local"], ["--mode", "semi-global", "--free-ends", "qb,qe"],
                 ["--mode", "semi-global"], ["--end-gaps", "penalised"]):
        base = ["--pairs", str(a), str(b)] + mode + SCORES
        tsv = [l.split("\t") for l in align(base + ["--traceback"]).splitlines()]
        sam_text = align(base + ["--outfmt", "sam"], name="r.sam")
        samtools("view", "-h", str(TMP / "r.sam"))
        stats = samtools("flagstat", str(TMP / "r.sam"))
        check(f"{len(pairs)} + 0 in total" in stats, f"{mode}: flagstat {stats}")
        sam = [l.split("\t") for l in sam_text.splitlines() if not l.startswith("@")]
        paf = [l.split("\t") for l in align(base + ["--outfmt", "paf"]).splitlines()]
        blast = [l.split("\t") for l in align(base + ["--outfmt", "blast6"]).splitlines()]
        for k, (q, t) in enumerate(pairs):
            row, s, p, bl = tsv[k], sam[k], paf[k], blast[k]
            q_start, q_end, t_start, t_end = (int(v) for v in row[6:10])
            cigar = row[5]
            check(s[3] == str(t_start) and s[5] == (f"{q_start - 1}S" if q_start > 1 else "") + cigar
                  + (f"{len(q) - q_end}S" if q_end < len(q) else ""), f"{mode} pair {k}: SAM {s[3]} {s[5]} vs TSV {row}")
            check(s[9] == q and s[11] == f"AS:i:{row[2]}", f"{mode} pair {k}: SAM SEQ/AS")
            ops = re.sub(r"^\d+S|\d+S$", "", s[5])  # soft clips off; the rest starts at POS
            check(rescore(q, t, ops, score_of, 5, 2, (q_start, q_end, int(s[3]), t_end)) == float(row[2]),
                  f"{mode} pair {k}: SAM CIGAR does not re-score to AS")
            matches = sum(n for n, op in zip(_numbers(cigar), _ops(cigar)) if op == "=")
            check(p[:12] == [f"q{k}", str(len(q)), str(q_start - 1), str(q_end), "+", f"t{k}", str(len(t)),
                             str(t_start - 1), str(t_end), str(matches), row[4], "255"]
                  and p[13] == f"cg:Z:{cigar}", f"{mode} pair {k}: PAF {p} vs TSV {row}")
            identity = 100 * matches / int(row[4]) if int(row[4]) else 0
            check(bl[:4] == [f"q{k}", f"t{k}", f"{identity:.3f}", row[4]]
                  and bl[6:10] == row[6:10] and bl[10:] == ["NA", row[2]], f"{mode} pair {k}: BLAST {bl} vs TSV {row}")
            mismatches = sum(n for n, op in zip(_numbers(cigar), _ops(cigar)) if op == "X")
            check(bl[4] == str(mismatches) and bl[5] == str(sum(op in "ID" for op in _ops(cigar))),
                  f"{mode} pair {k}: BLAST mismatch/gapopen {bl[4:6]} for {cigar}")
    print("sam, paf and blast6 agree with the TSV alignment (local, semi-global, global): checked")


def _numbers(cigar):
    number, out = "", []
    for ch in cigar:
        if ch.isdigit():
            number += ch
        else:
            out.append(int(number))
            number = ""
    return out


def _ops(cigar):
    return [ch for ch in cigar if not ch.isdigit()]


def top_against_brute_force():
    rfam = DATA / "sequences/rfam_5.8S_first40.fa"
    records = read_fasta(rfam)
    queries = TMP / "top_q.fa"
    write_fasta(queries, records[:6])
    base = ["--query", str(queries), "--target", str(rfam), "--mode", "local"] + SCORES
    for extra in ([], ["--traceback"]):
        every = [l.split("\t") for l in align(base + extra).splitlines()]
        for k in (1, 3, 50):
            expected = []
            for q in range(6):
                rows = every[q * len(records):(q + 1) * len(records)]
                order = sorted(range(len(rows)), key=lambda t: (-float(rows[t][2]), t))
                expected += ["\t".join(rows[t]) for t in order[:k]]
            got = align(base + extra + ["--top", str(k)]).splitlines()
            check(got == expected, f"--top {k} {extra}: differs from the brute-force sort")
    print("--top K against a brute-force sort: checked")


def ranks_identical():
    rfam = DATA / "sequences/rfam_5.8S_first40.fa"
    runs = {"top": ["--query", str(rfam), "--target", str(rfam), "--mode", "local", "--top", "3",
                    "--outfmt", "blast6"] + SCORES,
            "sam": ["--all-vs-all", str(rfam), "--mode", "semi-global", "--free-ends", "qb,de",
                    "--outfmt", "sam"] + SCORES}
    for label, args in runs.items():
        one = align(args + ["--batch-cells", "200000"], name=f"{label}1")
        for ranks in (2, 3, 4):
            other = align(args + ["--batch-cells", "200000"], ranks=ranks, name=f"{label}{ranks}")
            check(one == other, f"{label}: {ranks} ranks differ from 1 rank")
    print("1-4 ranks byte-identical (--top, SAM): checked")


def main():
    hand_case()
    formats_agree(random.Random(99))
    top_against_brute_force()
    ranks_identical()
    if failures:
        print(f"{len(failures)} check(s) failed; files kept in {TMP}", file=sys.stderr)
        sys.exit(1)
    shutil.rmtree(TMP)
    print("all output format checks passed")


if __name__ == "__main__":
    main()
