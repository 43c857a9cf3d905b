#!/usr/bin/env python3
"""Names that exist before Safename is on, for vm/distro/image.sh.

usage: material.py ROOT

Writes, under the new root file system ROOT:
  srv/old/root, srv/old/user   trees of bad names, owned by root and by
                               uid 1000: one file per kind of bad name and
                               per action of the tests (read, write, sed,
                               rename, delete), a bad directory with a file
  srv/material/bad.tar         an archive with good and bad member names
  srv/material/ctr.tar         a container root file system (busybox) with
                               bad names under /data
  srv/git/good.git             a repository with two branches of good names
  srv/git/mixed.git            a repository whose tree holds bad names
"""

import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

# one bad name per rule, made from a good stem
KINDS = {
    "dash": lambda s: b"-" + s,
    "newline": lambda s: s + b"\nx",
    "space": lambda s: s + b" ",
    "utf8": lambda s: s + b"\xff",
}
ACTIONS = [b"read", b"write", b"sed", b"rename", b"delete"]


def old_tree(top, uid):
    os.makedirs(top)
    for kind, make in KINDS.items():
        for action in ACTIONS:
            path = os.path.join(top.encode(), make(action))
            with open(path, "wb") as f:
                f.write(b"old %s %s\n" % (kind.encode(), action))
            os.chown(path, uid, uid)
    bad_dir = os.path.join(top.encode(), b"-dir")
    os.mkdir(bad_dir)
    with open(os.path.join(bad_dir, b"inner"), "wb") as f:
        f.write(b"inside a bad directory\n")
    for p in (bad_dir, os.path.join(bad_dir, b"inner"), top.encode()):
        os.chown(p, uid, uid)


def add(tar, name, data=b"", mode=0o644, kind=tarfile.REGTYPE, link=""):
    info = tarfile.TarInfo(name)
    info.type = kind
    info.mode = mode
    info.mtime = 1700000000
    if kind == tarfile.REGTYPE:
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    else:
        info.linkname = link
        tar.addfile(info)


BAD = ["-lead", "ctl\x01x", "new\nline", "trail ", "bad\udcffutf"]
GOOD = ["ok1.txt", "ok2.txt", "sub/ok3.txt"]


def archives(root):
    os.makedirs(os.path.join(root, "srv/material"))
    with tarfile.open(os.path.join(root, "srv/material/bad.tar"), "w",
                      format=tarfile.GNU_FORMAT,
                      encoding="utf-8", errors="surrogateescape") as tar:
        add(tar, "t", kind=tarfile.DIRTYPE, mode=0o755)
        add(tar, "t/sub", kind=tarfile.DIRTYPE, mode=0o755)
        for n in GOOD + BAD:
            add(tar, "t/" + n, b"member %s\n" % n.encode("utf-8",
                                                          "surrogateescape"))

    with tarfile.open(os.path.join(root, "srv/material/ctr.tar"), "w",
                      format=tarfile.GNU_FORMAT,
                      encoding="utf-8", errors="surrogateescape") as tar:
        for d in ("bin", "data", "tmp", "etc", "proc", "sys", "dev"):
            add(tar, d, kind=tarfile.DIRTYPE, mode=0o1777 if d == "tmp"
                else 0o755)
        with open(shutil.which("busybox"), "rb") as f:
            add(tar, "bin/busybox", f.read(), mode=0o755)
        for applet in ("sh", "cat", "ls", "rm", "chmod", "touch", "mkdir",
                       "echo", "sed", "mv", "ln", "id", "true", "grep"):
            add(tar, "bin/" + applet, kind=tarfile.SYMTYPE, link="busybox")
        add(tar, "etc/passwd", b"root:x:0:0:root:/:/bin/sh\n")
        add(tar, "etc/group", b"root:x:0:\n")
        for n in BAD + ["ok.txt"]:
            for action in ("write", "chmod", "delete"):
                name = n.replace("ok", action + "-ok", 1) if n == "ok.txt" \
                    else (n + action if n.startswith("-") else action + n)
                add(tar, "data/" + name, b"image %s\n" % action.encode(),
                    mode=0o666)


def git(gitdir, *args, data=None):
    env = dict(os.environ, GIT_DIR=gitdir, GIT_AUTHOR_NAME="Safename",
               GIT_AUTHOR_EMAIL="safename@example.org",
               GIT_COMMITTER_NAME="Safename",
               GIT_COMMITTER_EMAIL="safename@example.org",
               GIT_AUTHOR_DATE="1700000000 +0000",
               GIT_COMMITTER_DATE="1700000000 +0000",
               GIT_INDEX_FILE=gitdir + "/index.tmp")
    return subprocess.run(["git", *args], env=env, input=data, check=True,
                          stdout=subprocess.PIPE).stdout.strip()


def commit(gitdir, files, parent=None, branch="main"):
    """files: {bytes path: bytes content}; returns the commit id"""
    index = b""
    for path, content in files.items():
        blob = git(gitdir, "hash-object", "-w", "--stdin", data=content)
        index += b"100644 " + blob + b"\t" + path + b"\0"
    tmp = gitdir + "/index.tmp"
    if os.path.exists(tmp):
        os.unlink(tmp)
    git(gitdir, "update-index", "-z", "--index-info", data=index)
    tree = git(gitdir, "write-tree")
    args = ["commit-tree", tree.decode(), "-m", "content"]
    if parent:
        args += ["-p", parent.decode()]
    c = git(gitdir, *args)
    git(gitdir, "update-ref", "refs/heads/" + branch, c.decode())
    os.unlink(tmp)
    return c


def repos(root):
    top = os.path.join(root, "srv/git")
    os.makedirs(top)
    good = os.path.join(top, "good.git")
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", good],
                   check=True)
    files = {b"README": b"a repository of good names\n",
             b"src/main.c": b"int main(void) { return 0; }\n",
             b"doc/notes.txt": b"notes\n"}
    c = commit(good, files)
    files[b"src/extra.c"] = b"int extra;\n"
    files[b"doc/notes.txt"] = b"notes, second version\n"
    commit(good, files, parent=c, branch="second")

    mixed = os.path.join(top, "mixed.git")
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", mixed],
                   check=True)
    files = {b"README": b"good and bad names\n", b"good.txt": b"good\n"}
    for n in BAD:
        files[b"bad/" + n.encode("utf-8", "surrogateescape")] = b"bad\n"
    commit(mixed, files)


def main():
    root = sys.argv[1]
    old_tree(os.path.join(root, "srv/old/root"), 0)
    old_tree(os.path.join(root, "srv/old/user"), 1000)
    archives(root)
    repos(root)
    with open(os.path.join(root, "etc/gitconfig"), "w") as f:
        f.write("[safe]\n\tdirectory = *\n[init]\n\tdefaultBranch = main\n"
                "[advice]\n\tdetachedHead = false\n")


if __name__ == "__main__":
    main()
