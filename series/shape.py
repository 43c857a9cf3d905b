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

Every operation must change something; one that does not is an error, so a
shape that no longer fits the final file fails loudly instead of quietly
keeping code.  Blank lines left doubled by a deletion are merged, and one
left before the "}" that closes a function is dropped.
"""

import re
import sys


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


def drop_fn(lines, name):
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
        fail("-fn %s: no body" % name)
    while b + 1 < len(lines) and lines[b + 1].strip():
        b += 1
    return lines[:a] + lines[b + 1:]


def apply(lines, op):
    kind, _, arg = op.partition(" ")
    arg = arg.strip()
    if kind == "-fn":
        out = drop_fn(lines, arg)
        return out
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
        out = apply(lines, op)
        if out is None:
            fail("%s: %s changes nothing" % (sys.argv[1], op))
        lines = out
    merged = []
    for line in lines:
        if not line.strip() and merged and not merged[-1].strip():
            continue
        if line == "}" and merged and not merged[-1].strip():
            merged.pop()
        merged.append(line)
    sys.stdout.write("\n".join(merged))


if __name__ == "__main__":
    main()
