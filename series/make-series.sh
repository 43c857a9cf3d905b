#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# make-series.sh OUTDIR: turn the checkout into a patch series against a
# pristine Linux tree, as series/series.conf describes it: mainline (7.3),
# or, with BACKPORT set, the 6.12 LTS.
#
#   1. check the map: every file it names exists, every tracked file of ours
#      (security/ include/ tools/ Documentation/ patches/ MAINTAINERS.patch,
#      but not the user-space tools/safename/ and tools/testing/safename/,
#      which stay out of tree) is in exactly one commit whole, and an
#      earlier shape of it (Part:, made by series/shape.py from the
#      deletions listed, %ops groups expanded) only before;
#   2. make (once, then reuse) a git repository of the pristine tree with a
#      fixed author and date, so that its commit id is always the same;
#   3. on a branch from it, one commit per %commit block: copy the block's
#      files from the checkout as they are now (or their earlier shape),
#      apply its patches/*.patch, and put in the MAINTAINERS entry with
#      the F: lines whose paths exist by then and the K: lines whose
#      keyword the series has put into files that no F: line covers;
#   4. git format-patch --cover-letter --base into OUTDIR and fill in the
#      cover letter.
#
# Environment:
#   TARBALL      the pristine source  (<checkout>/build/src/linux-source-7.3.tar.xz)
#   SERIES_WORK  scratch directory    (<checkout>/build/mainline/series)
#   SERIES_CONF  the map              (<checkout>/series/series.conf)
#   BACKPORT     a backport folder (backport/6.12): the series is made of
#                our files with its own patches applied (the older kernel's
#                API), and of its versions of patches/*.patch and
#                MAINTAINERS.patch where it has them; the same map, the
#                same commits
#   BASE_NAME    how the cover letter names the base (Linux 7.3.4)
#
# Nothing is copied into the repository: every run starts from the files of
# the checkout as they are at that moment, and at the end of the series every
# file equals the checkout's.  series/check-series.sh checks the
# result (sizes, git am, W=1 build and KUnit after each patch, checkpatch).

set -euo pipefail

die() { echo "make-series: error: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: $0 OUTDIR"

REPO=$(cd "$(dirname "$0")/.." && pwd)
CONF=${SERIES_CONF:-$REPO/series/series.conf}
TARBALL=${TARBALL:-$REPO/build/src/linux-source-7.3.tar.xz}
WORK=${SERIES_WORK:-$REPO/build/mainline/series}
BACKPORT=${BACKPORT:-}
mkdir -p "$1" "$WORK"
OUT=$(cd "$1" && pwd)
BASE=$WORK/base
META=$WORK/meta

# Reproducible commits: fixed identities and dates, no user configuration.
AUTHOR_NAME="Safename Developers"
AUTHOR_EMAIL="safename@example.org"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME="$AUTHOR_NAME" GIT_AUTHOR_EMAIL="$AUTHOR_EMAIL"
export GIT_COMMITTER_NAME="$AUTHOR_NAME" GIT_COMMITTER_EMAIL="$AUTHOR_EMAIL"
SERIES_DATE="2026-12-07T12:00:00+00:00"
export TZ=UTC LC_ALL=C

[ -f "$CONF" ] || die "no map: $CONF"
[ -f "$TARBALL" ] || die "no pristine source: $TARBALL"
command -v git >/dev/null || die "git is missing"

# ----------------------------------------------------------------- the map
# Split the map into $META/NN.{subject,files,body} and cover.{subject,body}.
rm -rf "$META" && mkdir -p "$META"
awk -v meta="$META" '
function fail(msg) { print "make-series: error: " FILENAME ":" FNR ": " msg > "/dev/stderr"; bad = 1; exit 1 }
function out(ext) { return meta "/" cur "." ext }
/^#/ { next }
/^%maintainers[ \t]/ { print $2 > (meta "/maintainers"); state = ""; next }
/^%ops[ \t]/ {
	if (NF != 2 || $2 !~ /^[a-z0-9][a-z0-9-]*$/) fail("%ops takes one name of [a-z0-9-]")
	if ($2 in groups) fail("%ops " $2 " defined twice")
	groups[$2] = 1; cur = "ops." $2; state = "ops"; printf "" > (meta "/" cur); next
}
/^%cover[ \t]*$/ { cur = "cover"; state = "head"; next }
/^%commit[ \t]*$/ { n++; cur = sprintf("%02d", n); state = "head"; infiles = 0; next }
/^%/ { fail("unknown directive " $1) }
state == "ops" && /^[ \t]+[^ \t]/ { op = $0; sub(/^[ \t]+/, "", op); print op > (meta "/" cur); next }
state == "ops" && /^[ \t]*$/ { state = ""; next }
state == "ops" { fail("an %ops line must begin with white space: " $0) }
state == "" { if ($0 !~ /^[ \t]*$/) fail("text outside a block"); next }
state == "head" && /^[ \t]*$/ { state = "body"; started = 0; next }
state == "head" && /^Subject: / { sub(/^Subject: /, ""); print > out("subject"); infiles = inpart = 0; next }
state == "head" && /^Files:/ { sub(/^Files:/, ""); infiles = 1; inpart = 0 }
state == "head" && /^Part:[ \t]/ { if (NF != 2) fail("Part: takes one path"); print "part " $2 > out("files"); inpart = 1; infiles = 0; next }
state == "head" && inpart && /^[ \t]/ { op = $0; sub(/^[ \t]+/, "", op); print "op " op > out("files"); next }
state == "head" && infiles && /^([ \t]|$)/ { for (i = 1; i <= NF; i++) print $i > out("files"); next }
state == "head" { fail("unexpected header line: " $0) }
state == "body" { if (!started && $0 ~ /^[ \t]*$/) next; started = 1; print > out("body") }
END { if (!bad && !n) fail("no %commit block") }
' "$CONF" || die "cannot parse $CONF"

NCOMMITS=$(find "$META" -name '[0-9][0-9].subject' | wc -l)
for f in "$META"/cover.subject "$META"/cover.body "$META"/maintainers; do
	[ -s "$f" ] || die "$CONF: missing $(basename "$f")"
done
MAINT_PATCH=$(cat "$META/maintainers")
[ -f "$REPO/$MAINT_PATCH" ] || die "missing $MAINT_PATCH"

# Expand each commit's entries into $META/NN.list: "copy PATH" or
# "patch PATH" lines.  Missing files fail loudly.
missing=0
for s in "$META"/[0-9][0-9].subject; do
	nn=$(basename "$s" .subject)
	[ -s "$META/$nn.body" ] || die "commit $nn has no body"
	[ -s "$META/$nn.files" ] || die "commit $nn has no Files:"
	: >"$META/$nn.list"
	ops=
	k=0
	while read -r entry; do
		case $entry in
		part\ *)
			path=${entry#part }
			[ -f "$REPO/$path" ] || { echo "make-series: MISSING: $path (commit $nn, Part:)" >&2; missing=1; continue; }
			k=$((k + 1))
			ops=$META/$nn.ops.$k
			: >"$ops"
			echo "part $path $ops" >>"$META/$nn.list"
			;;
		op\ @*)
			[ -n "$ops" ] || die "commit $nn: an operation outside Part:"
			group=${entry#op @}
			[ -s "$META/ops.$group" ] ||
				die "commit $nn: no %ops $group (or it is empty)"
			cat "$META/ops.$group" >>"$ops"
			echo "$group" >>"$META/used-groups"
			;;
		op\ *)
			[ -n "$ops" ] || die "commit $nn: an operation outside Part:"
			echo "${entry#op }" >>"$ops"
			;;
		*/)
			list=$(git -C "$REPO" ls-files -- "$entry")
			if [ -z "$list" ]; then
				echo "make-series: MISSING: $entry (commit $nn: no tracked file under it yet)" >&2
				missing=1
				continue
			fi
			for f in $list; do
				[ -f "$REPO/$f" ] || { echo "make-series: MISSING: $f (tracked but deleted)" >&2; missing=1; continue; }
				echo "copy $f"
			done >>"$META/$nn.list"
			;;
		patches/*.patch)
			[ -f "$REPO/$entry" ] || { echo "make-series: MISSING: $entry (commit $nn)" >&2; missing=1; continue; }
			echo "patch $entry" >>"$META/$nn.list"
			;;
		*)
			[ -f "$REPO/$entry" ] || { echo "make-series: MISSING: $entry (commit $nn)" >&2; missing=1; continue; }
			git -C "$REPO" ls-files --error-unmatch -- "$entry" >/dev/null 2>&1 ||
				echo "make-series: warning: $entry is not tracked by git yet" >&2
			echo "copy $entry" >>"$META/$nn.list"
			;;
		esac
	done <"$META/$nn.files"
done
[ $missing -eq 0 ] || die "files named in $CONF do not exist (see above)"
for g in "$META"/ops.*; do
	[ -e "$g" ] || continue
	g=${g##*/ops.}
	grep -qx -- "$g" "$META/used-groups" 2>/dev/null ||
		die "%ops $g is used by no Part:"
done

# Every tracked file of ours in exactly one commit, MAINTAINERS.patch aside.
{
	grep -hv '^part ' "$META"/[0-9][0-9].list | cut -d' ' -f2-
	echo "$MAINT_PATCH"
} | sort >"$WORK/mapped"
dups=$(uniq -d "$WORK/mapped")
[ -z "$dups" ] || die "in more than one commit: $dups"
git -C "$REPO" ls-files -- security include tools Documentation patches \
	MAINTAINERS.patch ':!tools/safename/' ':!tools/testing/safename/' |
	sort >"$WORK/ours"
unmapped=$(comm -23 "$WORK/ours" "$WORK/mapped")
[ -z "$unmapped" ] || die "tracked but in no commit of $CONF:
$unmapped"

# An earlier shape (Part:) comes before the commit that copies the file
# whole, so that the last commit holds every file as the checkout has it.
for l in "$META"/[0-9][0-9].list; do
	nn=$(basename "$l" .list)
	while read -r kind path _; do
		[ "$kind" = part ] || continue
		whole=$(grep -lx "copy $path" "$META"/[0-9][0-9].list | head -1)
		[ -n "$whole" ] || die "$path: Part: in commit $nn, but no commit copies it whole"
		[ "$(basename "$whole" .list)" \> "$nn" ] ||
			die "$path: Part: in commit $nn comes after the whole file"
	done <"$l"
done

# ------------------------------------------------------- our files
# SRC holds our files as this base has them: the checkout's, or for a
# backport a copy with the backport's own patches applied.  backport_of
# PATH gives the backport's version of a patch of the checkout, if any.
backport_of() {
	if [ -n "$BACKPORT" ] && [ -f "$BACKPORT/${1##*/}" ]; then
		echo "$BACKPORT/${1##*/}"
	else
		echo "$REPO/$1"
	fi
}
SRC=$REPO
if [ -n "$BACKPORT" ]; then
	SRC=$WORK/view
	rm -rf "$SRC" && mkdir -p "$SRC"
	git -C "$REPO" ls-files -z -- security include tools Documentation |
		(cd "$REPO" && xargs -0 cp --parents -t "$SRC")
	for p in "$BACKPORT"/*.patch; do
		[ -f "$p" ] || continue
		[ -f "$REPO/patches/${p##*/}" ] && continue
		[ "${p##*/}" = MAINTAINERS.patch ] && continue
		patch -s -d "$SRC" -p1 --batch --forward <"$p" ||
			die "${p#"$REPO"/} does not apply to our files"
	done
fi

# ------------------------------------------------------ the pristine base
stamp="$(stat -c '%s %Y' "$TARBALL") $TARBALL"
if [ -d "$BASE/.git" ] && [ "$(cat "$WORK/base.stamp" 2>/dev/null)" = "$stamp" ] &&
	git -C "$BASE" rev-parse -q --verify refs/tags/pristine >/dev/null; then
	git -C "$BASE" checkout -q -f --detach pristine
	git -C "$BASE" clean -q -f -d -x
else
	echo "  BASE    $TARBALL -> $BASE (once)"
	rm -rf "$BASE" "$WORK/base.stamp"
	mkdir -p "$BASE"
	tar -xf "$TARBALL" -C "$BASE" --strip-components=1
	git -C "$BASE" init -q
	git -C "$BASE" config core.autocrlf false
	git -C "$BASE" config gc.auto 0
	git -C "$BASE" add -A -f .
	# the base commit is reproducible: dated by the tree's Makefile
	version=$(make -s -C "$BASE" kernelversion)
	date=$(date -u -d "@$(stat -c %Y "$BASE/Makefile")" +%FT%T+00:00)
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date \
		git -C "$BASE" commit -q -m "Linux $version (Debian's $(basename "$TARBALL" .tar.xz))"
	git -C "$BASE" tag pristine
	echo "$stamp" >"$WORK/base.stamp"
fi
git -C "$BASE" checkout -q -B series pristine

# MAINTAINERS as MAINTAINERS.patch has it at the end of the series.
git -C "$BASE" show pristine:MAINTAINERS >"$WORK/MAINTAINERS.pristine"
patch -s -o "$WORK/MAINTAINERS.final" "$WORK/MAINTAINERS.pristine" \
	<"$(backport_of "$MAINT_PATCH")" || die "$MAINT_PATCH does not apply"
grep -qx "SAFENAME SECURITY MODULE" "$WORK/MAINTAINERS.final" ||
	die "$MAINT_PATCH does not add the SAFENAME SECURITY MODULE entry"

# The entry's F: patterns, to tell our files from the rest of the tree.
awk '/^SAFENAME SECURITY MODULE$/ { e = 1 } e && /^$/ { e = 0 }
	e && /^F:/ { sub(/^F:[ \t]*/, ""); print }' "$WORK/MAINTAINERS.final" \
	>"$WORK/fpatterns"
ours() {
	local p
	while IFS= read -r p; do
		# shellcheck disable=SC2053
		[[ $p == */ && $1 == "$p"* ]] || [[ $1 == $p ]] && return 0
	done <"$WORK/fpatterns"
	return 1
}

# The final entry with only the F: lines that match something in the tree,
# and only the K: lines whose keyword the series has put into a file that
# no F: line covers: a K: line is there to catch our identifiers in files
# that others maintain (LSM_ID_SAFENAME in lsm.h, AUDIT_SAFENAME in
# audit.h), and comes with the first of them.
maintainers_now() {
	local line path
	local in_entry=0
	local f others=()
	while IFS= read -r f; do
		ours "$f" || others+=("$f")
	done < <(git -C "$BASE" diff --cached --name-only pristine -- . ':!MAINTAINERS')
	: >"$WORK/added"
	if [ ${#others[@]} -gt 0 ]; then
		git -C "$BASE" diff --cached pristine -- "${others[@]}" |
			grep '^+' >"$WORK/added" || true
	fi
	while IFS= read -r line; do
		if [ $in_entry -eq 1 ] && [[ $line == F:* ]] &&
			! grep -qxF "$line" "$WORK/MAINTAINERS.pristine"; then
			path=${line#F:}
			path=${path#"${path%%[![:space:]]*}"}
			# shellcheck disable=SC2086
			if ! compgen -G "$BASE/${path%/}" >/dev/null; then
				continue
			fi
		fi
		if [ $in_entry -eq 1 ] && [[ $line == K:* ]]; then
			path=${line#K:}
			path=${path#"${path%%[![:space:]]*}"}
			grep -qP -- "$path" "$WORK/added" || continue
		fi
		[[ $line == "SAFENAME SECURITY MODULE" ]] && in_entry=1
		[ -z "$line" ] && in_entry=0
		printf '%s\n' "$line"
	done <"$WORK/MAINTAINERS.final" >"$BASE/MAINTAINERS"
	# no entry at all before the series has a file of its own (the VFS
	# and btrfs hooks come first)
	if ! awk '/^SAFENAME SECURITY MODULE$/ { e = 1 } e && /^$/ { e = 0 }
		e && /^[FK]:/ { found = 1 } END { exit !found }' "$BASE/MAINTAINERS"; then
		awk '/^SAFENAME SECURITY MODULE$/ { skip = 1 }
			skip && /^$/ { skip = 0; next }
			!skip' "$BASE/MAINTAINERS" >"$WORK/MAINTAINERS.none"
		cp "$WORK/MAINTAINERS.none" "$BASE/MAINTAINERS"
	fi
}

# --------------------------------------------------------------- commits
for s in "$META"/[0-9][0-9].subject; do
	nn=$(basename "$s" .subject)
	while read -r kind path ops; do
		case $kind in
		part)
			mkdir -p "$BASE/$(dirname "$path")"
			python3 "$REPO/series/shape.py" "$SRC/$path" "$ops" \
				>"$BASE/$path" || die "commit $nn: no shape of $path"
			git -C "$BASE" add -f -- "$path"
			;;
		copy)
			mkdir -p "$BASE/$(dirname "$path")"
			cp "$SRC/$path" "$BASE/$path"
			git -C "$BASE" add -f -- "$path"
			;;
		patch)
			git -C "$BASE" apply --index -p1 "$(backport_of "$path")" ||
				die "commit $nn: $(backport_of "$path") does not apply"
			;;
		esac
	done <"$META/$nn.list"
	maintainers_now
	git -C "$BASE" add MAINTAINERS
	{
		cat "$s"
		echo
		# the body without its trailing blank lines
		printf '%s\n' "$(cat "$META/$nn.body")"
		echo
		echo "Signed-off-by: $AUTHOR_NAME <$AUTHOR_EMAIL>"
	} >"$WORK/msg"
	GIT_AUTHOR_DATE=$SERIES_DATE GIT_COMMITTER_DATE=$SERIES_DATE \
		git -C "$BASE" commit -q --cleanup=verbatim -F "$WORK/msg" ||
		die "commit $nn ($(cat "$s")) is empty or failed"
done
cmp -s "$BASE/MAINTAINERS" "$WORK/MAINTAINERS.final" ||
	die "MAINTAINERS at the end differs from $MAINT_PATCH"
grep -h '^copy ' "$META"/[0-9][0-9].list | cut -d' ' -f2- | while read -r path; do
	cmp -s "$BASE/$path" "$SRC/$path" ||
		die "$path at the end of the series differs from the checkout"
done

# ---------------------------------------------------------- format-patch
rm -f "$OUT"/[0-9][0-9][0-9][0-9]-*.patch
version=$(make -s -C "$BASE" kernelversion)
if [ -n "$BACKPORT" ]; then
	prefix="PATCH ${BACKPORT##*/}.y"
	base_text="This is the backport of the series to the ${BACKPORT##*/} LTS kernel, made
against Debian's $(basename "$TARBALL" .tar.xz) ($version), for the
distributions that run it.  It is not for posting: the mainline series
is.  The patches are the mainline ones in this tree's context, and
Safename's files with the few lines of ${BACKPORT##*/}'s API (struct
lsm_info.name instead of .id, fs_initcall() instead of .initcall_fs,
securityfs_recursive_remove(), bin_attributes that are not const, an
unsigned long i_ino, i_state read directly)."
else
	prefix=PATCH
	base_text="The series is based on Linux $version as Debian ships it in
$(basename "$TARBALL" .tar.xz) (trixie-backports): upstream v$version with
Debian's patches, and it applies with git am to that tree.  Upstream's own
v$version tarball was not at hand, so it has not been applied there: some of
Debian's patches touch files of the series (fs/namei.c, whose link
protections Debian turns on), though none that we know of near its hunks.
It must be rebased onto the LSM tree's dev branch before it is posted."
fi
GIT_COMMITTER_DATE=$SERIES_DATE git -C "$BASE" -c core.abbrev=12 format-patch -q --cover-letter \
	--base=pristine --no-signature --subject-prefix="$prefix" \
	-o "$OUT" pristine..series >/dev/null
cover=$(ls "$OUT"/0000-cover-letter.patch)
BASE_TEXT=$base_text python3 - "$cover" "$META/cover.subject" "$META/cover.body" <<'EOF'
import os, sys
path, subject, body = sys.argv[1:]
text = open(path).read()
subject = open(subject).read().strip()
body = open(body).read().rstrip("\n")
assert "@BASE@" in body, "the cover letter has no @BASE@"
body = body.replace("@BASE@", os.environ["BASE_TEXT"])
assert "*** SUBJECT HERE ***" in text and "*** BLURB HERE ***" in text
text = text.replace("*** SUBJECT HERE ***", subject, 1)
text = text.replace("*** BLURB HERE ***", body, 1)
open(path, "w").write(text)
EOF

echo "  SERIES  $OUT ($NCOMMITS patches and a cover letter, base $(git -C "$BASE" rev-parse --short=12 pristine))"
git -C "$BASE" log --reverse --format=%s pristine..series |
	awk -v n="$NCOMMITS" '{ printf "          [PATCH %d/%d] %s\n", NR, n, $0 }'
