#!/usr/bin/env python3
"""Puts the code of kernels/ and comm/ in the namespaces of their folders.

docs/ARCHITECTURE.md's rule: src/X is wg::X, the other top folders add their name. The
folders below did not follow it; each moves from its old namespace to its new one, with
its sub-namespaces (kernels/graph/cuda's wg::graph::cuda becomes wg::kernels::graph::cuda):

  kernels/graph  wg::graph -> wg::kernels::graph     comm/graph  wg::comm  -> wg::comm::graph
  kernels/align  wg::align -> wg::kernels::align     comm/align  wg::align -> wg::comm::align
  comm           wg        -> wg::comm

The script reads every source of the project, strips comments and literals, and follows
the braces. It rewrites the namespace blocks (and their closing comments) of the files in
those folders, and collects every name declared at namespace scope anywhere (classes,
structs, enums and their enumerators, functions, aliases, variables and constants; not
macros). Then it resolves every name used in every file, unqualified or qualified
(`graph::Partition`, `align::cuda::run`, `::wg::fail`), the way C++ name lookup does, twice:
in the old layout from the file's old namespace, and in the new layout from its new one.
A use that named a declaration which the new layout puts elsewhere is written with the
shortest qualification that reaches it from where it stands (`kernels::graph::Partition`
from wg::engine, `comm::MpiSession` from wg::align, `wg::comm::MpiSession` from the
global namespace). `using` declarations are uses like any other; a `using namespace` of a
namespace that no longer exists is pointed at the new one.

A name is left alone when the old layout does not resolve it (a local variable, a
member, std::, code already written the new way) or the new layout still resolves it to
what the old one did (or to one of them), so running the script again changes nothing,
and a tree where some files are already converted (after a merge) converts the rest. It
stops, listing FILE:LINE and rewriting nothing, instead of guessing: when the old layout
resolves a use to declarations of two folders and the new one to neither (overloads that
the move splits), when an unqualified use it would qualify is also declared in the same
file as a local name or member, when a declaration of those folders is in a namespace
outside both their old and new one, or when no qualification reaches the declaration.

Limits: lookup follows namespaces, `using` declarations and `using namespace` (per file,
not per block), not class scopes or macro expansion (names inside a #define are resolved
where it is defined). An unqualified call of a function name declared in several
namespaces is left alone, as argument-dependent lookup may resolve it.

Usage:
  namespaces.py            rewrite the sources, then clang-format the files it changed
  namespaces.py --check    change nothing; print FILE:LINE of every change it would make
                           and exit 1 when there is one
  namespaces.py --no-format  rewrite without running clang-format
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDERS = ["src", "kernels", "comm", "partition", "tests", "jobs"]
SUFFIXES = (".cpp", ".hpp", ".cu", ".cuh", ".h", ".cc", ".inl", ".cpp.in", ".hpp.in")
# (folder, old namespace, new namespace); a file belongs to the longest folder holding it.
MOVES = [
    ("kernels/graph", "wg::graph", "wg::kernels::graph"),
    ("kernels/align", "wg::align", "wg::kernels::align"),
    ("comm/graph", "wg::comm", "wg::comm::graph"),
    ("comm/align", "wg::align", "wg::comm::align"),
    ("comm", "wg", "wg::comm"),
]
TOKEN = re.compile(
    r"""(?P<skip>//[^\n]*|/\*.*?\*/|(?:u8|[uUL])?R"(?P<d>[^(\s]*)\(.*?\)(?P=d)"
    |(?:u8|[uUL])?"(?:\\.|[^"\\\n])*"|(?:u8|[uUL])?'(?:\\.|[^'\\\n])+'|\s+)
    |(?P<pp>^[ \t]*\#(?:\\\n|[^\n])*)
    |(?P<num>\.?\d(?:[eEpP][+-]|['\w.])*)
    |(?P<id>[A-Za-z_]\w*)|(?P<op>::|->|.)""",
    re.S | re.M | re.X,
)
# Functions that libraries find by argument-dependent lookup, in the namespace of a type.
ADL_HOOKS = {"serialize", "save", "load", "swap", "to_json", "from_json", "format_as",
             "hash_value", "PrintTo", "AbslHashValue"}
CLASS_KEYS = {"class", "struct", "union", "enum"}
NOT_NAMES = {"operator", "static_assert", "alignas", "decltype", "sizeof", "noexcept",
             "__launch_bounds__", "__attribute__", "__declspec", "template", "typename"}
NOT_TYPES = {"return", "case", "throw", "else", "do", "new", "delete", "co_return", "goto",
             "typename", "using", "namespace", "operator", "public", "private", "protected"}


class Stop(Exception):
    """A use or declaration the script will not decide."""


class Token:
    def __init__(self, kind, text, start, end, pp):
        self.kind, self.text, self.start, self.end, self.pp = kind, text, start, end, pp


def join(*parts):
    return "::".join(p for p in parts if p)


def under(name, prefix):
    """The rest of NAME below PREFIX ("" for PREFIX itself), None when not below it."""
    if name == prefix:
        return ""
    if prefix == "":
        return name
    return name[len(prefix) + 2:] if name.startswith(prefix + "::") else None


def move_of(rel):
    folder = os.path.dirname(rel).replace(os.sep, "/")
    for move in MOVES:
        if folder == move[0] or folder.startswith(move[0] + "/"):
            return move
    return None


def relayout(move, ns, new):
    """NS (as written in a file of MOVE's folder) in the new layout (NEW) or the old one."""
    if move is None:
        return ns
    for written in (move[2], move[1]):  # the new first: wg::comm::graph is under wg::comm
        rest = under(ns, written)
        if rest is not None:
            return join(move[2] if new else move[1], rest)
    return ns


def tokenize(text, start=0, end=None, pp=0):
    """The tokens of TEXT[start:end]; a directive's own are marked with its number (pp)."""
    tokens = []
    for m in TOKEN.finditer(text, start, len(text) if end is None else end):
        if m.group("pp") and not pp:  # its names are uses, in chains of their own
            body = m.start() + m.group().index("#") + 1
            tokens += tokenize(text, body, m.end(), len(tokens) + 1)
        elif not m.group("skip") and not m.group("pp"):
            kind = next(k for k in ("num", "id", "op") if m.group(k))
            tokens.append(Token(kind, m.group(), m.start(), m.end(), pp))
    return tokens


class Source:
    """One file: its tokens, each with the namespace it stands in, and what it declares."""

    def __init__(self, rel, text):
        self.rel, self.text, self.move = rel, text, move_of(rel)
        self.tokens = tokenize(text)
        self.ns_at = [""] * len(self.tokens)   # the namespace as written, per token
        self.blocks = []        # (first token, last token, written name) of namespace heads
        self.declared = []      # (namespace as written, name, line)
        self.local = set()      # names declared in a block or class (shadowing candidates)
        self.declarators = set()  # their tokens: `int rank` declares, it uses no `rank`
        self.hooks = []         # (namespace, name, position, words) of ADL_HOOKS functions
        self.macros = {t.text for i, t in enumerate(self.tokens) if t.pp and i > 0
                       and self.tokens[i - 1].text == "define" and self.tokens[i - 1].pp == t.pp}
        self.scan()

    def add(self, ns, name, pos):
        if not self.anonymous:  # a name of an unnamed namespace stays in its file
            self.declared.append((ns, name, self.line(pos)))

    def line(self, pos):
        return self.text.count("\n", 0, pos) + 1

    def scan(self):
        toks = [(i, t) for i, t in enumerate(self.tokens) if not t.pp]
        frames, stmt, k = [], [], 0   # frames: ("ns", name) or ("block", kind)
        while k < len(toks):
            i, t = toks[k]
            ns = join(*[f[1] for f in frames if f[0] == "ns"])
            self.ns_at[i] = ns
            at_ns_scope = all(f[0] == "ns" for f in frames)
            self.anonymous = ("ns", "") in frames
            if t.text == "namespace" and at_ns_scope:
                j, name = k + 1, []
                while toks[j][1].kind == "id" or toks[j][1].text == "::":
                    name.append(toks[j][1].text)
                    j += 1
                if toks[j][1].text == "{":
                    written = "".join(name)
                    if written:
                        self.blocks.append((toks[k + 1][0], toks[j - 1][0], written, ns))
                    frames.append(("ns", written))
                    for q in range(k + 1, j + 1):
                        self.ns_at[toks[q][0]] = ns
                    k, stmt = j + 1, []
                    continue
            if t.text == "{":
                kind = self.declare(stmt, ns) if at_ns_scope else "block"
                frames.append(("block", kind))
                if kind != "init":
                    stmt = []
            elif t.text == "}":
                if frames and frames.pop()[1] != "init":
                    stmt = []
            elif t.text == ";" and at_ns_scope:
                self.declare(stmt, ns)
                stmt = []
            elif at_ns_scope:
                stmt.append(t)
            elif frames[-1][1] == "enum" and t.kind == "id" and toks[k - 1][1].text in "{,":
                self.add(ns, t.text, t.start)
            elif t.kind == "id" and k + 1 < len(toks) and toks[k + 1][1].text in "=;,){[:(":
                prev = toks[k - 1][1]
                # `Type name`, `Type* name`: `a * kFactor` multiplies, locals are lower case
                if (prev.kind == "id" and prev.text not in NOT_TYPES) or \
                        (prev.text in ">*&" and re.fullmatch(r"[a-z_][a-z0-9_]*", t.text)):
                    self.local.add(t.text)
                    self.declarators.add(i)
            k += 1
        for i in range(len(self.tokens) - 2, -1, -1):  # a directive: where the code after it is
            if self.tokens[i].pp:
                self.ns_at[i] = self.ns_at[i + 1]

    def declare(self, stmt, ns):
        """Records what one namespace-scope statement (or block head) declares."""
        s = strip_templates(stmt)
        words = [t.text for t in s]
        if not s or words[0] in ("namespace", "static_assert", "friend"):
            return "block"
        if words[0] == "using":
            if len(words) > 2 and words[2] == "=":
                self.add(ns, words[1], s[1].start)
            return "init" if "=" in words else "block"
        for n, w in enumerate(words):
            if w in CLASS_KEYS:
                names = [t for t in s[n + 1:] if t.kind == "id" and t.text not in CLASS_KEYS]
                if names and names[0].text not in self.macros:
                    self.add(ns, names[0].text, names[0].start)
                if "(" in words or "=" in words or not names:
                    break
                scoped = words[n + 1] in ("class", "struct")
                return "enum" if w == "enum" and not scoped else "class"
            if w in ("(", "="):
                break
        if words[0] == "typedef":
            ids = [t for t in s if t.kind == "id"]
            self.add(ns, ids[-1].text, ids[-1].start)
            return "block"
        if "=" in words and ("(" not in words or words.index("=") < words.index("(")):
            end = words.index("=")
        else:
            end = len(words)
            for n, w in enumerate(words):
                if w == "(" and n > 0 and s[n - 1].kind == "id" and words[n - 1] not in NOT_NAMES \
                        and not words[n - 1].isupper() and words[n - 1] not in self.macros:
                    end = n
                    break
        if end > 0:
            for n in range(end - 1, -1, -1):
                if words[n] in "[]" or s[n].kind == "num":
                    continue
                if s[n].kind == "id" and (n == 0 or words[n - 1] != "::") \
                        and words[n] not in NOT_NAMES and words[n] not in self.macros:
                    self.add(ns, words[n], s[n].start)
                    if words[n] in ADL_HOOKS and end < len(words):
                        self.hooks.append((ns, words[n], s[n].start, set(words[end:])))
                break
        return "init" if "=" in words or "(" not in words else "block"


def strip_templates(stmt):
    """STMT without `template <...>` heads and [[attributes]]."""
    out, n = [], 0
    while n < len(stmt):
        if stmt[n].text == "template" and n + 1 < len(stmt) and stmt[n + 1].text == "<":
            depth, n = 0, n + 1
            while n < len(stmt):
                depth += {"<": 1, ">": -1}.get(stmt[n].text, 0)
                n += 1
                if depth == 0:
                    break
            continue
        if stmt[n].text == "[" and n + 1 < len(stmt) and stmt[n + 1].text == "[":
            while n < len(stmt) and not (stmt[n].text == "]" and stmt[n - 1].text == "]"):
                n += 1
            n += 1
            continue
        out.append(stmt[n])
        n += 1
    return out


class Layout:
    """The namespaces and namespace-scope names of the tree in one layout (old or new)."""

    def __init__(self, sources, new):
        self.new, self.namespaces, self.names = new, {""}, defaultdict(set)
        for src in sources:
            for ns in [relayout(src.move, join(b[3], b[2]), new) for b in src.blocks]:
                parts = ns.split("::")
                self.namespaces.update("::".join(parts[:n]) for n in range(1, len(parts) + 1))
            for ns, name, _ in src.declared:
                self.names[join(relayout(src.move, ns, new), name)].add(identity(src, ns, name))
        # Names declared in several namespaces: an unqualified call may mean any of them.
        seen = defaultdict(set)
        for full in self.names:
            seen[full.rpartition("::")[2]].add(full)
        self.overloaded = {name for name, fulls in seen.items() if len(fulls) > 1}

    def namespace(self, context, parts, absolute):
        """The namespace `parts` names from CONTEXT, None when it names none."""
        if not parts:
            return ""
        scopes = [""] if absolute else enclosing(context)
        for scope in scopes:
            if join(scope, parts[0]) in self.namespaces:
                found = join(scope, *parts)
                return found if found in self.namespaces else None
        return None

    def lookup(self, src, context, parts, absolute):
        """The declarations `parts[0]::...::parts[-1]` names from CONTEXT (a frozenset)."""
        ns = self.namespace(context, parts[:-1], absolute)
        if ns is None:
            return frozenset()
        if parts[:-1] or absolute:
            return frozenset(self.names.get(join(ns, parts[-1]), ()))
        if parts[0] in src.using_names.get(self.new, {}):
            return src.using_names[self.new][parts[0]]
        for scope in enclosing(context):
            if join(scope, parts[0]) in self.names:
                return frozenset(self.names[join(scope, parts[0])])
        found = set()
        for ns in src.using_namespaces.get(self.new, ()):
            found |= self.names.get(join(ns, parts[0]), set())
        return frozenset(found)

    def spell(self, src, context, ident, style):
        """The shortest qualified name reaching IDENT from CONTEXT; STYLE "::" or "wg" keeps
        the original's absolute or wg:: start."""
        move, ns, name = ident
        target = (relayout(MOVES[move], ns, True) if move is not None else ns).split("::")
        lengths = [len(target)] if style else range(1, len(target) + 1)
        for n in lengths:
            parts = target[len(target) - n:] + [name]
            if self.lookup(src, context, parts, style == "::") == {ident}:
                return ("::" if style == "::" else "") + "::".join(parts)
        raise Stop(f"no qualified name reaches {join(*target, name)} from {context or '::'}")


def identity(src, ns, name):
    """What a declaration is, the same in both layouts: (move, namespace in the old layout,
    name) for the moved folders, (None, namespace, name) for the others."""
    if src.move is None:
        return (None, ns, name)
    old = relayout(src.move, ns, False)
    if under(old, src.move[1]) is None:
        raise Stop(f"{src.rel}: namespace {ns} is neither under {src.move[1]} nor {src.move[2]}")
    return (MOVES.index(src.move), old, name)


def misplaced_hooks(src, old):
    """Problems for each ADL_HOOKS function of SRC that takes a type its namespace held in
    the old layout and no longer does: argument-dependent lookup would not find it."""
    for ns, name, pos, words in src.hooks:
        ns_old, ns_new = relayout(src.move, ns, False), relayout(src.move, ns, True)
        for word in sorted(words):
            for ident in old.names.get(join(ns_old, word), ()):
                if ident[0] is not None and relayout(MOVES[ident[0]], ns_old, True) != ns_new:
                    yield (src.line(pos), f"{name}() of {ns_new} takes {word}, now of "
                           f"{relayout(MOVES[ident[0]], ns_old, True)}, where argument-"
                           "dependent lookup looks: move it there (or to the library's own "
                           "namespace) by hand")


def folder_of(ident):
    return MOVES[ident[0]][0] if ident[0] is not None else f"{ident[1]} (not moved)"


def enclosing(ns):
    parts = ns.split("::") if ns else []
    return ["::".join(parts[:n]) for n in range(len(parts), -1, -1)]


def chains(src):
    """(first token, last token, parts, absolute) of every name used, qualified or not."""
    toks, k = src.tokens, 0
    while k < len(toks):
        t = toks[k]
        prev = toks[k - 1] if k > 0 and toks[k - 1].pp == t.pp else None
        absolute = t.text == "::" and not (prev and (prev.kind == "id" or prev.text in ">)"))
        if (t.kind == "id" or absolute) and not (prev and prev.text in (".", "->", "::", "~")):
            j, parts = (k + 1 if absolute else k), []
            while j < len(toks) and toks[j].kind == "id" and toks[j].pp == t.pp:
                parts.append(toks[j].text)
                if j + 1 < len(toks) and toks[j + 1].text == "::" and toks[j + 1].pp == t.pp:
                    j += 2
                else:
                    break
            if parts and j < len(toks):
                yield k, j, parts, absolute
                k = j
        k += 1


def rewrite(src, old, new):
    """(new text, [(line, old spelling, new spelling)], [problems]) for one source."""
    edits, problems = [], []
    move = src.move
    for first, last, written, outer in src.blocks:
        moved = under(relayout(move, join(outer, written), True), relayout(move, outer, True))
        if moved is None:
            problems.append((src.line(src.tokens[first].start),
                             f"namespace {written} inside {outer}: write it as one name"))
        elif moved != written:
            edits.append((src.tokens[first].start, src.tokens[last].end, moved))
    if move:
        for m in re.finditer(r"//[ \t]*namespace[ \t]+([\w:]+)", src.text):
            name = relayout(move, m.group(1), True)
            if name != m.group(1) and under(m.group(1), move[2]) is None:
                edits.append((m.start(1), m.end(1), name))
    for first, last, parts, absolute in chains(src):
        t = src.tokens[first]
        ctx_old = relayout(move, src.ns_at[first], False)
        ctx_new = relayout(move, src.ns_at[first], True)
        directive = [x.text for x in src.tokens[max(first - 2, 0):first]] == ["using", "namespace"]
        if not directive and first > 0 and src.tokens[first - 1].text == "namespace" \
                or first in src.declarators:
            continue  # a namespace head (rewritten above), or a member or local declared
        try:
            if directive:  # `using namespace` of a namespace that moved: the new one
                ns = old.namespace(ctx_old, parts, absolute)
                if ns is None or new.namespace(ctx_new, parts, absolute) is not None \
                        or moved_to(old, ns) is None:
                    continue
                spelled = ("::" if absolute else "") + moved_to(old, ns)
            else:
                n = len(parts)  # the qualifier: the longest start of PARTS that is a namespace
                while n > 1 and old.namespace(ctx_old, parts[:n - 1], absolute) is None:
                    n -= 1
                was = old.lookup(src, ctx_old, parts[:n], absolute)
                now = new.lookup(src, ctx_new, parts[:n], absolute)
                if now and now < was and n > 1:  # an overload set the move splits
                    problems.append((src.line(t.start), "note: " + "::".join(parts[:n]) +
                                     " is left naming the declaration of " +
                                     ", ".join(sorted(folder_of(i) for i in now)) +
                                     "; before the move it also named that of " +
                                     ", ".join(sorted(folder_of(i) for i in was - now))))
                if not was or (now and now <= was):
                    continue  # not ours, or it still names (one of) the same
                if n == 1 and not absolute and src.tokens[last + 1].text == "(" \
                        and parts[0] in new.overloaded:
                    continue  # a call argument-dependent lookup may resolve: left alone
                if len(was) > 1:
                    folders = ", ".join(sorted(folder_of(i) for i in was))
                    raise Stop(f"{'::'.join(parts[:n])} names declarations of different "
                               f"folders ({folders}): qualify it by hand")
                # Types and kConstants are not local names; functions and variables may be.
                if n == 1 and parts[0] in src.local and re.fullmatch(r"[a-z_][a-z0-9_]*", parts[0]):
                    raise Stop(f"{parts[0]} is also declared in this file as a local name or "
                               "member: qualify the uses that mean the namespace's by hand")
                style = "::" if absolute else ("wg" if parts[0] == "wg" else "")
                spelled = new.spell(src, ctx_new, next(iter(was)), style)
                last = first + 2 * n - 1 if absolute else first + 2 * (n - 1)
        except Stop as e:
            problems.append((src.line(t.start), str(e)))
            continue
        old_text = src.text[t.start:src.tokens[last].end]
        if spelled != old_text:
            edits.append((t.start, src.tokens[last].end, spelled))
    text, changes = src.text, []
    for start, end, repl in sorted(edits, reverse=True):
        changes.append((src.line(start), text[start:end], repl))
        text = text[:start] + repl + text[end:]
    return text, sorted(changes), problems


def moved_to(old, ns):
    """The new namespace of the old namespace NS when all it declares is of one moved
    folder, else None."""
    moves = {i[0] for idents in old.names.values() for i in idents if i[1] == ns}
    return relayout(MOVES[moves.pop()], ns, True) if moves and None not in moves \
        and len(moves) == 1 else None


def sources():
    for top in FOLDERS:
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for f in sorted(files):
                if f.endswith(SUFFIXES):
                    yield os.path.relpath(os.path.join(folder, f), ROOT)


def resolve_usings(src, old, new):
    """The names and namespaces each `using` of SRC brings in, in both layouts."""
    src.using_names, src.using_namespaces = {False: {}, True: {}}, {False: [], True: []}
    for first, last, parts, absolute in chains(src):
        if first < 1 or src.tokens[first - 1].text != "using" or len(parts) < 2 \
                or src.tokens[last + 1].text != ";":
            continue
        # The rewrite keeps what it named in the old layout; otherwise it is new already.
        found = old.lookup(src, relayout(src.move, src.ns_at[first], False), parts, absolute) \
            or new.lookup(src, relayout(src.move, src.ns_at[first], True), parts, absolute)
        if found:
            src.using_names[False][parts[-1]] = src.using_names[True][parts[-1]] = found
    for k, t in enumerate(src.tokens[:-2]):
        if t.text == "using" and src.tokens[k + 1].text == "namespace":
            j, parts = k + 2, []
            absolute = src.tokens[j].text == "::"
            j += absolute
            while src.tokens[j].kind == "id":
                parts.append(src.tokens[j].text)
                j += 2 if src.tokens[j + 1].text == "::" else 1
            for layout, new_layout in ((old, False), (new, True)):
                ns = layout.namespace(relayout(src.move, src.ns_at[k], new_layout), parts, absolute)
                if ns is None and new_layout:  # rewritten to the moved namespace
                    ns = old.namespace(relayout(src.move, src.ns_at[k], False), parts, absolute)
                    ns = ns and moved_to(old, ns)
                if ns is not None:
                    src.using_namespaces[new_layout].append(ns)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="report, change nothing")
    parser.add_argument("--no-format", action="store_true", help="do not run clang-format")
    args = parser.parse_args()

    all_sources = []
    for rel in sources():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            all_sources.append(Source(rel, f.read()))
    try:
        old, new = Layout(all_sources, False), Layout(all_sources, True)
    except Stop as e:
        print(f"stopped: {e}")
        return 2
    for src in all_sources:
        resolve_usings(src, old, new)

    results, stopped = [], False
    for src in all_sources:
        text, changes, problems = rewrite(src, old, new)
        problems += list(misplaced_hooks(src, old))
        for line, message in problems:
            if not message.startswith("note: "):
                stopped = True
            elif args.check:
                continue  # a converted tree may name either on purpose
            print(f"{src.rel}:{line}: {message}")
        results.append((src, text, changes))
    if stopped:
        print("stopped: nothing was rewritten")
        return 2

    changed = [r for r in results if r[2]]
    if args.check:
        for src, _, changes in changed:
            for line, was, now in changes:
                print(f"{src.rel}:{line}: {was} -> {now}")
        if not changed:
            print("every namespace follows its folder")
        return 1 if changed else 0
    for src, text, _ in changed:
        with open(os.path.join(ROOT, src.rel), "w", encoding="utf-8") as f:
            f.write(text)
    print(f"{len(changed)} files rewritten")
    formattable = [os.path.join(ROOT, r[0].rel) for r in changed if not r[0].rel.endswith(".in")]
    if formattable and not args.no_format:
        if shutil.which("clang-format"):
            subprocess.run(["clang-format", "-i", *formattable], check=True)
        else:
            print("clang-format not found: run it on the rewritten files", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
