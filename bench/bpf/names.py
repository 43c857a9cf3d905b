#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The names of the bench's equivalence check, and what SPEC section 2
says of each.

usage: names.py OUTDIR [COUNT] [SEED]

Writes OUTDIR/names.hex, one name a line in hexadecimal: the names that
fsbench times (8, 32 and 255 bytes, tags A and B) and COUNT (default 4000)
random ones from a fixed SEED (default 28): raw bytes, printable ASCII with
control bytes, DEL, 0xff, a leading '-' or '~' or space, a trailing space;
well-formed UTF-8 of one to four bytes a character (noncharacters and
U+10FFFF included) and ill-formed: overlong forms, surrogates, code points
above U+10FFFF, truncated sequences, stray continuation bytes.  Lengths 1 to
255; no '/' or NUL, no '.' or '..', no name twice.

OUTDIR/names.expect holds "HEX ok" or "HEX EPERM" for each, from the rule
as the spec writes it (default byte sets, utf8=1, strict UTF-8 being
exactly what Python's bytes.decode("utf-8") accepts): the guest holds
Safename and the BPF program to it, and each to the other.
"""
import os
import random
import sys


def byteset(spec):
    s = set()
    for part in spec.split(","):
        a, _, b = part.partition("-")
        s.update(range(int(a), int(b or a) + 1))
    return s


INITIAL = byteset("33-44,46-125,128-254")
MIDDLE = byteset("32-126,128-254")
FINAL = byteset("33-126,128-254")


def passes(name):
    if name[0] not in INITIAL or name[-1] not in FINAL:
        return False
    if any(b not in MIDDLE for b in name[1:-1]):
        return False
    try:
        name.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def bench_name(length, tag):
    """fsbench's make_name()."""
    return bytes([ord(tag)] + [ord("a") + i % 26 for i in range(1, length)])


def length(rng):
    return rng.choice([rng.randint(1, 8), rng.randint(1, 40),
                       rng.randint(1, 255)])


def utf8_char(rng):
    kind = rng.randrange(5)
    if kind == 0:
        cp = rng.randint(0x20, 0x7e)
    elif kind == 1:
        cp = rng.randint(0x80, 0x7ff)
    elif kind == 2:
        cp = rng.choice([rng.randint(0x800, 0xd7ff),
                         rng.randint(0xe000, 0xffff), 0xfffe, 0xffff])
    else:
        cp = rng.choice([rng.randint(0x10000, 0x10ffff), 0x10ffff,
                         0x1f600])
    return chr(cp).encode("utf-8")


BAD_UTF8 = [
    b"\xc0\x80", b"\xc1\xbf", b"\xe0\x80\x80", b"\xe0\x9f\xbf",
    b"\xf0\x80\x80\x80", b"\xf0\x8f\xbf\xbf",       # overlong
    b"\xed\xa0\x80", b"\xed\xbf\xbf",                 # surrogates
    b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xff", b"\xfe",
    b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98",            # truncated
    b"\x80", b"\xbf",                                 # stray
]


def random_name(rng):
    kind = rng.randrange(6)
    n = length(rng)
    if kind == 0:                        # any bytes
        b = bytes(rng.randint(1, 255) for _ in range(n))
    elif kind == 1:                      # printable, a few bad bytes
        b = bytearray(rng.randint(0x20, 0x7e) for _ in range(n))
        for _ in range(rng.randint(0, 2)):
            b[rng.randrange(n)] = rng.choice(
                [rng.randint(1, 31), 0x7f, 0xff, 0x20])
        b = bytes(b)
    elif kind == 2:                      # a bad first or last byte
        core = bytes(rng.randint(0x21, 0x7e) for _ in range(n))
        b = rng.choice([b"-", b"~", b" ", b"\x7f", b"\t"]) + core \
            if rng.random() < 0.5 else core + rng.choice(
                [b" ", b"\n", b"\x7f", b"\xff", b"-", b"~"])
    elif kind == 3:                      # well-formed UTF-8
        b = b""
        while len(b) < n:
            b += utf8_char(rng)
    else:                                # UTF-8 with an ill-formed piece
        b = b""
        while len(b) < n:
            b += utf8_char(rng)
        cut = rng.randint(0, len(b))
        while cut < len(b) and 0x80 <= b[cut] < 0xc0:
            cut += 1
        b = b[:cut] + rng.choice(BAD_UTF8) + b[cut:]
    b = b.replace(b"/", b"_").replace(b"\0", b"x")[:255]
    return b


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 4000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 28)
    names, seen = [], set()

    def add(b):
        if b and b not in (b".", b"..") and b not in seen:
            seen.add(b)
            names.append(b)

    for n in (8, 32, 255):
        for tag in "AB":
            add(bench_name(n, tag))
    while len(names) < count + 6:
        add(random_name(rng))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "names.hex"), "w") as f:
        f.writelines(b.hex() + "\n" for b in names)
    with open(os.path.join(out, "names.expect"), "w") as f:
        f.writelines("%s %s\n" % (b.hex(), "ok" if passes(b) else "EPERM")
                     for b in names)
    bad = sum(not passes(b) for b in names)
    print("names.py: %d names, %d that the rule refuses" % (len(names), bad))


if __name__ == "__main__":
    main()
