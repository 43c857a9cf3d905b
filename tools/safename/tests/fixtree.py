#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Trees and listings for the tests of safename-scan --fix, --apply, --undo.

usage: fixtree.py make ROOT     the repair tree in ROOT/fix (see below), and
                                ROOT/fix-outside, reached through a link
       fixtree.py fuzz DIR N SEED
                                N random names (fixed SEED) in DIR, as
                                empty files
       fixtree.py list DIR      one line per entry below DIR: hex path,
                                inode, type, content (sha256, or the hex
                                target of a link), sorted by path
       fixtree.py inodes DIR    the same without the paths, sorted by
                                inode: what --apply must leave unchanged
       fixtree.py expect ROOT   what --fix --default --utf8 prints for
                                ROOT/fix, sorted
       fixtree.py json OUT WANT FIX
                                check the --json records in OUT against
                                the text lines in WANT (of --fix if FIX is
                                1, else of a scan)
       fixtree.py nullfix OUT   the -0 --fix records in OUT as --fix text
                                lines, sorted
       fixtree.py touch DIR REL, fixtree.py rm DIR REL
                                create (empty) or remove DIR/REL, however
                                long the path
       fixtree.py verify OUT DIR POLICY...
                                check the -0 --fix records in OUT and every
                                name below DIR against POLICY (the scanner's
                                policy options: --default, --utf8,
                                --no-utf8, --initial SET, --middle SET,
                                --final SET) with the rule of SPEC 2 written
                                again here: every old name fails it, with
                                the rule and offset recorded, every new name
                                passes it, and so does every name below DIR

The repair tree holds a failure of every rule (initial, middle, final, and
utf8 under --utf8), names whose replacements collide with each other and
with names that exist, bad directories inside bad directories, symbolic
links (bad-named, and pointing to bad names outside), a fifo, and a path
longer than PATH_MAX with bad names along it.  Every regular file has
content of its own.  Walks use directory descriptors, never long paths,
and never follow a symbolic link.
"""

import hashlib
import json
import os
import random
import stat
import sys

# names of the repair tree's top directory; directories end in "/"
TOP = [
    b"-rf", b"~backup", b" lead", b"\x01", b" ", b"\xff\xfe",
    b"a\nb", b"esc\x1b[0m", b"mid\x7fdel", b"x\xffy",
    b"trail2 ", b"del\x7f", b"end\xff", b"nl\n",
    b"\xc3(x", b"ok\xe2\x82", b"\xed\xa0\x80z", b"abc\xc3",
    # collisions: with names that exist, and with each other
    b"-dup", b"_-dup", b"_-dup_1",
    b"-a.txt", b"_-a.txt",
    b"x", b"x ", b"x  ",
    b"tr ", b"tr  ",
    # repaired to "." and "..", which cannot be: the first variant
    b". ", b".. ",
    # good
    b"good", b"_ok", "h\u00e9llo".encode(), b"q\"uote",
    b"-bad-dir/", b"good-dir/", b"\x01ctl-dir/",
]

# the replacement of each bad name under --default --utf8, written by hand
FIXED = {
    b"-rf": b"_-rf", b"~backup": b"_~backup", b" lead": b"_ lead",
    b"\x01": b"_01", b" ": b"_20", b"\xff\xfe": b"_FF_FE",
    b"a\nb": b"a_0Ab", b"esc\x1b[0m": b"esc_1B[0m",
    b"mid\x7fdel": b"mid_7Fdel", b"x\xffy": b"x_FFy",
    b"trail2 ": b"trail2", b"del\x7f": b"del_7F", b"end\xff": b"end_FF",
    b"nl\n": b"nl_0A",
    b"\xc3(x": b"_C3(x", b"ok\xe2\x82": b"ok_E2_82",
    b"\xed\xa0\x80z": b"_ED_A0_80z", b"abc\xc3": b"abc_C3",
    b"-dup": b"_-dup_2", b"-a.txt": b"_-a_1.txt",
    b"x ": b"x_1", b"x  ": b"x_2", b"tr ": b"tr", b"tr  ": b"tr_1",
    b". ": b"._1", b".. ": b".._1",
    b"-bad-dir": b"_-bad-dir", b"\x01ctl-dir": b"_01ctl-dir",
    b"-bad-dir/~inner-dir": b"_~inner-dir", b"-bad-dir/a\tb": b"a_09b",
    b"-bad-dir/-leaf": b"_-leaf", b"-bad-dir/~inner-dir/-leaf": b"_-leaf",
    b"-bad-dir/~inner-dir/-\x01": b"_-_01", b"good-dir/-x": b"_-x",
    b"\x01ctl-dir/-in-ctl": b"_-in-ctl",
    b"-link": b"_-link", b"-dangling\x7f": b"_-dangling_7F",
    b"-fifo": b"_-fifo",
}

DEEP = [b"deep-directory-level-%03d" % i for i in range(190)]
DEEP[100] = b"-" + DEEP[100]
FIXED[b"/".join(DEEP[:101])] = b"_" + DEEP[100]
FIXED[b"/".join(DEEP) + b"/-deep"] = b"_-deep"
FIXED[b"/".join(DEEP) + b"/deep\x02"] = b"deep_02"


def encode(b):
    """SPEC 3: quoted when every byte is 0x21..0x7e and none is '"'."""
    if all(0x21 <= c <= 0x7e and c != 0x22 for c in b):
        return b'"' + b + b'"'
    return b.hex().upper().encode()


INNER = {
    b"-bad-dir": [b"~inner-dir/", b"a\tb", b"fine", b"-leaf"],
    b"-bad-dir/~inner-dir": [b"-leaf", b"fine", b"-\x01"],
    b"good-dir": [b"-x", b"y"],
    b"\x01ctl-dir": [b"-in-ctl"],
}


def make(root):
    top = root + b"/fix"
    out = root + b"/fix-outside"
    os.makedirs(out)
    for name in (b"-outside", b"also\nbad"):
        with open(out + b"/" + name, "wb") as f:
            f.write(b"outside " + name)
    os.mkdir(top)
    n = 0

    def fill(dpath, names):
        nonlocal n
        for name in names:
            n += 1
            if name.endswith(b"/"):
                os.mkdir(dpath + b"/" + name[:-1])
            else:
                with open(dpath + b"/" + name, "wb") as f:
                    f.write(b"file %d: " % n + name)

    fill(top, TOP)
    for rel, names in INNER.items():
        fill(top + b"/" + rel, names)

    # symbolic links: renamed themselves, never followed
    os.symlink(b"../fix-outside", top + b"/-link")
    os.symlink(b"-rf", top + b"/link-to-bad")
    os.symlink(b"/nonexistent\n", top + b"/-dangling\x7f")
    os.mkfifo(top + b"/-fifo")

    # a path longer than PATH_MAX, with bad names along it and at the end
    fd = os.open(top, os.O_RDONLY)
    length = len(top)
    for comp in DEEP:
        os.mkdir(comp, dir_fd=fd)
        nfd = os.open(comp, os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = nfd
        length += 1 + len(comp)
    for name in (b"-deep", b"deep\x02"):
        f = os.open(name, os.O_CREAT | os.O_WRONLY, dir_fd=fd)
        os.write(f, b"deep " + name)
        os.close(f)
    os.close(fd)
    assert length > 4096


def byteset(text):
    """A byte set in the syntax of the knob files (SPEC 4)."""
    res = set()
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        res.update(range(int(lo), int(hi or lo) + 1))
    return res


def policy(args):
    """The policy of the scanner's options, as [initial, middle, final,
    utf8]; the base is the default policy of SPEC 2."""
    pol = [byteset("33-44,46-125,128-254"), byteset("32-126,128-254"),
           byteset("33-126,128-254"), False]
    sets = {"--initial": 0, "--middle": 1, "--final": 2}
    i = 0
    while i < len(args):
        a = args[i]
        if a in sets:
            pol[sets[a]] = byteset(args[i + 1])
            i += 1
        elif a in ("--utf8", "--no-utf8"):
            pol[3] = a == "--utf8"
        elif a != "--default":
            sys.exit("unknown policy option " + a)
        i += 1
    return pol


def rule(pol, b):
    """SPEC 2: None when the name passes, else (rule, offset), the first
    failure from byte 0, at one offset in the order initial, middle,
    final, utf8."""
    initial, middle, final, utf8 = pol
    n = len(b)
    for i, c in enumerate(b):
        if i == 0 and c not in initial:
            fail = ("initial", i)
            break
        if 0 < i < n - 1 and c not in middle:
            fail = ("middle", i)
            break
        if i == n - 1 and c not in final:
            fail = ("final", i)
            break
    else:
        fail = None
    if utf8:
        try:
            b.decode("utf-8")
        except UnicodeDecodeError as e:
            if fail is None or e.start < fail[1]:
                fail = ("utf8", e.start)
    return fail


def verify(out, dpath, pol):
    """Check --fix -0 records and a tree with rule(); exit 1 on a
    failure."""
    problems = []
    recs = fixrecords(out)
    for old, r, off, new in recs:
        o = old.rpartition(b"/")
        nw = new.rpartition(b"/")
        got = rule(pol, o[2])
        if got != (r.decode(), int(off)):
            problems.append("%r: %r, the scanner says %s %s" %
                            (o[2], got, r.decode(), off.decode()))
        if nw[0] != o[0] or nw[2] in (b"", b".", b"..") or \
           b"/" in nw[2] or len(nw[2]) > 255:
            problems.append("%r -> %r: not a name" % (old, new))
        elif rule(pol, nw[2]) is not None:
            problems.append("%r -> %r fails: %r" %
                            (o[2], nw[2], rule(pol, nw[2])))
    checked = 0
    for p, _, _, _ in entries(dpath):
        checked += 1
        name = p.rpartition(b"/")[2]
        if rule(pol, name) is not None:
            problems.append("%r in the tree fails: %r" %
                            (p, rule(pol, name)))
    for x in problems[:20]:
        print("# " + x)
    if problems or not checked or not recs:
        sys.exit(1)


def display(b):
    """What --json shows of a path: the characters when it is well-formed
    UTF-8, else None (it then shows U+FFFD for the bytes that are not)."""
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        return None


def jsoncheck(out, want, fix):
    """Check --json records: ASCII only, paths for display and exact, the
    same records as the text lines in want; exit 1 if not."""
    raw = open(out, "rb").read()
    if not all(c < 0x7f and (c >= 0x20 or c == 0x0a) for c in raw):
        sys.exit("not printable ASCII")
    lines = []
    for line in raw.decode().splitlines():
        o = json.loads(line)
        p = bytes.fromhex(o["path_hex"])
        d = display(p)
        if d is None and "\ufffd" not in o["path"] or \
           d is not None and o["path"] != d:
            sys.exit("path %r for %r" % (o["path"], p))
        if fix:
            n = bytes.fromhex(o["new_path_hex"])
            dn = display(n)
            if dn is not None and o["new_path"] != dn:
                sys.exit("new_path %r for %r" % (o["new_path"], n))
            lines.append(encode(p) + b" -> " + encode(n))
        else:
            if o["rule"] not in ("initial", "middle", "final", "utf8"):
                sys.exit("rule %r" % o["rule"])
            lines.append(encode(p) + b" rule=%s offset=%d" %
                         (o["rule"].encode(), o["offset"]))
    if sorted(lines) != open(want, "rb").read().splitlines():
        sys.exit("records differ")


def fixrecords(out):
    """The -0 --fix records in out: (path, rule, offset, new path)."""
    f = open(out, "rb").read().split(b"\0")
    if f.pop() != b"" or len(f) % 4:
        sys.exit("not -0 --fix records")
    if not all(x in (b"initial", b"middle", b"final", b"utf8")
               for x in f[1::4]) or not all(x.isdigit() for x in f[2::4]):
        sys.exit("not rules and offsets")
    return list(zip(f[0::4], f[1::4], f[2::4], f[3::4]))


def nullfix(out):
    """-0 --fix records as the text lines of --fix, sorted."""
    return sorted(encode(a) + b" -> " + encode(d)
                  for a, _, _, d in fixrecords(out))


def at(dpath, rel, what):
    """Create or remove dpath/rel through directory descriptors."""
    parts = rel.split(b"/")
    fd = os.open(dpath, os.O_RDONLY | os.O_DIRECTORY)
    for comp in parts[:-1]:
        if comp in (b"", b"."):
            continue
        nfd = os.open(comp, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW,
                      dir_fd=fd)
        os.close(fd)
        fd = nfd
    if what == "touch":
        os.close(os.open(parts[-1], os.O_CREAT | os.O_EXCL | os.O_WRONLY,
                         dir_fd=fd))
    else:
        os.unlink(parts[-1], dir_fd=fd)
    os.close(fd)


def fuzz(dpath, count, seed):
    rnd = random.Random(seed)
    printable = bytes(range(0x20, 0x7f)).replace(b"/", b"")
    chars = ["\u00e9", "\u65e5", "\U0001f600", "\u202e", "\ufffe", "\u00a0"]
    names = set()
    while len(names) < count:
        if rnd.random() < 0.05:
            length = rnd.randint(200, 255)
        else:
            length = rnd.randint(1, 12)
        b = bytearray()
        while len(b) < length:
            r = rnd.random()
            if r < 0.6:
                b.append(rnd.choice(printable))
            elif r < 0.7:
                b.append(rnd.choice(b" -~."))
            elif r < 0.8:
                b.append(rnd.randint(1, 0x1f))
            elif r < 0.9:
                b.append(rnd.randint(0x7f, 0xff))
            else:
                b += rnd.choice(chars).encode()
        b = bytes(b[:length])
        if rnd.random() < 0.1 and len(b) < 250:
            # names whose repairs collide: with each other, with names
            # that pass, with the variants of the others
            names.update([b"-" + b, b"_-" + b, b"_-" + b + b"_1",
                          b + b" ", b + b"  "])
        if b in (b".", b".."):
            continue
        names.add(b)
    fd = os.open(dpath, os.O_RDONLY)
    for name in sorted(names):
        os.close(os.open(name, os.O_CREAT | os.O_WRONLY, dir_fd=fd))
    os.close(fd)


def entries(dpath):
    """(path, inode, type, content) of every entry below dpath."""
    res = []
    for dirpath, dirnames, filenames, dfd in os.fwalk(dpath):
        rel = os.path.relpath(dirpath, dpath)
        if rel == b".":
            rel = b""
        for name in [os.fsencode(x) for x in dirnames + filenames]:
            st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
            data = b""
            if stat.S_ISREG(st.st_mode):
                f = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=dfd)
                h = hashlib.sha256()
                while True:
                    chunk = os.read(f, 65536)
                    if not chunk:
                        break
                    h.update(chunk)
                os.close(f)
                data = h.hexdigest().encode()
            elif stat.S_ISLNK(st.st_mode):
                data = os.readlink(name, dir_fd=dfd).hex().encode()
            kind = b"%o" % stat.S_IFMT(st.st_mode)
            res.append(((rel + b"/" if rel else b"") + name, st.st_ino,
                        kind, data))
    return res


def main():
    cmd = sys.argv[1]
    arg = os.fsencode(sys.argv[2])
    out = sys.stdout.buffer
    if cmd == "make":
        make(arg)
    elif cmd == "fuzz":
        fuzz(arg, int(sys.argv[3]), int(sys.argv[4]))
    elif cmd == "list":
        for p, ino, kind, data in sorted(entries(arg)):
            out.write(b"%s %d %s %s\n" % (p.hex().encode(), ino, kind, data))
    elif cmd == "inodes":
        for ino, kind, data in sorted((e[1], e[2], e[3])
                                      for e in entries(arg)):
            out.write(b"%d %s %s\n" % (ino, kind, data))
    elif cmd == "expect":
        top = arg + b"/fix/"
        lines = []
        for rel, new in FIXED.items():
            d = rel.rpartition(b"/")[0]
            newrel = d + b"/" + new if d else new
            lines.append(encode(top + rel) + b" -> " + encode(top + newrel))
        out.write(b"".join(x + b"\n" for x in sorted(lines)))
    elif cmd == "json":
        jsoncheck(arg, sys.argv[3], sys.argv[4] == "1")
    elif cmd == "nullfix":
        out.write(b"".join(x + b"\n" for x in nullfix(arg)))
    elif cmd in ("touch", "rm"):
        at(arg, os.fsencode(sys.argv[3]), cmd)
    elif cmd == "verify":
        verify(arg, os.fsencode(sys.argv[3]), policy(sys.argv[4:]))
    else:
        sys.exit("unknown command")


if __name__ == "__main__":
    main()
