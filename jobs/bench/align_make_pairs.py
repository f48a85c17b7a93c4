#!/usr/bin/env python3
"""Writes benchmark pairs for `warpgraph align --pairs A B`: N random sequences of about
LENGTH residues (DNA or protein) and, for each, a relative with ~10% substitutions and a
few indels. Deterministic for a given seed. Usage:
  align_make_pairs.py --kind dna --pairs 100000 --length 1000 --out PREFIX  (PREFIX_a.fa, PREFIX_b.fa)
"""
import argparse
import random

LETTERS = {"dna": "ACGT", "protein": "ARNDCQEGHILKMFPSTWYV"}


def mutate(seq, letters, rng):
    s = bytearray(seq, "ascii")
    for _ in range(len(s) // 10):
        s[rng.randrange(len(s))] = ord(rng.choice(letters))
    for _ in range(max(1, len(s) // 200)):
        at = rng.randrange(len(s))
        if rng.random() < 0.5:
            del s[at:at + rng.randint(1, 4)]
        else:
            s[at:at] = "".join(rng.choices(letters, k=rng.randint(1, 4))).encode()
    return s.decode() or letters[0]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--kind", choices=LETTERS, required=True)
    p.add_argument("--pairs", type=int, required=True)
    p.add_argument("--length", type=int, required=True)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    rng = random.Random(a.seed)
    letters = LETTERS[a.kind]
    with open(a.out + "_a.fa", "w") as fa, open(a.out + "_b.fa", "w") as fb:
        for i in range(a.pairs):
            length = max(1, int(a.length * rng.uniform(0.95, 1.05)))
            q = "".join(rng.choices(letters, k=length))
            fa.write(f">q{i}\n{q}\n")
            fb.write(f">t{i}\n{mutate(q, letters, rng)}\n")


if __name__ == "__main__":
    main()
