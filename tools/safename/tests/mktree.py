#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Build the test tree of safename-scan and write what it must print.

usage: mktree.py ROOT

Creates ROOT/tree (every kind of bad name, good names, symbolic links, a
fifo, a big directory, a path longer than PATH_MAX) and ROOT/outside (bad
names reached only through symbolic links), then writes:

  ROOT/expect-default    lines for --default, sorted
  ROOT/expect-utf8       lines for --default --utf8, sorted
  ROOT/expect-default.0  -0 records for --default, sorted by path

The expected rule and offset of every name are written out by hand below;
the UTF-8 ones are also checked against Python's strict decoder, and the
path encoding is SPEC 3's, written here independently of the C code.
"""

import os
import sys

P = "initial", "middle", "final", "utf8"

# name, result under --default, result under --default --utf8;
# a result is None (passes) or (rule, offset)
NAMES = [
    # good under both
    (b"good", None, None),
    (b"a b", None, None),
    (b"x-", None, None),
    (b"x~", None, None),
    (b".hidden", None, None),
    (b"!", None, None),
    (b"}", None, None),
    (b'q"uote', None, None),
    ("h\u00e9llo".encode(), None, None),
    ("\u65e5\u672c\u8a9e".encode(), None, None),
    (b"\xef\xbf\xbe", None, None),                  # U+FFFE: well-formed
    (b"\xf0\x9f\x98\x80smile", None, None),
    (b"\xf4\x8f\xbf\xbfmax", None, None),           # U+10FFFF
    # bad under both
    (b"-rf", ("initial", 0), ("initial", 0)),
    (b"~backup", ("initial", 0), ("initial", 0)),
    (b"\nnewline", ("initial", 0), ("initial", 0)),
    (b" lead", ("initial", 0), ("initial", 0)),
    (b"-", ("initial", 0), ("initial", 0)),
    (b" ", ("initial", 0), ("initial", 0)),         # fails final too
    (b"~", ("initial", 0), ("initial", 0)),
    (b'-"q', ("initial", 0), ("initial", 0)),
    (b"a\nb", ("middle", 1), ("middle", 1)),
    (b"esc\x1b[31m", ("middle", 3), ("middle", 3)),
    (b"tab\tx", ("middle", 3), ("middle", 3)),
    (b"trail ", ("final", 5), ("final", 5)),
    (b"nl\n", ("final", 2), ("final", 2)),
    (b"del\x7f", ("final", 3), ("final", 3)),
    (b"mid\x7fdel", ("middle", 3), ("middle", 3)),
    (b"\xffx", ("initial", 0), ("initial", 0)),     # initial wins at 0
    (b"x\xffy", ("middle", 1), ("middle", 1)),      # middle wins at 1
    (b"end\xff", ("final", 3), ("final", 3)),       # final wins at 3
    (b"\x01", ("initial", 0), ("initial", 0)),
    # bad only with --utf8
    (b"\xc3(x", None, ("utf8", 0)),
    (b"ok\xe2\x82", None, ("utf8", 2)),             # truncated
    (b"\xed\xa0\x80z", None, ("utf8", 0)),          # surrogate
    (b"\xf4\x90\x80\x80z", None, ("utf8", 0)),      # above U+10FFFF
    (b"\xc0\xafz", None, ("utf8", 0)),              # overlong
    (b"\xe0\x80\xafz", None, ("utf8", 0)),          # overlong
    (b"z\xbf", None, ("utf8", 1)),                  # stray continuation
    (b"\xf8\x88\x80\x80\x80z", None, ("utf8", 0)),  # five-byte form
    (b"abc\xc3", None, ("utf8", 3)),
    # utf8 earlier than the byte rule
    (b"a\x80\x01b", ("middle", 2), ("utf8", 1)),
]


def encode(b):
    """SPEC 3: quoted when every byte is 0x21..0x7e and none is '"'."""
    if all(0x21 <= c <= 0x7e and c != 0x22 for c in b):
        return b'"' + b + b'"'
    return b.hex().upper().encode()


def utf8_start(b):
    try:
        b.decode("utf-8")
        return None
    except UnicodeDecodeError as e:
        return e.start


def main():
    root = os.fsencode(sys.argv[1])
    tree = root + b"/tree"
    out = root + b"/outside"
    found = {"default": [], "utf8": []}

    def expect(rel, dflt, utf8):
        if dflt:
            found["default"].append((tree + b"/" + rel,) + dflt)
        if utf8:
            found["utf8"].append((tree + b"/" + rel,) + utf8)

    for d in (tree, out, tree + b"/sub", tree + b"/sub/deeper",
              tree + b"/big"):
        os.makedirs(d)

    for name, dflt, utf8 in NAMES:
        # the hand-written utf8 offsets agree with Python's decoder
        start = utf8_start(name)
        if utf8 and utf8[0] == "utf8":
            assert start == utf8[1], name
        elif utf8 is None or dflt == utf8:
            assert start is None or (utf8 and utf8[1] <= start), name
        with open(tree + b"/" + name, "wb"):
            pass
        expect(name, dflt, utf8)

    # a bad directory, with a bad name inside: both found
    os.mkdir(tree + b"/bad\x01dir")
    expect(b"bad\x01dir", ("middle", 3), ("middle", 3))
    open(tree + b"/bad\x01dir/-inner", "wb").close()
    expect(b"bad\x01dir/-inner", ("initial", 0), ("initial", 0))

    # nested
    open(tree + b"/sub/deeper/-nested", "wb").close()
    expect(b"sub/deeper/-nested", ("initial", 0), ("initial", 0))
    open(tree + b"/sub/fine", "wb").close()

    # symbolic links: their own names are checked, never followed
    open(out + b"/-outside", "wb").close()
    open(out + b"/also\nbad", "wb").close()
    os.symlink(b"../outside", tree + b"/link")
    os.symlink(b"sub", tree + b"/sub-link")
    os.symlink(b"../outside", tree + b"/-badlink")
    expect(b"-badlink", ("initial", 0), ("initial", 0))
    os.symlink(b"/nonexistent\n", tree + b"/dangling")

    # a fifo
    os.mkfifo(tree + b"/-fifo")
    expect(b"-fifo", ("initial", 0), ("initial", 0))

    # a directory bigger than the getdents64() buffer
    for i in range(40000):
        open(tree + b"/big/file-with-a-longer-name-%06d" % i, "wb").close()
    open(tree + b"/big/-in-big", "wb").close()
    expect(b"big/-in-big", ("initial", 0), ("initial", 0))

    # a path longer than PATH_MAX
    fd = os.open(tree, os.O_RDONLY)
    rel = b""
    for i in range(200):
        comp = b"deep-directory-level-%03d" % i
        os.mkdir(comp, dir_fd=fd)
        nfd = os.open(comp, os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = nfd
        rel += comp + b"/"
    os.close(os.open(b"-deep", os.O_CREAT | os.O_WRONLY, dir_fd=fd))
    os.close(fd)
    expect(rel + b"-deep", ("initial", 0), ("initial", 0))
    assert len(tree + b"/" + rel) > 4096

    for kind, items in found.items():
        lines = sorted(encode(p) + b" rule=%s offset=%d" % (r.encode(), o)
                       for p, r, o in items)
        with open(root + b"/expect-" + kind.encode(), "wb") as f:
            f.write(b"".join(line + b"\n" for line in lines))
    with open(root + b"/expect-default.0", "wb") as f:
        for p, r, o in sorted(found["default"]):
            f.write(b"%s\0%s\0%d\0" % (p, r.encode(), o))


if __name__ == "__main__":
    main()
