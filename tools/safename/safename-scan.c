// SPDX-License-Identifier: GPL-2.0
/*
 * safename-scan: find existing file names that Safename would refuse, and
 * repair them
 *
 * Safename checks only new names; this tool walks directory trees and prints
 * every name already there that fails a policy, using the kernel's own rule
 * code (security/safename/rule.c, compiled unchanged).  With --fix it
 * proposes a replacement for each that passes the policy, with --apply it
 * renames them (never replacing anything) and logs every rename, and with
 * --undo it restores the names of such a log.
 *
 * The walk reads each directory with getdents64() into one large buffer,
 * uses d_type to tell directories without a stat() and opens each
 * subdirectory relative to its parent with O_NOFOLLOW, so it never follows
 * a symbolic link and never resolves a long path.
 */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "rule.h"

#define PROG			"safename-scan"
#define DIRENT_BUF_SIZE		(1024 * 1024)
#define KNOB_MAX		4096

/* The longest name a replacement may have (NAME_MAX). */
#define FIX_NAME_MAX		255
/* The longest name --fix takes apart; longer ones cannot be repaired. */
#define FIX_IN_MAX		1024
/* Room for a repaired name before truncation: three bytes per byte. */
#define FIX_BUF			(3 * FIX_IN_MAX + 64)
/* An extension, kept after the collision suffix, is at most this long. */
#define FIX_EXT_MAX		16
/* The last collision variant tried. */
#define FIX_VARIANT_MAX		1000000UL

#define LOG_HEADER		"safename-scan log 1"
/* --undo reports at most this many problems of a log. */
#define UNDO_PROBLEMS_MAX	20

/* The directories that hold the running kernel's knob files, in order. */
static const char *const knob_dirs[] = {
	"/sys/fs/safename",
	"/sys/kernel/security/safename",
};

/**
 * struct linux_dirent64 - one record returned by getdents64()
 * @d_ino: inode number.
 * @d_off: position of the next record.
 * @d_reclen: length of this record.
 * @d_type: file type, DT_UNKNOWN when the file system does not say.
 * @d_name: NUL-terminated name.
 */
struct linux_dirent64 {
	u64 d_ino;
	s64 d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/**
 * struct name_list - names of one directory
 * @buf: the names, each followed by a NUL (for bad names, each preceded by
 *       three bytes: the rule, then the offset, low byte first).
 * @len: bytes used in @buf.
 * @cap: bytes allocated for @buf.
 */
struct name_list {
	char *buf;
	size_t len;
	size_t cap;
};

/**
 * struct level - what one directory of the walk holds
 * @dirs: the names of its subdirectories.
 * @bad: with --fix, its names that fail the policy, repaired once its
 *       subdirectories have been walked.
 */
struct level {
	struct name_list dirs;
	struct name_list bad;
};

/**
 * struct strmap - a set of byte strings, each with a value
 * @slots: open addressing, @nslots (a power of two) entries; @len is
 *         %SIZE_MAX in a free one.
 * @nslots: number of slots.
 * @used: slots in use.
 * @pool: the strings, one after the other.
 * @pool_len: bytes used in @pool.
 * @pool_cap: bytes allocated for @pool.
 */
struct strmap {
	struct strmap_slot {
		u64 hash;
		size_t off;
		size_t len;
		long val;
	} *slots;
	size_t nslots;
	size_t used;
	char *pool;
	size_t pool_len;
	size_t pool_cap;
};

/**
 * enum piece_kind - what one piece of a repaired name is
 * @PIECE_KEPT: bytes of the old name, kept.
 * @PIECE_ESCAPE: bytes of the old name, each written as an escape.
 * @PIECE_PREFIX: the escape character alone, put before the name.
 */
enum piece_kind {
	PIECE_KEPT,
	PIECE_ESCAPE,
	PIECE_PREFIX,
};

/**
 * struct piece - one piece of a repaired name
 * @kind: an &enum piece_kind.
 * @len: how many bytes of the old name it stands for: one character.
 * @off: where they start in the old name.
 */
struct piece {
	u8 kind;
	u8 len;
	u16 off;
};

/**
 * struct fixer - the repair of names under one policy
 * @rules: the policy, prepared.
 * @esc: the escape character, 0 when the policy permits none.
 * @hex: the sixteen hex digits escapes use, NULL when it permits neither
 *       case.
 * @name: the name being repaired.
 * @pieces: its repair, in order.
 * @npieces: number of @pieces.
 * @ext: index of the piece that starts its extension, or @npieces.
 */
struct fixer {
	const struct safename_rules *rules;
	char esc;
	const char *hex;
	const unsigned char *name;
	struct piece pieces[FIX_IN_MAX + 1];
	size_t npieces;
	size_t ext;
};

/**
 * struct buf - a growing scratch buffer
 * @p: the bytes.
 * @cap: bytes allocated.
 */
struct buf {
	char *p;
	size_t cap;
};

/**
 * struct scan - the state of one run
 * @rules: the policy, prepared.
 * @one_fs: stay on the file system of each tree given (-x).
 * @nul: write NUL-separated records (-0).
 * @json: write JSON records (--json).
 * @fix: propose a replacement for each bad name (--fix).
 * @apply: rename them (--apply).
 * @stop: an error happened under --apply: rename nothing more.
 * @progress: show progress on standard error, a terminal.
 * @shown: a progress line is on the terminal.
 * @out_tty: standard output is a terminal too.
 * @log_fd: the log of --apply, or -1.
 * @dev: the device of the tree being walked, for @one_fs.
 * @path: the path of the directory being read, as given plus names.
 * @path_len: length of @path, without the NUL.
 * @path_cap: bytes allocated for @path.
 * @root_len: length of the tree as given in @path.
 * @abs_root: the tree as an absolute path without symbolic links (--apply),
 *            empty for "/".
 * @dbuf: the getdents64() buffer, shared by every level.
 * @levels: one &struct level per depth.
 * @nlevels: number of entries allocated in @levels.
 * @enc: room for an encoded path.
 * @enc2: room for a second one.
 * @tmp: room for a path being built.
 * @line: room for a log line.
 * @fixer: the repair of names.
 * @planned: with --fix alone, the replacements planned in the directory
 *           being repaired.
 * @t0: when the walk started, for the progress line.
 * @t_shown: when the progress line was last shown, in seconds from @t0.
 * @scanned: names checked.
 * @found: names that fail the policy.
 * @errors: directories that could not be read, and other errors.
 */
struct scan {
	struct safename_rules rules;
	bool one_fs;
	bool nul;
	bool json;
	bool fix;
	bool apply;
	bool stop;
	bool progress;
	bool shown;
	bool out_tty;
	int log_fd;
	dev_t dev;
	dev_t *off;
	size_t noff;
	char *path;
	size_t path_len;
	size_t path_cap;
	size_t root_len;
	char *abs_root;
	char *dbuf;
	struct level *levels;
	size_t nlevels;
	struct buf enc;
	struct buf enc2;
	struct buf tmp;
	struct buf line;
	struct fixer fixer;
	struct strmap planned;
	struct timespec t0;
	double t_shown;
	unsigned long scanned;
	unsigned long found;
	unsigned long errors;
};

static const char usage_text[] =
"NAME\n"
"	safename-scan - find, and repair, existing file names that Safename\n"
"	would refuse\n"
"\n"
"SYNOPSIS\n"
"	safename-scan [-0x] [--json] [--fix [--apply --log FILE]]\n"
"		      [policy options] TREE...\n"
"	safename-scan --undo LOG\n"
"	safename-scan [policy options] --print-policy\n"
"\n"
"	policy options: [--default|--policy-dir DIR] [--utf8|--no-utf8]\n"
"		      [--initial SET] [--middle SET] [--final SET]\n"
"\n"
"DESCRIPTION\n"
"	Walks each TREE and checks the name of every file, directory and\n"
"	link found inside it (not TREE itself) against a Safename policy.\n"
"	Symbolic links are never followed, not even when TREE is one (give\n"
"	TREE/ to start from a link's target).\n"
"\n"
"	The policy is the running kernel's, read from /sys/fs/safename or\n"
"	else /sys/kernel/security/safename (whatever the modes are), unless\n"
"	--default or --policy-dir gives another base; the options below then\n"
"	change single parts of it.  When the kernel's policy cannot be read,\n"
"	--default is needed unless all of --initial, --middle, --final and\n"
"	--utf8 or --no-utf8 are given.  With the kernel's policy, file\n"
"	systems mounted safename=off, which the kernel never checks, are\n"
"	skipped, each with a line on stderr.\n"
"\n"
"	With --fix, each bad name gets a replacement that passes the policy\n"
"	(see REPAIR); nothing is changed unless --apply is given too.\n"
"	With --apply, each bad name is renamed to it with\n"
"	renameat2(RENAME_NOREPLACE), children before their directory, and\n"
"	every rename is appended to the log FILE (created, never\n"
"	overwritten) and flushed to disk before the next one.  The first\n"
"	error stops the run: nothing more is renamed.\n"
"	With --undo, every name renamed in LOG gets its old name back, in\n"
"	reverse order, never replacing anything.  Every entry is checked\n"
"	first (the renamed file is there, its old name is free); if any\n"
"	fails, nothing is restored.\n"
"\n"
"OPTIONS\n"
"	-0, --null		NUL-separated records (see OUTPUT)\n"
"	-x, --one-file-system	do not descend into directories on another\n"
"				file system than TREE (st_dev)\n"
"	-j, --json		one JSON object per line (see OUTPUT)\n"
"	-f, --fix		propose a replacement for every bad name\n"
"	--apply			rename the bad names (implies --fix; needs\n"
"				--log)\n"
"	--log FILE		with --apply: the log of the renames, a new\n"
"				file\n"
"	--undo LOG		restore the names renamed in LOG\n"
"	-d, --default		the default policy of the 2016 proposal\n"
"	-P, --policy-dir DIR	read the knob files from DIR instead\n"
"	--utf8, --no-utf8	require well-formed UTF-8, or do not\n"
"	--initial SET, --middle SET, --final SET\n"
"				the permitted bytes, in the syntax of the\n"
"				knob files: \"33-44,46-125,128-254\"\n"
"	-p, --print-policy	print the policy in effect and exit\n"
"	-h, --help		this text\n"
"\n"
"OUTPUT\n"
"	One line for each name that fails, in no particular order:\n"
"		PATH rule=RULE offset=N\n"
"	PATH is TREE, then '/', then the names down to the bad one, encoded\n"
"	as the kernel log encodes names: in double quotes when every byte is\n"
"	in 0x21..0x7e and none is '\"', otherwise as uppercase hex.  RULE is\n"
"	initial, middle, final or utf8, the first failure from byte 0, and N\n"
"	its byte offset in the last name.\n"
"	With --fix, one line per rename instead, depth first, children\n"
"	before their directory, names in byte order:\n"
"		PATH -> NEWPATH\n"
"	NEWPATH is PATH with its last name replaced, encoded alike.  --undo\n"
"	prints its renames alike, in the reverse order, with absolute paths.\n"
"	With -0, each record is three fields, each ended by a NUL: the raw\n"
"	path, the rule and the offset in decimal; with --fix, a fourth: the\n"
"	raw new path.\n"
"	With --json, one object per line:\n"
"		{\"path\":S,\"path_hex\":H,\"rule\":R,\"offset\":N}\n"
"	and with --fix also \"new_path\":S,\"new_path_hex\":H (null when no\n"
"	name passes).  H is the exact bytes of the path, two lowercase hex\n"
"	digits each; S is the path for display, ASCII only: the same bytes\n"
"	when they are well-formed UTF-8 (characters outside 0x20..0x7e as\n"
"	\\uXXXX), with U+FFFD for each byte that is not.\n"
"	Errors (an unreadable directory, say) go to standard error, and the\n"
"	walk goes on, except under --apply.\n"
"	On a terminal, standard error shows the progress: names checked,\n"
"	names per second, bad names found.\n"
"\n"
"REPAIR\n"
"	A replacement depends only on the name, the policy and the names\n"
"	already in its directory.  Trailing spaces are dropped (if the final\n"
"	set lacks the space and something else remains).  A first character\n"
"	that may not start a name but may be in the middle gets E put before\n"
"	it (-rf becomes _-rf).  Every other character in the way (a byte\n"
"	that the sets leave out, or under utf8 one that is not part of a\n"
"	well-formed UTF-8 character) becomes E and two hex digits per byte\n"
"	(a\\nb becomes a_0Ab; a UTF-8 character is escaped whole or not at\n"
"	all).  E is the first of _ % + = that the initial and the middle\n"
"	sets permit; the digits are 0-9A-F, or 0-9a-f if the middle set\n"
"	lacks A-F.  A replacement longer than 255 bytes loses\n"
"	whole characters at its end (before its extension).  When the name\n"
"	is taken, E1, E2... goes before the extension (a last '.' and at\n"
"	most 15 bytes after it) or at the end, and a replacement that would\n"
"	be . or .. takes E1.  A name that no replacement fixes is an error.\n"
"\n"
"LOG\n"
"	The first line is \"" LOG_HEADER "\"; then one line per rename:\n"
"		ino=INO dir=DIR old=OLD new=NEW\n"
"	DIR is the absolute path of the directory at the time, OLD and NEW\n"
"	the names, all three encoded as PATH above (quoted or hex, so\n"
"	lossless); INO the inode number of the file renamed.\n"
"\n"
"EXIT STATUS\n"
"	0 no bad name (with --apply: every bad name renamed; with --undo:\n"
"	every name restored), 1 bad names found, 2 usage or policy error, a\n"
"	directory that could not be read, a name that cannot be repaired, a\n"
"	rename that failed (2 wins over 1).\n";

/**
 * usage() - print the usage text and exit
 * @status: the exit status; the text goes to standard output when 0.
 */
static void usage(int status)
{
	if (status)
		fprintf(stderr, "Usage: %s [-0x] [--json] [--fix [--apply --log FILE]]\n"
			"                     [policy options] TREE...\n"
			"       %s --undo LOG\n"
			"Try '%s --help'.\n", PROG, PROG, PROG);
	else
		fputs(usage_text, stdout);
	exit(status);
}

/**
 * die() - report a fatal error and exit with status 2
 * @msg: the message.
 * @arg: what it is about, or NULL.
 */
static void die(const char *msg, const char *arg)
{
	if (arg)
		fprintf(stderr, "%s: %s: %s\n", PROG, msg, arg);
	else
		fprintf(stderr, "%s: %s\n", PROG, msg);
	exit(2);
}

/**
 * xrealloc() - realloc() that exits when out of memory
 * @p: the old block, or NULL.
 * @size: the new size.
 *
 * Return: the new block.
 */
static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p)
		die("out of memory", NULL);
	return p;
}

/**
 * grow() - make room in a growing buffer
 * @buf: the buffer.
 * @cap: its size, updated.
 * @need: the size needed.
 */
static void grow(char **buf, size_t *cap, size_t need)
{
	size_t n = *cap ? *cap : 256;

	if (need <= *cap)
		return;
	while (n < need)
		n *= 2;
	*buf = xrealloc(*buf, n);
	*cap = n;
}

/**
 * read_full() - read until a buffer is full or the end of the file
 * @fd: the file.
 * @buf: where to store the bytes.
 * @size: the size of @buf.
 *
 * Return: the number of bytes read (less than @size only at the end of the
 * file), or -1 with errno set.
 */
static ssize_t read_full(int fd, char *buf, size_t size)
{
	size_t got = 0;
	ssize_t n;

	while (got < size) {
		n = read(fd, buf + got, size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (!n)
			break;
		got += n;
	}
	return got;
}

/**
 * encode() - encode bytes as SPEC 3 encodes names
 * @b: the buffer to encode into.
 * @src: the bytes.
 * @len: their number.
 *
 * Return: the encoded bytes, NUL-terminated, in @b.
 */
static const char *encode(struct buf *b, const void *src, size_t len)
{
	grow(&b->p, &b->cap, SAFENAME_ENCODED_MAX(len) + 1);
	safename_encode(b->p, src, len);
	return b->p;
}

/**
 * is_dot() - is a name "." or ".."?
 * @name: the name.
 *
 * Return: true for "." and "..".
 */
static bool is_dot(const char *name)
{
	return name[0] == '.' &&
	       (!name[1] || (name[1] == '.' && !name[2]));
}

/**
 * strmap_hash() - FNV-1a of a byte string
 * @p: the bytes.
 * @len: their number.
 *
 * Return: the hash.
 */
static u64 strmap_hash(const void *p, size_t len)
{
	const unsigned char *s = p;
	u64 h = 0xcbf29ce484222325ULL;

	while (len--) {
		h ^= *s++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

/**
 * strmap_slot() - the slot of a string, or the free slot where it would go
 * @m: the map, with at least one free slot.
 * @key: the string.
 * @len: its length.
 * @hash: strmap_hash() of it.
 *
 * Return: the slot.
 */
static struct strmap_slot *strmap_slot(struct strmap *m, const void *key,
				       size_t len, u64 hash)
{
	size_t i = hash & (m->nslots - 1);
	struct strmap_slot *e;

	for (;; i = (i + 1) & (m->nslots - 1)) {
		e = &m->slots[i];
		if (e->len == SIZE_MAX)
			return e;
		if (e->hash == hash && e->len == len &&
		    !memcmp(m->pool + e->off, key, len))
			return e;
	}
}

/**
 * strmap_grow() - double the slots of a map (or make the first ones)
 * @m: the map.
 */
static void strmap_grow(struct strmap *m)
{
	struct strmap_slot *old = m->slots, *e;
	size_t n = m->nslots, i;

	m->nslots = n ? 2 * n : 64;
	m->slots = xrealloc(NULL, m->nslots * sizeof(*m->slots));
	for (i = 0; i < m->nslots; i++)
		m->slots[i].len = SIZE_MAX;
	for (i = 0; i < n; i++) {
		if (old[i].len == SIZE_MAX)
			continue;
		e = strmap_slot(m, m->pool + old[i].off, old[i].len,
				old[i].hash);
		*e = old[i];
	}
	free(old);
}

/**
 * strmap_find() - look a string up
 * @m: the map.
 * @key: the string.
 * @len: its length.
 *
 * Return: its value, or -1 when it is not in @m.
 */
static long strmap_find(struct strmap *m, const void *key, size_t len)
{
	struct strmap_slot *e;

	if (!m->used)
		return -1;
	e = strmap_slot(m, key, len, strmap_hash(key, len));
	return e->len == SIZE_MAX ? -1 : e->val;
}

/**
 * strmap_add() - add a string, unless it is there already
 * @m: the map.
 * @key: the string.
 * @len: its length.
 * @val: its value, at least 0.
 *
 * Return: true when it was added, false when it was there.
 */
static bool strmap_add(struct strmap *m, const void *key, size_t len,
		       long val)
{
	u64 hash = strmap_hash(key, len);
	struct strmap_slot *e;

	if (2 * (m->used + 1) > m->nslots)
		strmap_grow(m);
	e = strmap_slot(m, key, len, hash);
	if (e->len != SIZE_MAX)
		return false;
	grow(&m->pool, &m->pool_cap, m->pool_len + len + 1);
	memcpy(m->pool + m->pool_len, key, len);
	e->hash = hash;
	e->off = m->pool_len;
	e->len = len;
	e->val = val;
	m->pool_len += len;
	m->used++;
	return true;
}

/**
 * strmap_clear() - empty a map
 * @m: the map.
 *
 * A map grown big is freed, so that clearing it often stays cheap.
 */
static void strmap_clear(struct strmap *m)
{
	size_t i;

	if (!m->used)
		return;
	if (m->nslots > 1024) {
		free(m->slots);
		m->slots = NULL;
		m->nslots = 0;
	} else {
		for (i = 0; i < m->nslots; i++)
			m->slots[i].len = SIZE_MAX;
	}
	m->used = 0;
	m->pool_len = 0;
}

/**
 * progress_show() - show the progress line on standard error
 * @s: the scan.
 * @last: the last time: show it whatever the time, and end the line.
 *
 * At most four times a second.
 */
static void progress_show(struct scan *s, bool last)
{
	struct timespec now;
	double t;

	clock_gettime(CLOCK_MONOTONIC, &now);
	t = (now.tv_sec - s->t0.tv_sec) + (now.tv_nsec - s->t0.tv_nsec) / 1e9;
	if (!last && t - s->t_shown < 0.25)
		return;
	s->t_shown = t;
	if (s->out_tty)
		fflush(stdout);
	fprintf(stderr, "\r%s: %lu names, %.0f names/s, %lu bad\033[K%s",
		PROG, s->scanned, t > 0 ? s->scanned / t : 0.0, s->found,
		last ? "\n" : "");
	s->shown = !last;
}

/**
 * progress_clear() - take the progress line off the terminal
 * @s: the scan.
 *
 * Before anything else is written there.
 */
static void progress_clear(struct scan *s)
{
	if (!s->shown)
		return;
	if (s->out_tty)
		fflush(stdout);
	fputs("\r\033[K", stderr);
	s->shown = false;
}

/**
 * out_begin() - get ready to write a record on standard output
 * @s: the scan.
 */
static void out_begin(struct scan *s)
{
	if (s->out_tty)
		progress_clear(s);
}

/**
 * path_push() - append "/name" to the current path
 * @s: the scan.
 * @name: the name.
 * @len: its length.
 *
 * Return: the length of the path before, for path_pop().
 */
static size_t path_push(struct scan *s, const char *name, size_t len)
{
	size_t old = s->path_len;

	grow(&s->path, &s->path_cap, old + len + 2);
	s->path[s->path_len++] = '/';
	memcpy(s->path + s->path_len, name, len);
	s->path_len += len;
	s->path[s->path_len] = '\0';
	return old;
}

/**
 * path_pop() - undo path_push()
 * @s: the scan.
 * @old: what path_push() returned.
 */
static void path_pop(struct scan *s, size_t old)
{
	s->path_len = old;
	s->path[old] = '\0';
}

/**
 * encode_path() - encode the current path as SPEC 3 encodes names
 * @s: the scan.
 *
 * Return: the encoded path, NUL-terminated, in @s->enc.
 */
static const char *encode_path(struct scan *s)
{
	return encode(&s->enc, s->path, s->path_len);
}

/**
 * report_error() - report a file that could not be read, and count it
 * @s: the scan.
 * @name: the name below the current path, or NULL for the path itself.
 * @what: what failed.
 * @err: the errno value, or 0 when @what says it all.
 *
 * Under --apply, the first error stops the run.
 */
static void report_error(struct scan *s, const char *name, const char *what,
			 int err)
{
	size_t old = s->path_len;

	if (name)
		old = path_push(s, name, strlen(name));
	fflush(stdout);
	progress_clear(s);
	if (err)
		fprintf(stderr, "%s: %s: %s: %s\n", PROG, encode_path(s), what,
			strerror(err));
	else
		fprintf(stderr, "%s: %s: %s\n", PROG, encode_path(s), what);
	path_pop(s, old);
	s->errors++;
	if (s->apply)
		s->stop = true;
}

/**
 * json_string() - write bytes as a JSON string for display
 * @p: the bytes.
 * @len: their number.
 *
 * ASCII only: printable ASCII as itself (with '"' and '\' escaped), every
 * other character of well-formed UTF-8 as \uXXXX (a surrogate pair above
 * U+FFFF), each byte that is not part of one as \ufffd.
 */
static void json_string(const unsigned char *p, size_t len)
{
	unsigned int cp;
	size_t i, k, j;

	putchar('"');
	for (i = 0; i < len; i += k) {
		k = 1;
		if (p[i] == '"' || p[i] == '\\') {
			printf("\\%c", p[i]);
		} else if (p[i] >= 0x20 && p[i] < 0x7f) {
			putchar(p[i]);
		} else if (p[i] < 0x80) {
			printf("\\u%04x", p[i]);
		} else {
			for (k = 2; k <= 4 && i + k <= len; k++)
				if (safename_utf8_check(p + i, k) == k)
					break;
			if (k > 4 || i + k > len) {
				k = 1;
				fputs("\\ufffd", stdout);
				continue;
			}
			cp = p[i] & (0x7f >> k);
			for (j = 1; j < k; j++)
				cp = cp << 6 | (p[i + j] & 0x3f);
			if (cp < 0x10000)
				printf("\\u%04x", cp);
			else
				printf("\\u%04x\\u%04x",
				       0xd800 + ((cp - 0x10000) >> 10),
				       0xdc00 + ((cp - 0x10000) & 0x3ff));
		}
	}
	putchar('"');
}

/**
 * json_path() - write a path as two JSON members, for display and exact
 * @key: the name of the first member; the second is @key then "_hex".
 * @p: the path.
 * @len: its length.
 */
static void json_path(const char *key, const char *p, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)p;
	size_t i;

	printf("\"%s\":", key);
	json_string(u, len);
	printf(",\"%s_hex\":\"", key);
	for (i = 0; i < len; i++) {
		putchar(hex[u[i] >> 4]);
		putchar(hex[u[i] & 15]);
	}
	putchar('"');
}

/**
 * report_name() - print one name that fails the policy
 * @s: the scan.
 * @rule: the rule it fails.
 * @offset: where in its last name.
 * @fixed: with --fix, whether a replacement was found.
 * @new_path: the new path, with @fixed.
 * @new_len: its length.
 *
 * The current path is that of the bad name.
 */
static void report_name(struct scan *s, enum safename_rule rule,
			size_t offset, bool fixed, const char *new_path,
			size_t new_len)
{
	out_begin(s);
	if (s->json) {
		putchar('{');
		json_path("path", s->path, s->path_len);
		printf(",\"rule\":\"%s\",\"offset\":%zu",
		       safename_rule_name(rule), offset);
		if (s->fix && fixed) {
			putchar(',');
			json_path("new_path", new_path, new_len);
		} else if (s->fix) {
			fputs(",\"new_path\":null,\"new_path_hex\":null",
			      stdout);
		}
		puts("}");
	} else if (s->fix && !fixed) {
		/* the error on standard error says it */
	} else if (s->nul) {
		fwrite(s->path, 1, s->path_len + 1, stdout);
		printf("%s%c%zu%c", safename_rule_name(rule), 0, offset, 0);
		if (s->fix)
			fwrite(new_path, 1, new_len + 1, stdout);
	} else if (s->fix) {
		printf("%s -> %s\n", encode_path(s),
		       encode(&s->enc2, new_path, new_len));
	} else {
		printf("%s rule=%s offset=%zu\n", encode_path(s),
		       safename_rule_name(rule), offset);
	}
}

/**
 * list_add() - remember a name
 * @l: the list.
 * @name: the name.
 * @len: its length.
 */
static void list_add(struct name_list *l, const char *name, size_t len)
{
	grow(&l->buf, &l->cap, l->len + len + 1);
	memcpy(l->buf + l->len, name, len + 1);
	l->len += len + 1;
}

/**
 * bad_add() - remember a bad name, to repair it later
 * @l: the list.
 * @name: the name.
 * @len: its length.
 * @rule: the rule it fails.
 * @offset: where.
 */
static void bad_add(struct name_list *l, const char *name, size_t len,
		    enum safename_rule rule, size_t offset)
{
	grow(&l->buf, &l->cap, l->len + len + 4);
	l->buf[l->len++] = rule;
	l->buf[l->len++] = offset & 0xff;
	l->buf[l->len++] = offset >> 8;
	memcpy(l->buf + l->len, name, len + 1);
	l->len += len + 1;
}

/**
 * cmp_names() - qsort() comparison of names, in byte order
 * @a: a pointer to a name.
 * @b: another.
 *
 * Return: as strcmp().
 */
static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/**
 * sort_list() - the names of a list, in byte order
 * @l: the list.
 * @skip: bytes before each name (0, or 3 for bad names).
 * @n: set to the number of names.
 *
 * Return: an array of pointers to the names, to free().
 */
static char **sort_list(const struct name_list *l, size_t skip, size_t *n)
{
	size_t pos, cap = 64;
	char **v = xrealloc(NULL, cap * sizeof(*v));

	*n = 0;
	for (pos = 0; pos < l->len; pos += strlen(l->buf + pos) + 1) {
		pos += skip;
		if (*n == cap) {
			cap *= 2;
			v = xrealloc(v, cap * sizeof(*v));
		}
		v[(*n)++] = l->buf + pos;
	}
	qsort(v, *n, sizeof(*v), cmp_names);
	return v;
}

/**
 * unit_len() - the length of the character at the start of some bytes
 * @s: the bytes.
 * @n: their number, at least 1.
 *
 * Return: the length of the well-formed UTF-8 character that @s starts
 * with, or 1 when it starts with a byte that is not part of one.
 */
static size_t unit_len(const unsigned char *s, size_t n)
{
	size_t k;

	if (s[0] < 0x80)
		return 1;
	for (k = 2; k <= 4 && k <= n; k++)
		if (safename_utf8_check(s, k) == k)
			return k;
	return 1;
}

/**
 * fix_init() - choose the escape character and digits of a policy
 * @f: the fixer.
 * @rules: the policy, prepared; it must outlive @f.
 */
static void fix_init(struct fixer *f, const struct safename_rules *rules)
{
	static const char *const digits[] = {
		"0123456789ABCDEF", "0123456789abcdef",
	};
	static const char escapes[] = "_%+=";
	const char *p;
	int i;

	f->rules = rules;
	f->esc = 0;
	for (p = escapes; *p; p++) {
		if (safename_byteset_test(&rules->initial, *p) &&
		    safename_byteset_test(&rules->middle, *p)) {
			f->esc = *p;
			break;
		}
	}
	f->hex = NULL;
	for (i = 0; i < 2 && !f->hex; i++) {
		f->hex = digits[i];
		for (p = digits[i]; *p; p++)
			if (!safename_byteset_test(&rules->middle, *p))
				f->hex = NULL;
	}
}

/**
 * piece_size() - the length of a piece in the repaired name
 * @p: the piece.
 *
 * Return: its length.
 */
static size_t piece_size(const struct piece *p)
{
	if (p->kind == PIECE_KEPT)
		return p->len;
	if (p->kind == PIECE_ESCAPE)
		return 3 * p->len;
	return 1;
}

/**
 * piece_out() - write a piece of the repaired name
 * @f: the fixer.
 * @p: the piece.
 * @dst: where.
 *
 * Return: the length written.
 */
static size_t piece_out(const struct fixer *f, const struct piece *p,
			unsigned char *dst)
{
	const unsigned char *src = f->name + p->off;
	size_t i, n = 0;

	switch (p->kind) {
	case PIECE_KEPT:
		memcpy(dst, src, p->len);
		return p->len;
	case PIECE_ESCAPE:
		for (i = 0; i < p->len; i++) {
			dst[n++] = f->esc;
			dst[n++] = f->hex[src[i] >> 4];
			dst[n++] = f->hex[src[i] & 15];
		}
		return n;
	default:
		dst[0] = f->esc;
		return 1;
	}
}

/**
 * fix_compose() - write the pieces of a name, with a suffix
 * @f: the fixer.
 * @cut: the pieces before the suffix: 0 to @cut - 1.
 * @ext: the pieces after it: @ext to the last.
 * @suffix: the suffix.
 * @slen: its length.
 * @dst: where, with room for %FIX_BUF bytes.
 *
 * Return: the length written; @dst is NUL-terminated.
 */
static size_t fix_compose(const struct fixer *f, size_t cut, size_t ext,
			  const char *suffix, size_t slen, unsigned char *dst)
{
	size_t i, n = 0;

	for (i = 0; i < cut; i++)
		n += piece_out(f, &f->pieces[i], dst + n);
	memcpy(dst + n, suffix, slen);
	n += slen;
	for (i = ext; i < f->npieces; i++)
		n += piece_out(f, &f->pieces[i], dst + n);
	dst[n] = '\0';
	return n;
}

/**
 * fix_prefix_ok() - may the first piece stay, behind the escape character?
 * @f: the fixer.
 *
 * Return: true when its bytes are permitted where they would then be.
 */
static bool fix_prefix_ok(const struct fixer *f)
{
	const struct piece *p = &f->pieces[0];
	const struct safename_byteset *set;
	size_t i;

	for (i = 0; i < p->len; i++) {
		set = &f->rules->middle;
		if (f->npieces == 1 && i + 1 == p->len)
			set = &f->rules->final;
		if (!safename_byteset_test(set, f->name[p->off + i]))
			return false;
	}
	return true;
}

/**
 * fix_name() - repair a name, without the collision suffix and truncation
 * @f: the fixer.
 * @name: the name.
 * @len: its length.
 *
 * Takes the name apart into characters (well-formed UTF-8 characters, and
 * single bytes that are not part of one), then, as long as the kernel's
 * rule code finds a failure, mends the character where it is: a first one
 * that may not start a name but may stand in the middle gets the escape
 * character before it, any other becomes escapes.  A failure in what was
 * added means no repair passes.
 *
 * Return: 0, or -1 when no replacement passes the policy.
 */
static int fix_name(struct fixer *f, const unsigned char *name, size_t len)
{
	unsigned char buf[FIX_BUF];
	enum safename_rule rule;
	size_t n = len, i, k, at, pos;

	if (!len || len > FIX_IN_MAX)
		return -1;
	f->name = name;
	if (!safename_byteset_test(&f->rules->final, ' '))
		while (n > 1 && name[n - 1] == ' ')
			n--;
	f->npieces = 0;
	for (i = 0; i < n; i += k) {
		k = unit_len(name + i, n - i);
		f->pieces[f->npieces++] = (struct piece) {
			.kind = PIECE_KEPT, .len = k, .off = i,
		};
	}
	for (;;) {
		n = fix_compose(f, f->npieces, f->npieces, NULL, 0, buf);
		rule = safename_explain(f->rules, buf, n, &at);
		if (rule == SAFENAME_RULE_PASS)
			break;
		if (!f->esc)
			return -1;
		for (i = 0, pos = 0; pos + piece_size(&f->pieces[i]) <= at;
		     i++)
			pos += piece_size(&f->pieces[i]);
		if (f->pieces[i].kind != PIECE_KEPT)
			return -1;
		if (rule == SAFENAME_RULE_INITIAL && fix_prefix_ok(f)) {
			memmove(f->pieces + 1, f->pieces,
				f->npieces * sizeof(*f->pieces));
			f->pieces[0] = (struct piece) { .kind = PIECE_PREFIX };
			f->npieces++;
		} else if (f->hex) {
			f->pieces[i].kind = PIECE_ESCAPE;
		} else {
			return -1;
		}
	}

	/* the extension: a last '.', not first nor last, few bytes after */
	f->ext = f->npieces;
	for (i = f->npieces - 1, n = 0; i > 0; i--) {
		const struct piece *p = &f->pieces[i];

		n += piece_size(p);
		if (n > FIX_EXT_MAX)
			break;
		if (p->kind == PIECE_KEPT && p->len == 1 &&
		    name[p->off] == '.' && i + 1 < f->npieces) {
			f->ext = i;
			break;
		}
	}
	return 0;
}

/**
 * fix_variant() - one candidate replacement of the name fix_name() repaired
 * @f: the fixer.
 * @k: 0 for the repaired name itself, else the collision variant: the
 *     escape character and @k go before the extension.
 * @dst: where, with room for %FIX_BUF bytes; NUL-terminated.
 * @len: set to the length.
 *
 * A name longer than %FIX_NAME_MAX loses whole pieces before the suffix
 * (and the extension), as few as need be for it to fit and pass.
 *
 * Return: 0, or -1 when no candidate passes the policy.
 */
static int fix_variant(struct fixer *f, unsigned long k, unsigned char *dst,
		       size_t *len)
{
	size_t slen = 0, cut, ext, n, i, at;
	char suffix[24];
	int pass;

	if (k) {
		if (!f->esc)
			return -1;
		slen = snprintf(suffix, sizeof(suffix), "%c%lu", f->esc, k);
	}
	for (pass = 0; pass < 2; pass++) {
		ext = pass ? f->npieces : f->ext;
		if (pass && ext == f->ext)
			break;
		for (cut = ext; cut >= 1; cut--) {
			n = slen;
			for (i = 0; i < cut; i++)
				n += piece_size(&f->pieces[i]);
			for (i = ext; i < f->npieces; i++)
				n += piece_size(&f->pieces[i]);
			if (n > FIX_NAME_MAX)
				continue;
			n = fix_compose(f, cut, ext, suffix, slen, dst);
			if (is_dot((const char *)dst))
				continue;
			if (safename_check(f->rules, dst, n, &at) ==
			    SAFENAME_RULE_PASS) {
				*len = n;
				return 0;
			}
		}
	}
	return -1;
}

/**
 * log_rename() - append one rename to the log and flush it to disk
 * @s: the scan.
 * @ino: the inode number of the file renamed.
 * @dir_len: the length of its directory's path in @s->path.
 * @old: its old name.
 * @old_len: the length of @old.
 * @new: its new name.
 * @new_len: the length of @new.
 *
 * Return: 0, or -1 with errno set.
 */
static int log_rename(struct scan *s, unsigned long long ino, size_t dir_len,
		      const char *old, size_t old_len, const char *new,
		      size_t new_len)
{
	size_t abs_len = strlen(s->abs_root), rel = dir_len - s->root_len;
	size_t dlen = abs_len + rel, n, done;
	ssize_t w;

	grow(&s->tmp.p, &s->tmp.cap, dlen + 2);
	memcpy(s->tmp.p, s->abs_root, abs_len);
	memcpy(s->tmp.p + abs_len, s->path + s->root_len, rel);
	if (!dlen)
		s->tmp.p[dlen++] = '/';
	grow(&s->line.p, &s->line.cap, 64 + SAFENAME_ENCODED_MAX(dlen) +
	     SAFENAME_ENCODED_MAX(old_len) + SAFENAME_ENCODED_MAX(new_len));
	n = sprintf(s->line.p, "ino=%llu dir=%s", ino,
		    encode(&s->enc2, s->tmp.p, dlen));
	n += sprintf(s->line.p + n, " old=%s",
		     encode(&s->enc2, old, old_len));
	n += sprintf(s->line.p + n, " new=%s\n",
		     encode(&s->enc2, new, new_len));
	for (done = 0; done < n; done += w) {
		w = write(s->log_fd, s->line.p + done, n - done);
		if (w < 0 && errno == EINTR)
			w = 0;
		else if (w <= 0)
			return -1;
	}
	return fdatasync(s->log_fd);
}

/**
 * fix_one() - repair one bad name: propose a replacement, or rename it
 * @s: the scan.
 * @dfd: its directory, open.
 * @name: the name.
 * @rule: the rule it fails.
 * @offset: where.
 *
 * The first variant of the replacement that names nothing in the
 * directory (nor, with --fix alone, a replacement planned there already)
 * is taken; under --apply, renameat2(RENAME_NOREPLACE) has the last word.
 */
static void fix_one(struct scan *s, int dfd, const char *name,
		    enum safename_rule rule, size_t offset)
{
	unsigned char cand[FIX_BUF];
	char msg[2 * FIX_BUF];
	size_t len = strlen(name), nlen = 0, dir_len;
	struct stat st, tmp;
	unsigned long k;
	bool fixed = false;

	dir_len = path_push(s, name, len);
	if (fix_name(&s->fixer, (const unsigned char *)name, len)) {
		report_name(s, rule, offset, false, NULL, 0);
		report_error(s, NULL, "no replacement passes the policy", 0);
		goto out;
	}
	if (s->apply && fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW)) {
		if (errno != ENOENT)	/* gone: nothing to rename */
			report_error(s, NULL, "cannot stat", errno);
		goto out;
	}
	for (k = 0; ; k++) {
		if (k > FIX_VARIANT_MAX ||
		    fix_variant(&s->fixer, k, cand, &nlen)) {
			/* the repaired name alone is "." or "..": a variant */
			if (!k)
				continue;
			report_name(s, rule, offset, false, NULL, 0);
			report_error(s, NULL, "no free name passes the policy",
				     0);
			goto out;
		}
		if (!fstatat(dfd, (char *)cand, &tmp, AT_SYMLINK_NOFOLLOW))
			continue;
		if (errno != ENOENT) {
			snprintf(msg, sizeof(msg), "cannot stat %s",
				 encode(&s->enc2, cand, nlen));
			report_error(s, NULL, msg, errno);
			goto out;
		}
		if (!s->apply) {
			if (!strmap_add(&s->planned, cand, nlen, 0))
				continue;
			break;
		}
		if (!renameat2(dfd, name, dfd, (char *)cand, RENAME_NOREPLACE))
			break;
		if (errno == EEXIST)
			continue;
		snprintf(msg, sizeof(msg), "cannot rename to %s",
			 encode(&s->enc2, cand, nlen));
		report_error(s, NULL, msg, errno);
		goto out;
	}
	fixed = true;
	if (s->apply && log_rename(s, st.st_ino, dir_len, name, len,
				   (char *)cand, nlen)) {
		snprintf(msg, sizeof(msg),
			 "renamed to %s, but cannot write the log",
			 encode(&s->enc2, cand, nlen));
		report_error(s, NULL, msg, errno);
	}

	/* the new path: the directory's, then the new name */
	grow(&s->tmp.p, &s->tmp.cap, dir_len + nlen + 2);
	memcpy(s->tmp.p, s->path, dir_len);
	s->tmp.p[dir_len] = '/';
	memcpy(s->tmp.p + dir_len + 1, cand, nlen + 1);
	report_name(s, rule, offset, fixed, s->tmp.p, dir_len + 1 + nlen);
out:
	path_pop(s, dir_len);
}

/**
 * fix_dir() - repair the bad names of one directory, in byte order
 * @s: the scan.
 * @dfd: the directory, open.
 * @l: its bad names.
 */
static void fix_dir(struct scan *s, int dfd, const struct name_list *l)
{
	size_t i, n, off;
	char **v;
	u8 *e;

	if (!l->len)
		return;
	v = sort_list(l, 3, &n);
	for (i = 0; i < n && !s->stop; i++) {
		e = (u8 *)v[i] - 3;
		off = e[1] | e[2] << 8;
		fix_one(s, dfd, v[i], e[0], off);
	}
	free(v);
	strmap_clear(&s->planned);
}

/**
 * read_dir() - check every name of one directory, list its subdirectories
 * @s: the scan.
 * @dfd: the directory, open.
 * @lv: where to list the names of its subdirectories and, with --fix, its
 *      bad names.
 */
static void read_dir(struct scan *s, int dfd, struct level *lv)
{
	enum safename_rule rule;
	struct stat st;
	size_t len, bad, old;
	long n, pos;

	for (;;) {
		n = syscall(SYS_getdents64, dfd, s->dbuf, DIRENT_BUF_SIZE);
		if (n <= 0) {
			if (n < 0)
				report_error(s, NULL, "cannot read directory",
					     errno);
			return;
		}
		for (pos = 0; pos < n; ) {
			struct linux_dirent64 *d = (void *)(s->dbuf + pos);
			unsigned char type = d->d_type;

			pos += d->d_reclen;
			if (is_dot(d->d_name))
				continue;
			len = strlen(d->d_name);
			rule = safename_check(&s->rules,
					      (const unsigned char *)d->d_name,
					      len, &bad);
			if (rule != SAFENAME_RULE_PASS) {
				s->found++;
				if (s->fix) {
					bad_add(&lv->bad, d->d_name, len, rule,
						bad);
				} else {
					old = path_push(s, d->d_name, len);
					report_name(s, rule, bad, false, NULL,
						    0);
					path_pop(s, old);
				}
			}
			if (s->progress && !(++s->scanned & 4095))
				progress_show(s, false);
			if (type == DT_UNKNOWN) {
				if (fstatat(dfd, d->d_name, &st,
					    AT_SYMLINK_NOFOLLOW) == 0) {
					if (S_ISDIR(st.st_mode))
						type = DT_DIR;
				} else if (errno != ENOENT) {
					report_error(s, d->d_name,
						     "cannot stat", errno);
					if (s->stop)
						return;
				}
			}
			if (type == DT_DIR)
				list_add(&lv->dirs, d->d_name, len);
		}
	}
}

/**
 * load_off() - the file systems the kernel's policy leaves alone
 * @s: the scan; their devices go to @s->off.
 *
 * A file system mounted with safename=off is never checked by the kernel:
 * with the kernel's policy, the scan skips it too.  Its device is the
 * major:minor of mountinfo, the st_dev of its files.
 */
static void load_off(struct scan *s)
{
	unsigned int major, minor;
	char *line = NULL, *sep, *opt, *save;
	size_t cap = 0;
	FILE *f;

	f = fopen("/proc/self/mountinfo", "re");
	if (!f)
		return;
	while (getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\n")] = '\0';
		sep = strstr(line, " - ");
		if (!sep || sscanf(line, "%*s %*s %u:%u", &major, &minor) != 2)
			continue;
		/* " - TYPE SOURCE OPTIONS": the super options come last */
		sep = strrchr(sep, ' ');
		for (opt = strtok_r(sep + 1, ",", &save); opt;
		     opt = strtok_r(NULL, ",", &save)) {
			if (strcmp(opt, "safename=off"))
				continue;
			s->off = xrealloc(s->off, (s->noff + 1) * sizeof(*s->off));
			s->off[s->noff++] = makedev(major, minor);
			break;
		}
	}
	free(line);
	fclose(f);
}

/* Is @dev a file system that load_off() found?  Says so when it is. */
static bool skipped_off(struct scan *s, const char *name, dev_t dev)
{
	size_t i, old = s->path_len;

	for (i = 0; i < s->noff; i++) {
		if (s->off[i] != dev)
			continue;
		if (name)
			old = path_push(s, name, strlen(name));
		fflush(stdout);
		progress_clear(s);
		fprintf(stderr, "%s: %s: skipped: mounted safename=off\n",
			PROG, encode_path(s));
		path_pop(s, old);
		return true;
	}
	return false;
}

/**
 * walk() - check a directory and everything below it
 * @s: the scan.
 * @dfd: the directory, open; closed on return.
 * @depth: its depth below the tree given, 0 for the tree itself.
 *
 * Each directory is read whole before its subdirectories, so one getdents64()
 * buffer serves every level and only one descriptor per level stays open.
 * With --fix, the subdirectories are walked in byte order and the bad names
 * of the directory repaired after them, so that children are renamed
 * before their directory.
 */
static void walk(struct scan *s, int dfd, size_t depth)
{
	struct stat st;
	size_t i, n = 0, pos, len, old;
	char *name, **v = NULL;
	int fd;

	if (depth >= s->nlevels) {
		size_t m = s->nlevels ? 2 * s->nlevels : 64;

		s->levels = xrealloc(s->levels, m * sizeof(*s->levels));
		memset(s->levels + s->nlevels, 0,
		       (m - s->nlevels) * sizeof(*s->levels));
		s->nlevels = m;
	}
	s->levels[depth].dirs.len = 0;
	s->levels[depth].bad.len = 0;
	read_dir(s, dfd, &s->levels[depth]);
	if (s->fix)
		v = sort_list(&s->levels[depth].dirs, 0, &n);

	/* s->levels moves when a deeper level grows it; its buffers do not. */
	for (i = 0, pos = 0; !s->stop; i++, pos += len + 1) {
		if (v && i == n)
			break;
		if (!v && pos >= s->levels[depth].dirs.len)
			break;
		name = v ? v[i] : s->levels[depth].dirs.buf + pos;
		len = strlen(name);
		fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			    O_CLOEXEC | O_NOCTTY);
		if (fd < 0) {
			/* gone, or replaced by a non-directory: not an error */
			if (errno != ENOENT && errno != ENOTDIR &&
			    errno != ELOOP)
				report_error(s, name, "cannot open directory",
					     errno);
			continue;
		}
		if (s->one_fs || s->noff) {
			if (fstat(fd, &st)) {
				report_error(s, name, "cannot stat", errno);
				close(fd);
				continue;
			}
			if ((s->one_fs && st.st_dev != s->dev) ||
			    skipped_off(s, name, st.st_dev)) {
				close(fd);
				continue;
			}
		}
		old = path_push(s, name, len);
		walk(s, fd, depth + 1);
		path_pop(s, old);
	}
	free(v);
	if (s->fix && !s->stop)
		fix_dir(s, dfd, &s->levels[depth].bad);
	close(dfd);
}

/**
 * scan_tree() - check every name below one tree given on the command line
 * @s: the scan.
 * @arg: the tree.
 *
 * A tree that is not a directory (or is a symbolic link) has nothing inside
 * to check.
 */
static void scan_tree(struct scan *s, const char *arg)
{
	size_t len = strlen(arg);
	struct stat st, st2;
	int fd;

	/* the path printed: the argument without trailing slashes */
	while (len > 1 && arg[len - 1] == '/')
		len--;
	grow(&s->path, &s->path_cap, len + 1);
	memcpy(s->path, arg, len);
	s->path[len] = '\0';
	s->path_len = len;
	if (len == 1 && arg[0] == '/')
		s->path_len = 0;	/* children print as "/name" */
	s->root_len = s->path_len;

	fd = open(arg, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC |
		  O_NOCTTY);
	if (fd < 0) {
		if ((errno == ENOTDIR || errno == ELOOP) &&
		    lstat(arg, &st) == 0)
			return;
		fflush(stdout);
		progress_clear(s);
		fprintf(stderr, "%s: %s: %s\n", PROG, arg, strerror(errno));
		s->errors++;
		if (s->apply)
			s->stop = true;
		return;
	}
	if (fstat(fd, &st)) {
		report_error(s, NULL, "cannot stat", errno);
		close(fd);
		return;
	}
	if (s->apply) {
		/* the log names directories by absolute paths */
		free(s->abs_root);
		s->abs_root = realpath(arg, NULL);
		if (!s->abs_root || stat(s->abs_root, &st2) ||
		    st2.st_dev != st.st_dev || st2.st_ino != st.st_ino) {
			report_error(s, NULL, "cannot find its absolute path",
				     s->abs_root ? ENOENT : errno);
			close(fd);
			return;
		}
		if (!strcmp(s->abs_root, "/"))
			s->abs_root[0] = '\0';
	}
	s->dev = st.st_dev;
	if (skipped_off(s, NULL, st.st_dev)) {
		close(fd);
		return;
	}
	walk(s, fd, 0);
}

/**
 * struct undo_entry - one rename of a log
 * @ino: the inode number of the file renamed.
 * @dir: the absolute path of its directory, NUL-terminated.
 * @old: its old name, NUL-terminated.
 * @new: its new name, NUL-terminated.
 * @dlen: the length of @dir.
 * @olen: the length of @old.
 * @nlen: the length of @new.
 */
struct undo_entry {
	unsigned long long ino;
	char *dir;
	char *old;
	char *new;
	size_t dlen;
	size_t olen;
	size_t nlen;
};

/**
 * struct undo - the state of --undo
 * @log: the log file's name.
 * @e: its entries, in the order of the log.
 * @n: their number.
 * @dir_fd: the directory opened last, or -1.
 * @dir_path: its path, as opened.
 * @enc: room for an encoded path.
 * @enc2: room for a second one.
 * @path: room for a path being built.
 * @path2: room for a second one.
 */
struct undo {
	const char *log;
	struct undo_entry *e;
	size_t n;
	int dir_fd;
	struct buf dir_path;
	struct buf enc;
	struct buf enc2;
	struct buf path;
	struct buf path2;
};

/**
 * undo_decode() - decode one field of a log line in place
 * @p: the field, encoded as SPEC 3 encodes names; NUL-terminated on return.
 * @len: its length.
 * @out: set to the length decoded.
 *
 * Return: 0, or -1 when the field is not such an encoding of a string
 * without NUL bytes.
 */
static int undo_decode(char *p, size_t len, size_t *out)
{
	size_t i;
	int hi, lo;

	if (len >= 2 && p[0] == '"' && p[len - 1] == '"') {
		for (i = 1; i + 1 < len; i++)
			if (p[i] < 0x21 || p[i] > 0x7e || p[i] == '"')
				return -1;
		memmove(p, p + 1, len - 2);
		*out = len - 2;
		p[*out] = '\0';
		return 0;
	}
	if (!len || len % 2)
		return -1;
	for (i = 0; i < len; i += 2) {
		hi = p[i] >= '0' && p[i] <= '9' ? p[i] - '0' :
		     p[i] >= 'A' && p[i] <= 'F' ? p[i] - 'A' + 10 : -1;
		lo = p[i + 1] >= '0' && p[i + 1] <= '9' ? p[i + 1] - '0' :
		     p[i + 1] >= 'A' && p[i + 1] <= 'F' ? p[i + 1] - 'A' + 10 :
		     -1;
		if (hi < 0 || lo < 0 || !(hi | lo))
			return -1;
		p[i / 2] = hi << 4 | lo;
	}
	*out = len / 2;
	p[*out] = '\0';
	return 0;
}

/**
 * undo_field() - parse "KEY=VALUE" followed by @end
 * @p: where the field starts; moved past @end.
 * @key: "ino=", "dir=", ...
 * @end: the character after it: ' ' or '\n'.
 * @len: set to the length of the value.
 *
 * Return: the value, or NULL.
 */
static char *undo_field(char **p, const char *key, char end, size_t *len)
{
	size_t klen = strlen(key);
	char *v, *e;

	if (strncmp(*p, key, klen))
		return NULL;
	v = *p + klen;
	e = strchr(v, end);
	if (!e || (end == ' ' && memchr(v, '\n', e - v)))
		return NULL;
	*len = e - v;
	*p = e + 1;
	return v;
}

/**
 * undo_parse() - read a log
 * @u: the undo; fills in @u->e and @u->n.
 *
 * Return: 0, or -1 after saying what is wrong.
 */
static int undo_parse(struct undo *u)
{
	size_t len = 0, cap = 0, ecap = 0, line = 1, flen;
	char *buf = NULL, *p, *f, *end;
	struct undo_entry *e;
	ssize_t n;
	int fd;

	fd = open(u->log, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "%s: %s: %s\n", PROG, u->log, strerror(errno));
		return -1;
	}
	do {
		grow(&buf, &cap, len + 65536 + 1);
		n = read_full(fd, buf + len, cap - len - 1);
		if (n < 0) {
			fprintf(stderr, "%s: %s: %s\n", PROG, u->log,
				strerror(errno));
			close(fd);
			return -1;
		}
		len += n;
	} while (len == cap - 1);
	close(fd);
	buf[len] = '\0';
	if (memchr(buf, '\0', len) || strncmp(buf, LOG_HEADER "\n",
					      strlen(LOG_HEADER) + 1)) {
		fprintf(stderr, "%s: %s: not a log of %s\n", PROG, u->log,
			PROG);
		return -1;
	}
	p = buf + strlen(LOG_HEADER) + 1;
	for (end = buf + len; p < end; ) {
		line++;
		if (u->n == ecap) {
			ecap = ecap ? 2 * ecap : 256;
			u->e = xrealloc(u->e, ecap * sizeof(*u->e));
		}
		e = &u->e[u->n];
		f = undo_field(&p, "ino=", ' ', &flen);
		if (!f || !flen || strspn(f, "0123456789") != flen)
			goto bad;
		e->ino = strtoull(f, NULL, 10);
		e->dir = undo_field(&p, "dir=", ' ', &e->dlen);
		if (!e->dir || undo_decode(e->dir, e->dlen, &e->dlen) ||
		    e->dir[0] != '/')
			goto bad;
		e->old = undo_field(&p, "old=", ' ', &e->olen);
		if (!e->old || undo_decode(e->old, e->olen, &e->olen))
			goto bad;
		e->new = undo_field(&p, "new=", '\n', &e->nlen);
		if (!e->new || undo_decode(e->new, e->nlen, &e->nlen))
			goto bad;
		if (!e->olen || !e->nlen || strchr(e->old, '/') ||
		    strchr(e->new, '/') || is_dot(e->old) || is_dot(e->new))
			goto bad;
		u->n++;
	}
	return 0;
bad:
	fprintf(stderr, "%s: %s:%zu: not a log line\n", PROG, u->log, line);
	return -1;
}

/**
 * undo_open_dir() - open a directory by absolute path, never following
 * @u: the undo; the directory opened last is reused.
 * @path: the path.
 * @len: its length.
 *
 * Opens component after component with O_NOFOLLOW, so a path of any length
 * works and no symbolic link is followed.
 *
 * Return: the descriptor (O_PATH, owned by @u), or -1 with errno set.
 */
static int undo_open_dir(struct undo *u, const char *path, size_t len)
{
	char name[NAME_MAX + 1];
	size_t i = 0, k;
	int fd, nfd;

	if (u->dir_fd >= 0 && u->dir_path.cap > len &&
	    !memcmp(u->dir_path.p, path, len) && !u->dir_path.p[len])
		return u->dir_fd;
	if (u->dir_fd >= 0)
		close(u->dir_fd);
	u->dir_fd = -1;
	fd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
	while (fd >= 0 && i < len) {
		while (i < len && path[i] == '/')
			i++;
		for (k = 0; i + k < len && path[i + k] != '/'; k++)
			;
		if (!k)
			break;
		if (k > NAME_MAX) {
			close(fd);
			errno = ENAMETOOLONG;
			return -1;
		}
		memcpy(name, path + i, k);
		name[k] = '\0';
		i += k;
		nfd = openat(fd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW |
			     O_CLOEXEC);
		close(fd);
		fd = nfd;
	}
	if (fd < 0)
		return -1;
	grow(&u->dir_path.p, &u->dir_path.cap, len + 1);
	memcpy(u->dir_path.p, path, len);
	u->dir_path.p[len] = '\0';
	u->dir_fd = fd;
	return fd;
}

/**
 * undo_join() - a directory's path and a name, encoded
 * @b: where to build the path.
 * @enc: where to encode it.
 * @dir: the directory.
 * @dlen: the length of @dir.
 * @name: the name.
 *
 * Return: the encoded path.
 */
static const char *undo_join(struct buf *b, struct buf *enc, const char *dir,
			     size_t dlen, const char *name)
{
	size_t nlen = strlen(name);

	if (dlen == 1)
		dlen = 0;	/* "/" */
	grow(&b->p, &b->cap, dlen + nlen + 2);
	memcpy(b->p, dir, dlen);
	b->p[dlen] = '/';
	memcpy(b->p + dlen + 1, name, nlen + 1);
	return encode(enc, b->p, dlen + 1 + nlen);
}

/**
 * undo_check() - check every entry of a log before restoring any
 * @u: the undo.
 *
 * Entry i's directory is named in the log as it was then; entries after it
 * may have renamed that directory or one above it since.  Its path today
 * maps every prefix that a later entry renamed to that entry's new name.
 * There, the new name must be the file renamed (same inode number) and the
 * old name free.
 *
 * Return: the number of problems found, each reported.
 */
static size_t undo_check(struct undo *u)
{
	struct strmap renamed = { };
	size_t i, j, k, problems = 0, skipped = 0, dups;
	size_t rlen, slen;
	struct buf key = { }, real = { };
	struct undo_entry *e;
	const char *src;
	struct stat st;
	long at;
	int fd, err;

	/* each old path, logged as it was, to the entry that renamed it */
	for (i = 0; i < u->n; i++) {
		e = &u->e[i];
		k = e->dlen == 1 ? 0 : e->dlen;
		grow(&key.p, &key.cap, k + e->olen + 2);
		memcpy(key.p, e->dir, k);
		key.p[k] = '/';
		memcpy(key.p + k + 1, e->old, e->olen);
		if (!strmap_add(&renamed, key.p, k + 1 + e->olen, i)) {
			fprintf(stderr, "%s: %s: %s renamed twice\n", PROG,
				u->log, encode(&u->enc, key.p,
					       k + 1 + e->olen));
			problems++;
		}
	}
	dups = problems;
	for (i = 0; i < u->n && !dups; i++) {
		e = &u->e[i];
		if (problems >= UNDO_PROBLEMS_MAX) {
			skipped++;
			continue;
		}
		rlen = 0;
		for (j = 0; j < e->dlen; j += k) {
			while (j < e->dlen && e->dir[j] == '/')
				j++;
			for (k = 0; j + k < e->dlen && e->dir[j + k] != '/';
			     k++)
				;
			if (!k)
				break;
			/* the prefix as logged, renamed since or not */
			at = strmap_find(&renamed, e->dir, j + k);
			src = e->dir + j;
			slen = k;
			if (at > (long)i) {
				src = u->e[at].new;
				slen = u->e[at].nlen;
			}
			grow(&real.p, &real.cap, rlen + slen + 3);
			real.p[rlen++] = '/';
			memcpy(real.p + rlen, src, slen);
			rlen += slen;
		}
		grow(&real.p, &real.cap, rlen + 3);
		if (!rlen)
			real.p[rlen++] = '/';
		real.p[rlen] = '\0';
		fd = undo_open_dir(u, real.p, rlen);
		if (fd < 0) {
			fprintf(stderr, "%s: %s: cannot open directory: %s\n",
				PROG, encode(&u->enc, real.p, rlen),
				strerror(errno));
			problems++;
			continue;
		}
		if (fstatat(fd, e->new, &st, AT_SYMLINK_NOFOLLOW)) {
			fprintf(stderr, "%s: %s: %s\n", PROG,
				undo_join(&u->path, &u->enc, real.p, rlen,
					  e->new),
				errno == ENOENT ? "gone" : strerror(errno));
			problems++;
		} else if (st.st_ino != e->ino) {
			fprintf(stderr,
				"%s: %s: not the file renamed (inode %llu, not %llu)\n",
				PROG, undo_join(&u->path, &u->enc, real.p,
						rlen, e->new),
				(unsigned long long)st.st_ino, e->ino);
			problems++;
		}
		err = fstatat(fd, e->old, &st, AT_SYMLINK_NOFOLLOW) ?
		      errno : EEXIST;
		if (err != ENOENT) {
			fprintf(stderr, "%s: %s: %s\n", PROG,
				undo_join(&u->path, &u->enc, real.p, rlen,
					  e->old),
				err == EEXIST ? "the old name is taken" :
				strerror(err));
			problems++;
		}
	}
	if (skipped)
		fprintf(stderr, "%s: %s: %zu more entries not checked\n", PROG,
			u->log, skipped);
	free(key.p);
	free(real.p);
	free(renamed.slots);
	free(renamed.pool);
	return problems + skipped;
}

/**
 * undo() - restore every name renamed in a log, last rename first
 * @log: the log.
 *
 * Return: the exit status: 0 when every name is restored, else 2.
 */
static int undo(const char *log)
{
	struct undo u = { .log = log, .dir_fd = -1 };
	struct undo_entry *e;
	struct stat st;
	size_t i, done = 0;
	int fd, err = 0;
	const char *what = NULL;

	if (undo_parse(&u))
		return 2;
	if (undo_check(&u)) {
		fprintf(stderr, "%s: %s: nothing restored\n", PROG, log);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = u.n; i-- > 0; done++) {
		e = &u.e[i];
		/* all later entries undone: the directory has its old path */
		fd = undo_open_dir(&u, e->dir, e->dlen);
		if (fd < 0) {
			what = "cannot open directory";
			err = errno;
		} else if (fstatat(fd, e->new, &st, AT_SYMLINK_NOFOLLOW)) {
			what = "cannot stat";
			err = errno;
		} else if (st.st_ino != e->ino) {
			what = "not the file renamed";
		} else if (renameat2(fd, e->new, fd, e->old,
				     RENAME_NOREPLACE)) {
			what = "cannot restore the old name";
			err = errno;
		}
		if (what) {
			if (err)
				fprintf(stderr, "%s: %s: %s: %s\n", PROG,
					undo_join(&u.path, &u.enc, e->dir,
						  e->dlen, e->new), what,
					strerror(err));
			else
				fprintf(stderr, "%s: %s: %s\n", PROG,
					undo_join(&u.path, &u.enc, e->dir,
						  e->dlen, e->new), what);
			fprintf(stderr, "%s: %s: stopped, %zu of %zu names restored\n",
				PROG, log, done, u.n);
			return 2;
		}
		printf("%s -> %s\n",
		       undo_join(&u.path, &u.enc, e->dir, e->dlen, e->new),
		       undo_join(&u.path2, &u.enc2, e->dir, e->dlen, e->old));
	}
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", PROG, strerror(errno));
		return 2;
	}
	return 0;
}

/**
 * read_knob() - read one knob file
 * @dir: the directory.
 * @file: the file.
 * @buf: where to store its text, NUL-terminated, with room for
 *       %KNOB_MAX + 1 bytes.
 * @len: set to the length of the text.
 *
 * Return: 0, or -1 with errno set.
 */
static int read_knob(const char *dir, const char *file, char *buf,
		     size_t *len)
{
	char path[4096];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read_full(fd, buf, KNOB_MAX);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	*len = n;
	return 0;
}

/**
 * load_policy() - read a policy from the knob files of a directory
 * @rules: where to store it.
 * @dir: the directory.
 * @quiet: say nothing when the directory has no utf8 file.
 *
 * Return: 0, or -1 after reporting why not (unless @quiet and the
 * directory has no knob files).
 */
static int load_policy(struct safename_rules *rules, const char *dir,
		       bool quiet)
{
	static const char *const sets[] = {
		"permitted_bytes_initial",
		"permitted_bytes_middle",
		"permitted_bytes_final",
	};
	struct safename_byteset *dst[] = {
		&rules->initial, &rules->middle, &rules->final,
	};
	char buf[KNOB_MAX + 1];
	size_t len;
	int i;

	if (read_knob(dir, "utf8", buf, &len)) {
		if (!quiet || errno != ENOENT)
			fprintf(stderr, "%s: %s/utf8: %s\n", PROG, dir,
				strerror(errno));
		return -1;
	}
	if (strcmp(buf, "0\n") && strcmp(buf, "1\n") &&
	    strcmp(buf, "0") && strcmp(buf, "1")) {
		fprintf(stderr, "%s: %s/utf8: not 0 or 1\n", PROG, dir);
		return -1;
	}
	rules->utf8 = buf[0] == '1';
	for (i = 0; i < 3; i++) {
		if (read_knob(dir, sets[i], buf, &len)) {
			fprintf(stderr, "%s: %s/%s: %s\n", PROG, dir, sets[i],
				strerror(errno));
			return -1;
		}
		if (safename_byteset_parse(dst[i], buf, len)) {
			fprintf(stderr, "%s: %s/%s: not a byte set\n", PROG,
				dir, sets[i]);
			return -1;
		}
	}
	return 0;
}

/**
 * print_policy() - print a policy as the knob files show it
 * @rules: the policy.
 */
static void print_policy(const struct safename_rules *rules)
{
	char buf[SAFENAME_BYTESET_TEXT_MAX];

	printf("utf8 %d\n", rules->utf8);
	safename_byteset_format(&rules->initial, buf);
	printf("permitted_bytes_initial %s", buf);
	safename_byteset_format(&rules->middle, buf);
	printf("permitted_bytes_middle %s", buf);
	safename_byteset_format(&rules->final, buf);
	printf("permitted_bytes_final %s", buf);
}

enum {
	OPT_UTF8 = 256,
	OPT_NO_UTF8,
	OPT_INITIAL,
	OPT_MIDDLE,
	OPT_FINAL,
	OPT_APPLY,
	OPT_LOG,
	OPT_UNDO,
};

static const struct option long_options[] = {
	{ "null", no_argument, NULL, '0' },
	{ "one-file-system", no_argument, NULL, 'x' },
	{ "json", no_argument, NULL, 'j' },
	{ "fix", no_argument, NULL, 'f' },
	{ "apply", no_argument, NULL, OPT_APPLY },
	{ "log", required_argument, NULL, OPT_LOG },
	{ "undo", required_argument, NULL, OPT_UNDO },
	{ "default", no_argument, NULL, 'd' },
	{ "policy-dir", required_argument, NULL, 'P' },
	{ "print-policy", no_argument, NULL, 'p' },
	{ "help", no_argument, NULL, 'h' },
	{ "utf8", no_argument, NULL, OPT_UTF8 },
	{ "no-utf8", no_argument, NULL, OPT_NO_UTF8 },
	{ "initial", required_argument, NULL, OPT_INITIAL },
	{ "middle", required_argument, NULL, OPT_MIDDLE },
	{ "final", required_argument, NULL, OPT_FINAL },
	{ }
};

/**
 * open_log() - create the log of --apply
 * @s: the scan.
 * @file: its name; it must not exist.
 */
static void open_log(struct scan *s, const char *file)
{
	static const char header[] = LOG_HEADER "\n";

	s->log_fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_APPEND |
			 O_CLOEXEC | O_NOCTTY, 0600);
	if (s->log_fd < 0) {
		fprintf(stderr, "%s: %s: %s\n", PROG, file, strerror(errno));
		exit(2);
	}
	if (write(s->log_fd, header, strlen(header)) !=
	    (ssize_t)strlen(header) || fsync(s->log_fd)) {
		fprintf(stderr, "%s: %s: %s\n", PROG, file, strerror(errno));
		exit(2);
	}
}

/**
 * main() - parse the options, build the policy, walk the trees
 * @argc: argument count.
 * @argv: arguments.
 *
 * Return: 0 when every name passes, 1 when some fail, 2 on any error.
 */
int main(int argc, char **argv)
{
	static struct scan s;
	struct safename_byteset sets[3];
	bool have_set[3] = { }, default_policy = false, print = false;
	const char *policy_dir = NULL, *log = NULL, *undo_log = NULL;
	int utf8 = -1, opt, i;
	struct rlimit rl;

	while ((opt = getopt_long(argc, argv, "0xjfdP:ph", long_options,
				  NULL)) != -1) {
		switch (opt) {
		case '0':
			s.nul = true;
			break;
		case 'x':
			s.one_fs = true;
			break;
		case 'j':
			s.json = true;
			break;
		case 'f':
			s.fix = true;
			break;
		case OPT_APPLY:
			s.fix = true;
			s.apply = true;
			break;
		case OPT_LOG:
			log = optarg;
			break;
		case OPT_UNDO:
			undo_log = optarg;
			break;
		case 'd':
			default_policy = true;
			break;
		case 'P':
			policy_dir = optarg;
			break;
		case 'p':
			print = true;
			break;
		case 'h':
			usage(0);
			break;
		case OPT_UTF8:
		case OPT_NO_UTF8:
			utf8 = opt == OPT_UTF8;
			break;
		case OPT_INITIAL:
		case OPT_MIDDLE:
		case OPT_FINAL:
			i = opt - OPT_INITIAL;
			if (safename_byteset_parse(&sets[i], optarg,
						   strlen(optarg)))
				die("not a byte set", optarg);
			have_set[i] = true;
			break;
		default:
			usage(2);
			break;
		}
	}
	if (undo_log) {
		if (optind != argc || s.fix || s.json || s.nul || print)
			die("--undo takes a log and nothing else", NULL);
		return undo(undo_log);
	}
	if (optind == argc && !print)
		usage(2);
	if (default_policy && policy_dir)
		die("--default and --policy-dir exclude each other", NULL);
	if (s.json && s.nul)
		die("--json and -0 exclude each other", NULL);
	if (s.apply && !log)
		die("--apply needs --log FILE", NULL);
	if (log && !s.apply)
		die("--log goes with --apply", NULL);

	if (default_policy) {
		safename_rules_default(&s.rules);
	} else if (policy_dir) {
		if (load_policy(&s.rules, policy_dir, false))
			exit(2);
	} else if (!(have_set[0] && have_set[1] && have_set[2] &&
		     utf8 >= 0)) {
		for (i = 0; i < 2; i++)
			if (!load_policy(&s.rules, knob_dirs[i], true))
				break;
		if (i == 2)
			die("cannot read the kernel's policy; use --default",
			    NULL);
		load_off(&s);
	}
	if (have_set[0])
		s.rules.initial = sets[0];
	if (have_set[1])
		s.rules.middle = sets[1];
	if (have_set[2])
		s.rules.final = sets[2];
	if (utf8 >= 0)
		s.rules.utf8 = utf8;
	safename_rules_prepare(&s.rules);
	if (print) {
		print_policy(&s.rules);
		return fflush(stdout) ? 2 : 0;
	}
	fix_init(&s.fixer, &s.rules);

	/* one descriptor per level of the deepest tree */
	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	s.dbuf = xrealloc(NULL, DIRENT_BUF_SIZE);
	s.out_tty = isatty(1);
	if (!s.out_tty)
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	s.progress = isatty(2);
	clock_gettime(CLOCK_MONOTONIC, &s.t0);
	s.log_fd = -1;
	if (s.apply)
		open_log(&s, log);

	for (i = optind; i < argc && !s.stop; i++)
		scan_tree(&s, argv[i]);
	if (s.progress)
		progress_show(&s, true);

	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", PROG, strerror(errno));
		return 2;
	}
	if (s.log_fd >= 0 && close(s.log_fd)) {
		fprintf(stderr, "%s: %s: %s\n", PROG, log, strerror(errno));
		return 2;
	}
	if (s.errors)
		return 2;
	if (s.apply)
		return 0;
	return s.found ? 1 : 0;
}
