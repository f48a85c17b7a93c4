"""What the script tests share: running warpgraph under mpirun, recording expectations and
ending with the count of failed ones. Environment: WARPGRAPH, MPIEXEC (default mpirun).

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
    from warpgraph_check import WARPGRAPH, MPIEXEC, expect, finish, mpirun
"""
import os
import subprocess
import sys

WARPGRAPH = os.environ["WARPGRAPH"]
MPIEXEC = os.environ.get("MPIEXEC", "mpirun")
failures = []


def mpirun(ranks, args, check=True, **kwargs):
    """`warpgraph ARGS` on `ranks` ranks; raises with its stderr when it fails and `check`."""
    command = [MPIEXEC, "-n", str(ranks), "--oversubscribe", WARPGRAPH] + [str(a) for a in args]
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if check and result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr}")
    return result


def expect(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def finish():
    """Exits 1 when any expectation failed."""
    if failures:
        print(f"{len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("all checks passed")
