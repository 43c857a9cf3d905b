#!/usr/bin/env bash
# Bring the work tree build/linux up to date with the repository:
#  1. overlay: every file of the repo under security/ include/ tools/
#     Documentation/ is copied in when its content (or mode) differs, so
#     unchanged files keep their timestamps and kernel builds stay incremental;
#  2. patches: patches/*.patch (name order), then MAINTAINERS.patch, all -p1
#     against the pristine tree, are applied in a scratch folder to pristine
#     copies of the files they touch, and the results copied in when they
#     differ. A patch that does not apply stops with its name.
#     With a BACKPORT folder (backport/6.12/ for the LTS), a patch of the
#     same name there replaces the one of patches/ (the same change in the
#     older tree's context), and its other patches come after them, in name
#     order: the backport of our own files to the older kernel's API.  Only
#     those may touch files of the overlay; they apply to the overlay's
#     copy.
# Files that we overlaid or patched before, and no longer do, go back to their
# pristine version (or are removed when pristine has none).
# The stamp STATE/tree is touched when anything in build/linux changed, and
# STATE/tree-kernel when something outside tools/ and Documentation/ did
# (what the kernel builds depend on).
#
# usage: sync-tree.sh REPO PRISTINE LINUX STATE [BACKPORT]
set -eu
set -o pipefail

REPO=$1 PRISTINE=$2 LINUX=$3 STATE=$4 BACKPORT=${5:-}
export LC_ALL=C
mkdir -p "$STATE"
changed=0 kchanged=0

# note that LINUX/REL changed
changed() {
	changed=1
	case $1 in
	tools/*|Documentation/*) ;;
	*) kchanged=1 ;;
	esac
}

# put SRC at LINUX/REL when it differs (content or mode)
put() {
	local src=$1 rel=$2 dst="$LINUX/$2"
	if [ -f "$dst" ] && cmp -s "$src" "$dst" &&
	   [ "$(stat -c %a "$src")" = "$(stat -c %a "$dst")" ]; then
		return 0
	fi
	mkdir -p "$(dirname "$dst")"
	rm -f "$dst"
	cp "$src" "$dst"
	chmod "$(stat -c %a "$src")" "$dst"
	echo "  SYNC    $rel"
	changed "$rel"
}

# give LINUX/REL back its pristine version, or remove it
restore() {
	local rel=$1
	if [ -f "$PRISTINE/$rel" ]; then
		put "$PRISTINE/$rel" "$rel"
	elif [ -e "$LINUX/$rel" ]; then
		rm -f "$LINUX/$rel"
		echo "  REMOVE  $rel"
		changed "$rel"
	fi
}

# --- the overlay ----------------------------------------------------------
dirs="security include tools Documentation"
new_overlay=$STATE/overlay.list.new
if git -C "$REPO" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	# tracked files, plus new files not ignored (work in progress)
	# shellcheck disable=SC2086
	(cd "$REPO" && git ls-files -co --exclude-standard -- $dirs) |
		sort -u | while IFS= read -r f; do
			[ -f "$REPO/$f" ] && printf '%s\n' "$f"; done >"$new_overlay"
else
	# shellcheck disable=SC2086
	(cd "$REPO" && { find $dirs -type f 2>/dev/null || true; }) | sort -u >"$new_overlay"
fi

# --- the patches ----------------------------------------------------------
patches=() own=()
for p in "$REPO"/patches/*.patch "$REPO/MAINTAINERS.patch"; do
	[ -f "$p" ] || continue
	if [ -n "$BACKPORT" ] && [ -f "$BACKPORT/${p##*/}" ]; then
		p=$BACKPORT/${p##*/}
	fi
	patches+=("$p")
done
if [ -n "$BACKPORT" ]; then
	for p in "$BACKPORT"/*.patch; do
		[ -f "$p" ] || continue
		[ -f "$REPO/patches/${p##*/}" ] || [ "${p##*/}" = MAINTAINERS.patch ] ||
			own+=("$p")
	done
fi

# the files a patch touches, -p1: the new-file line (+++) right after an
# old-file line (---)
touched() {
	awk 'prev ~ /^--- / && /^\+\+\+ / {
		for (i = 1; i <= 2; i++) {
			f = (i == 1) ? prev : $0
			sub(/^(---|\+\+\+) /, "", f); sub(/\t.*$/, "", f)
			if (f != "/dev/null") { sub(/^[^\/]*\//, "", f); print f }
		}
	} { prev = $0 }' "$@"
}

new_patched=$STATE/patched.list.new
: >"$new_patched"
if [ ${#patches[@]} -gt 0 ]; then
	touched "${patches[@]}" | sort -u >"$new_patched"
fi
both=$(comm -12 "$new_overlay" "$new_patched")
if [ -n "$both" ]; then
	echo "sync-tree: these files are both in the repo and touched by a patch;" >&2
	echo "keep each file in one place only:" >&2
	echo "$both" >&2
	exit 1
fi
# the backport of our own files: patched copies of overlay files
new_backported=$STATE/backported.list.new
: >"$new_backported"
if [ ${#own[@]} -gt 0 ]; then
	touched "${own[@]}" | sort -u >"$new_backported"
	sort -u "$new_patched" "$new_backported" -o "$new_patched"
fi

scratch=$STATE/../patched
rm -rf "$scratch"
mkdir -p "$scratch"
while IFS= read -r f; do
	src=$PRISTINE/$f
	grep -qxF -- "$f" "$new_overlay" && src=$REPO/$f
	if [ -f "$src" ]; then
		mkdir -p "$scratch/$(dirname "$f")"
		cp -p "$src" "$scratch/$f"
	fi
done <"$new_patched"
for p in ${patches[@]+"${patches[@]}"} ${own[@]+"${own[@]}"}; do
	if ! out=$(patch -d "$scratch" -p1 --batch --forward --no-backup-if-mismatch \
			-r - -s <"$p" 2>&1); then
		echo "$out" >&2
		echo "sync-tree: ERROR: patch ${p#"$REPO"/} does not apply" \
		     "(patches apply in name order, -p1, to the pristine tree of $PRISTINE)" >&2
		exit 1
	fi
done

# --- install into the work tree ------------------------------------------
while IFS= read -r f; do
	grep -qxF -- "$f" "$new_backported" || put "$REPO/$f" "$f"
done <"$new_overlay"
while IFS= read -r f; do
	if [ -f "$scratch/$f" ]; then
		put "$scratch/$f" "$f"
	else
		restore "$f"	# the patches delete it
	fi
done <"$new_patched"

# files we owned before and no longer do
cat "$new_overlay" "$new_patched" | sort -u >"$STATE/owned.list.new"
if [ -f "$STATE/owned.list" ]; then
	comm -23 "$STATE/owned.list" "$STATE/owned.list.new" |
		while IFS= read -r f; do echo "$f"; done >"$STATE/dropped.list"
	while IFS= read -r f; do
		restore "$f"
	done <"$STATE/dropped.list"
fi
mv "$STATE/owned.list.new" "$STATE/owned.list"
mv "$new_overlay" "$STATE/overlay.list"
mv "$new_patched" "$STATE/patched.list"
mv "$new_backported" "$STATE/backported.list"

if [ "$kchanged" = 1 ] || [ ! -f "$STATE/tree-kernel" ]; then
	touch "$STATE/tree-kernel"
fi
if [ "$changed" = 1 ] || [ ! -f "$STATE/tree" ]; then
	touch "$STATE/tree"
fi
