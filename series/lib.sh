# SPDX-License-Identifier: GPL-2.0
# Shared helpers of the series/ scripts; source it.

# need_pkgs PKG...: install the Debian packages that are missing, with sudo
# when not root.  CI machines start fresh, so every script asks for what it
# uses.
need_pkgs() {
	local missing=() p
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q 'install ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "  APT     ${missing[*]}" >&2
	local sudo=
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
		--no-install-recommends "${missing[@]}" >/dev/null; then
		$sudo apt-get update -q >/dev/null &&
			$sudo env DEBIAN_FRONTEND=noninteractive apt-get install \
				-y -q --no-install-recommends "${missing[@]}" >/dev/null
	fi
}

# The kernel's Python scripts (spdxcheck.py, get_abi.pl's helpers, Sphinx)
# need Debian's python3 and its modules, not another python3 on PATH.
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

# checkpatch_clean TREE PATCH LOG: scripts/checkpatch.pl --strict of TREE
# on PATCH, its output in LOG; true when it reports nothing.  One finding
# is an answered question rather than a defect, and is let through:
# FILE_PATH_CHANGES ("added, moved or deleted file(s), does MAINTAINERS
# need updating?") on a patch whose every new file lies under an F: path
# of our MAINTAINERS entry as it stands before the patch (the selftests
# come in three patches, and the first adds the directory's F: line).
checkpatch_clean() {
	local tree=$1 patch=$2 log=$3 f pat covered
	(cd "$tree" && ./scripts/checkpatch.pl --strict --showfile "$patch") \
		>"$log" 2>&1 || true
	grep -q '^total: 0 errors, 0 warnings, 0 checks' "$log" && return 0
	grep -q '^total: 0 errors, 1 warnings, 0 checks' "$log" || return 1
	grep -q 'does MAINTAINERS need updating' "$log" || return 1
	while read -r f; do
		covered=0
		while read -r pat; do
			[[ $pat == */ && $f == "$pat"* ]] && covered=1
		done < <(awk '/^SAFENAME SECURITY MODULE$/ { e = 1 } e && /^$/ { e = 0 }
			e && /^F:/ { sub(/^F:[ \t]*/, ""); print }' "$tree/MAINTAINERS")
		[ $covered = 1 ] || return 1
	done < <(awk '/^diff --git / { f = $4; sub(/^b\//, "", f) }
		/^new file mode/ { print f }' "$patch")
	echo "# FILE_PATH_CHANGES let through: every new file is under an F: line of the entry" >>"$log"
	return 0
}
