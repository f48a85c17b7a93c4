"""Independent helpers for the alignment tests: FASTA reading, NCBI matrices, and a CIGAR
re-scorer that knows nothing of warpgraph's code."""
import subprocess


def read_fasta(path):
    records, name, seq = [], None, []
    for line in open(path):
        line = line.strip()
        if line.startswith(">"):
            if name is not None:
                records.append((name, "".join(seq)))
            name, seq = line[1:].split()[0], []
        elif line:
            seq.append(line)
    if name is not None:
        records.append((name, "".join(seq)))
    return records


def write_fasta(path, records):
    with open(path, "w") as f:
        for name, seq in records:
            f.write(f">{name}\n")
            for i in range(0, len(seq), 70):
                f.write(seq[i:i + 70] + "\n")


def read_matrix(path):
    rows = [l.split() for l in open(path) if l.strip() and not l.startswith("#")]
    letters = rows[0]
    return {(r[0], c): int(v) for r in rows[1:] for c, v in zip(letters, r[1:])}


def normal(letter):
    letter = letter.upper()
    return "T" if letter == "U" else letter


def rescore(query, target, cigar, score_of, gap_open, gap_extend, region=None):
    """Walks the CIGAR over the aligned region (1-based inclusive query start, end, target
    start, end; the whole sequences when None), charging every gap in it; returns the
    alignment's score, or raises AssertionError when the CIGAR does not spell the region
    exactly."""
    q_start, q_end, t_start, t_end = region or (1, len(query), 1, len(target))
    if cigar == "*":
        assert region == (0, 0, 0, 0), f"empty alignment with region {region}"
        return 0.0
    runs, number = [], ""
    for ch in cigar:
        if ch.isdigit():
            number += ch
        else:
            assert number, f"CIGAR {cigar}: operation without a length"
            runs.append((int(number), ch))
            number = ""
    i, j = q_start - 1, t_start - 1
    total = 0.0
    for length, op in runs:
        if op in "=X":
            for _ in range(length):
                a, b = normal(query[i]), normal(target[j])
                assert (a == b) == (op == "="), f"{op} at query {i + 1} ({a}) / target {j + 1} ({b})"
                total += score_of(a, b)
                i += 1
                j += 1
        elif op in "ID":
            total -= gap_open + (length - 1) * gap_extend
            if op == "I":
                i += length
            else:
                j += length
        else:
            raise AssertionError(f"unknown CIGAR operation {op}")
    assert i == q_end and j == t_end, f"CIGAR ends at {i}/{q_end} and {j}/{t_end}"
    return total


def run_align(warpgraph, args, ranks=1, mpiexec="mpirun"):
    command = [warpgraph, "align"] + args
    if ranks > 1:
        command = [mpiexec, "-n", str(ranks), "--oversubscribe"] + command
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr}")
    return [line.split("\t") for line in done.stdout.splitlines()]
