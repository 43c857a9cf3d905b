#!/usr/bin/env bash
# Fetch Debian's linux-source-7.3 (trixie-backports) and leave its tarball
# at OUT, without touching this machine's apt configuration: a private
# sources list, lists and cache under WORK, used only for this download.
#
# usage: fetch-source.sh OUT WORK
set -eu
set -o pipefail

out=$1 work=$2
pkg=linux-source-7.3
suite=trixie-backports
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

[ -f "$out" ] && exit 0
for t in apt-get dpkg-deb; do
	command -v "$t" >/dev/null || { echo "fetch-source: $t not found" >&2; exit 2; }
done
rm -rf "$work"
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/deb"
echo "deb $mirror $suite main" >"$work/sources.list"
opts=(-o "Dir::Etc::SourceList=$work/sources.list"
      -o "Dir::Etc::SourceParts=/dev/null"
      -o "Dir::State::Lists=$work/lists"
      -o "Dir::Cache=$work/cache"
      -o "Dir::State::status=/var/lib/dpkg/status"
      -o "APT::Sandbox::User=root"
      -o "Debug::NoLocking=1")
echo "  FETCH   $pkg from $mirror $suite (private apt lists in $work)"
apt-get -q "${opts[@]}" update >"$work/apt.log" 2>&1 ||
	{ tail -5 "$work/apt.log"; echo "fetch-source: apt-get update FAILED" >&2; exit 1; }
(cd "$work/deb" && apt-get -q "${opts[@]}" download "$pkg") >>"$work/apt.log" 2>&1 ||
	{ tail -5 "$work/apt.log"; echo "fetch-source: cannot download $pkg" >&2; exit 1; }
deb=$(ls "$work"/deb/"$pkg"_*.deb)
dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$pkg.tar.xz" >"$out.tmp"
mv "$out.tmp" "$out"
echo "  FETCH   $(basename "$deb") -> $out"
rm -rf "$work"
