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


def rescore(query, target, cigar, score_of, gap_open, gap_extend, end_gaps_free):
    """Walks the CIGAR over both sequences; returns the alignment's score, or raises
    AssertionError when the CIGAR does not spell both sequences exactly."""
    runs, number = [], ""
    for ch in cigar:
        if ch.isdigit():
            number += ch
        else:
            assert number, f"CIGAR {cigar}: operation without a length"
            runs.append((int(number), ch))
            number = ""
    i = j = 0
    total = 0.0
    for k, (length, op) in enumerate(runs):
        if op in "=X":
            for _ in range(length):
                a, b = normal(query[i]), normal(target[j])
                assert (a == b) == (op == "="), f"{op} at query {i + 1} ({a}) / target {j + 1} ({b})"
                total += score_of(a, b)
                i += 1
                j += 1
        elif op in "ID":
            free = end_gaps_free and (k == 0 or k == len(runs) - 1)
            if not free:
                total -= gap_open + (length - 1) * gap_extend
            if op == "I":
                i += length
            else:
                j += length
        else:
            raise AssertionError(f"unknown CIGAR operation {op}")
    assert i == len(query) and j == len(target), f"CIGAR covers {i}/{len(query)} and {j}/{len(target)}"
    return total


def run_align(warpgraph, args, ranks=1, mpiexec="mpirun"):
    command = [warpgraph, "align"] + args
    if ranks > 1:
        command = [mpiexec, "-n", str(ranks), "--oversubscribe"] + command
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr}")
    return [line.split("\t") for line in done.stdout.splitlines()]
