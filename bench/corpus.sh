#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The corpus of real names for bench/rulebench.c: every distinct last
# component of a path in this machine's dpkg file lists, and of every file
# in a kernel tree, one per line.  Generated at each `make bench`, never
# committed: it is whatever this machine holds.
#
# usage: corpus.sh KERNEL_TREE OUTPUT
set -eu
set -o pipefail

tree=${1:?usage: corpus.sh KERNEL_TREE OUTPUT}
out=${2:?usage: corpus.sh KERNEL_TREE OUTPUT}

[ -d "$tree" ] || { echo "corpus.sh: no kernel tree at $tree" >&2; exit 1; }
lists=(/var/lib/dpkg/info/*.list)
[ -e "${lists[0]}" ] || { echo "corpus.sh: no dpkg file lists" >&2; exit 1; }
mkdir -p "$(dirname "$out")"

{
	cat "${lists[@]}" | sed 's,.*/,,'
	find "$tree" -mindepth 1 -printf '%f\n'
} | LC_ALL=C awk 'length($0) > 0 && length($0) <= 255' | LC_ALL=C sort -u \
	>"$out.tmp"
n=$(wc -l <"$out.tmp")
# Tens of thousands are expected; far fewer means a source went missing.
[ "$n" -ge 10000 ] || { echo "corpus.sh: only $n names" >&2; exit 1; }
mv "$out.tmp" "$out"
echo "corpus: $n distinct names from ${#lists[@]} dpkg file lists and $tree"
