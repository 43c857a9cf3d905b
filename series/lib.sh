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
