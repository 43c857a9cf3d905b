#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""shape.py FILE OPS: print FILE with the deletions OPS lists.

An earlier shape of a file of the series is the final file minus what later
commits add, so series.conf describes it by what it leaves out rather than
by a copy that would go stale.  OPS holds one operation per line:

  -fn NAME          the top-level definition of function NAME: its comment
                    and return type above it, its body up to the "}" in
                    column 0, and any lines that follow it up to a blank
                    line (EXPORT_SYMBOL(), __setup(), module_param_cb())
  -para REGEX       the paragraph (lines between blank lines) holding the
                    first line that REGEX matches
  -line REGEX       every line that REGEX matches
  -range R1 => R2   from the first line R1 matches to the next line R2
                    matches, both included
  -upto R1 => R2    the same, but without the line R2 matches
  -sub REGEX => TEXT  replace what REGEX matches, on every line, by TEXT
                    (re.sub syntax: \\1 refers to a group, \\t is a tab;
                    \\x20 a space, for a TEXT that begins with one)
  -in NAME OP       the operation OP (any of the above) within the definition
                    of function NAME only, from its head to its closing "}":
                    -in safename_fs_init -line ^\\tint err;$

Every operation must change something; one that does not is an error, so a
shape that no longer fits the final file fails loudly instead of quietly
keeping code.  An operation written with a "?" before it ("?-line REGEX")
may change nothing: it takes out a line that one kernel's version of the
file has and the other's has not (the 6.12 backport's API), and nothing
else may use it.  Blank lines left doubled by a deletion are merged, and one
left before the "}" that closes a function is dropped; so are empty comment
lines (" *") left doubled, or left before the " */" that closes a comment,
so that a deletion may take a sentence of its own out of a comment.
"""

import re
import sys


EMPTY_COMMENT = re.compile(r"^[ \t]*\*$")


def fail(msg):
    sys.stderr.write("shape.py: %s\n" % msg)
    sys.exit(1)


def find(lines, rx, start=0):
    for i in range(start, len(lines)):
        if rx.search(lines[i]):
            return i
    return -1


def para_bounds(lines, i):
    a = i
    while a > 0 and lines[a - 1].strip():
        a -= 1
    b = i
    while b + 1 < len(lines) and lines[b + 1].strip():
        b += 1
    return a, b


def fn_bounds(lines, name):
    """(first line of the comment above, head, closing brace) of NAME."""
    head = re.compile(r"^[A-Za-z_].*\b" + re.escape(name) + r"\(")
    i = -1
    for j, line in enumerate(lines):
        if head.search(line) and not line.rstrip().endswith(";"):
            i = j
            break
        if re.match(r"^" + re.escape(name) + r"\(", line):
            i = j
            break
    if i < 0:
        return None
    a = i
    while a > 0 and lines[a - 1].strip():
        a -= 1
    b = i
    while b < len(lines) and lines[b] != "{":
        b += 1
    while b < len(lines) and lines[b] != "}":
        b += 1
    if b >= len(lines):
        fail("%s: no body" % name)
    return a, i, b


def drop_fn(lines, name):
    bounds = fn_bounds(lines, name)
    if bounds is None:
        return None
    a, _, b = bounds
    while b + 1 < len(lines) and lines[b + 1].strip():
        b += 1
    return lines[:a] + lines[b + 1:]


def apply_in(lines, arg):
    name, _, op = arg.partition(" ")
    if not op.strip():
        fail("-in needs NAME OPERATION: -in %s" % arg)
    bounds = fn_bounds(lines, name)
    if bounds is None:
        return None
    _, i, b = bounds
    out = apply(lines[i:b + 1], op.strip())
    if out is None:
        return None
    return lines[:i] + out + lines[b + 1:]


def apply(lines, op):
    kind, _, arg = op.partition(" ")
    arg = arg.strip()
    if kind == "-fn":
        return drop_fn(lines, arg)
    if kind == "-in":
        return apply_in(lines, arg)
    if kind == "-para":
        i = find(lines, re.compile(arg))
        if i < 0:
            return None
        a, b = para_bounds(lines, i)
        return lines[:a] + lines[b + 1:]
    if kind == "-line":
        rx = re.compile(arg)
        out = [x for x in lines if not rx.search(x)]
        return out if len(out) != len(lines) else None
    if kind in ("-range", "-upto"):
        r1, sep, r2 = arg.partition(" => ")
        if not sep:
            fail("%s needs R1 => R2: %s" % (kind, op))
        i = find(lines, re.compile(r1))
        if i < 0:
            return None
        j = find(lines, re.compile(r2), i + 1)
        if j < 0:
            return None
        return lines[:i] + lines[j + (kind == "-range"):]
    if kind == "-sub":
        rx, sep, text = arg.partition(" => ")
        if not sep:
            fail("-sub needs REGEX => TEXT: %s" % op)
        rx = re.compile(rx)
        text = text.replace("\\x20", " ")
        out = [rx.sub(text, x) for x in lines]
        return out if out != lines else None
    fail("unknown operation: %s" % op)


def main():
    if len(sys.argv) != 3:
        fail("usage: shape.py FILE OPS")
    with open(sys.argv[1]) as f:
        lines = f.read().split("\n")
    with open(sys.argv[2]) as f:
        ops = [x.strip() for x in f if x.strip()]
    for op in ops:
        optional = op.startswith("?")
        out = apply(lines, op.lstrip("?"))
        if out is None:
            if optional:
                continue
            fail("%s: %s changes nothing" % (sys.argv[1], op))
        lines = out
    merged = []
    for line in lines:
        if not line.strip() and merged and not merged[-1].strip():
            continue
        if line == "}" and merged and not merged[-1].strip():
            merged.pop()
        if EMPTY_COMMENT.match(line) and merged and EMPTY_COMMENT.match(merged[-1]):
            continue
        if line.strip() == "*/" and merged and EMPTY_COMMENT.match(merged[-1]):
            merged.pop()
        merged.append(line)
    sys.stdout.write("\n".join(merged))


if __name__ == "__main__":
    main()
