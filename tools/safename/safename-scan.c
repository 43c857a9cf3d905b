// SPDX-License-Identifier: GPL-2.0
/*
 * safename-scan: find existing file names that Safename would refuse
 *
 * Safename checks only new names; this tool walks directory trees and prints
 * every name already there that fails a policy, using the kernel's own rule
 * code (security/safename/rule.c, compiled unchanged).
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "rule.h"

#define PROG			"safename-scan"
#define DIRENT_BUF_SIZE		(1024 * 1024)
#define KNOB_MAX		4096

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
 * struct name_list - names of the subdirectories of one directory
 * @buf: the names, each followed by a NUL.
 * @len: bytes used in @buf.
 * @cap: bytes allocated for @buf.
 */
struct name_list {
	char *buf;
	size_t len;
	size_t cap;
};

/**
 * struct scan - the state of one run
 * @rules: the policy, prepared.
 * @one_fs: stay on the file system of each tree given (-x).
 * @nul: write NUL-separated records (-0).
 * @dev: the device of the tree being walked, for @one_fs.
 * @path: the path of the directory being read, as given plus names.
 * @path_len: length of @path, without the NUL.
 * @path_cap: bytes allocated for @path.
 * @dbuf: the getdents64() buffer, shared by every level.
 * @lists: one list of subdirectory names per depth.
 * @nlists: number of entries allocated in @lists.
 * @enc: room for an encoded path.
 * @enc_cap: bytes allocated for @enc.
 * @found: names that fail the policy.
 * @errors: directories that could not be read, and other errors.
 */
struct scan {
	struct safename_rules rules;
	bool one_fs;
	bool nul;
	dev_t dev;
	char *path;
	size_t path_len;
	size_t path_cap;
	char *dbuf;
	struct name_list *lists;
	size_t nlists;
	char *enc;
	size_t enc_cap;
	unsigned long found;
	unsigned long errors;
};

static const char usage_text[] =
"NAME\n"
"	safename-scan - find existing file names that Safename would refuse\n"
"\n"
"SYNOPSIS\n"
"	safename-scan [-0x] [--default] [--utf8|--no-utf8] [--initial SET]\n"
"		      [--middle SET] [--final SET] [--policy-dir DIR] TREE...\n"
"	safename-scan [policy options] --print-policy\n"
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
"	--utf8 or --no-utf8 are given.\n"
"\n"
"OPTIONS\n"
"	-0, --null		NUL-separated records (see OUTPUT)\n"
"	-x, --one-file-system	do not descend into directories on another\n"
"				file system than TREE (st_dev)\n"
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
"	With -0, each record is three fields, each ended by a NUL: the raw\n"
"	path, the rule and the offset in decimal.\n"
"	Errors (an unreadable directory, say) go to standard error, and the\n"
"	walk goes on.\n"
"\n"
"EXIT STATUS\n"
"	0 no bad name, 1 bad names found, 2 usage or policy error, or any\n"
"	directory that could not be read (2 wins over 1).\n";

/**
 * usage() - print the usage text and exit
 * @status: the exit status; the text goes to standard output when 0.
 */
static void usage(int status)
{
	if (status)
		fprintf(stderr, "Usage: %s [-0x] [policy options] TREE...\n"
			"Try '%s --help'.\n", PROG, PROG);
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
	grow(&s->enc, &s->enc_cap, SAFENAME_ENCODED_MAX(s->path_len) + 1);
	safename_encode(s->enc, (const unsigned char *)s->path, s->path_len);
	return s->enc;
}

/**
 * report_error() - report a file that could not be read, and count it
 * @s: the scan.
 * @name: the name below the current path, or NULL for the path itself.
 * @what: what failed.
 * @err: the errno value.
 */
static void report_error(struct scan *s, const char *name, const char *what,
			 int err)
{
	size_t old = s->path_len;

	if (name)
		old = path_push(s, name, strlen(name));
	fflush(stdout);
	fprintf(stderr, "%s: %s: %s: %s\n", PROG, encode_path(s), what,
		strerror(err));
	path_pop(s, old);
	s->errors++;
}

/**
 * report_name() - print one name that fails the policy
 * @s: the scan.
 * @name: the name, in the directory of the current path.
 * @len: its length.
 * @rule: the rule it fails.
 * @offset: where in @name.
 */
static void report_name(struct scan *s, const char *name, size_t len,
			enum safename_rule rule, size_t offset)
{
	size_t old = path_push(s, name, len);

	if (s->nul) {
		fwrite(s->path, 1, s->path_len + 1, stdout);
		printf("%s%c%zu%c", safename_rule_name(rule), 0, offset, 0);
	} else {
		printf("%s rule=%s offset=%zu\n", encode_path(s),
		       safename_rule_name(rule), offset);
	}
	path_pop(s, old);
	s->found++;
}

/**
 * list_add() - remember the name of a subdirectory
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
 * read_dir() - check every name of one directory, list its subdirectories
 * @s: the scan.
 * @dfd: the directory, open.
 * @l: where to list the names of its subdirectories.
 */
static void read_dir(struct scan *s, int dfd, struct name_list *l)
{
	enum safename_rule rule;
	struct stat st;
	size_t len, bad;
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
			if (rule != SAFENAME_RULE_PASS)
				report_name(s, d->d_name, len, rule, bad);
			if (type == DT_UNKNOWN) {
				if (fstatat(dfd, d->d_name, &st,
					    AT_SYMLINK_NOFOLLOW) == 0) {
					if (S_ISDIR(st.st_mode))
						type = DT_DIR;
				} else if (errno != ENOENT) {
					report_error(s, d->d_name,
						     "cannot stat", errno);
				}
			}
			if (type == DT_DIR)
				list_add(l, d->d_name, len);
		}
	}
}

/**
 * walk() - check a directory and everything below it
 * @s: the scan.
 * @dfd: the directory, open; closed on return.
 * @depth: its depth below the tree given, 0 for the tree itself.
 *
 * Each directory is read whole before its subdirectories, so one getdents64()
 * buffer serves every level and only one descriptor per level stays open.
 */
static void walk(struct scan *s, int dfd, size_t depth)
{
	struct stat st;
	size_t pos, len, old;
	char *name;
	int fd;

	if (depth >= s->nlists) {
		size_t n = s->nlists ? 2 * s->nlists : 64;

		s->lists = xrealloc(s->lists, n * sizeof(*s->lists));
		memset(s->lists + s->nlists, 0,
		       (n - s->nlists) * sizeof(*s->lists));
		s->nlists = n;
	}
	s->lists[depth].len = 0;
	read_dir(s, dfd, &s->lists[depth]);

	/* s->lists moves when a deeper level grows it; its buffers do not. */
	for (pos = 0; pos < s->lists[depth].len; pos += len + 1) {
		name = s->lists[depth].buf + pos;
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
		if (s->one_fs) {
			if (fstat(fd, &st)) {
				report_error(s, name, "cannot stat", errno);
				close(fd);
				continue;
			}
			if (st.st_dev != s->dev) {
				close(fd);
				continue;
			}
		}
		old = path_push(s, name, len);
		walk(s, fd, depth + 1);
		path_pop(s, old);
	}
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
	struct stat st;
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

	fd = open(arg, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC |
		  O_NOCTTY);
	if (fd < 0) {
		if ((errno == ENOTDIR || errno == ELOOP) &&
		    lstat(arg, &st) == 0)
			return;
		fflush(stdout);
		fprintf(stderr, "%s: %s: %s\n", PROG, arg, strerror(errno));
		s->errors++;
		return;
	}
	if (fstat(fd, &st)) {
		report_error(s, NULL, "cannot stat", errno);
		close(fd);
		return;
	}
	s->dev = st.st_dev;
	walk(s, fd, 0);
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
	size_t got = 0;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	while (got < KNOB_MAX) {
		n = read(fd, buf + got, KNOB_MAX - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			close(fd);
			return -1;
		}
		if (!n)
			break;
		got += n;
	}
	close(fd);
	buf[got] = '\0';
	*len = got;
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
};

static const struct option long_options[] = {
	{ "null", no_argument, NULL, '0' },
	{ "one-file-system", no_argument, NULL, 'x' },
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
	const char *policy_dir = NULL;
	int utf8 = -1, opt, i;
	struct rlimit rl;

	while ((opt = getopt_long(argc, argv, "0xdP:ph", long_options,
				  NULL)) != -1) {
		switch (opt) {
		case '0':
			s.nul = true;
			break;
		case 'x':
			s.one_fs = true;
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
	if (optind == argc && !print)
		usage(2);
	if (default_policy && policy_dir)
		die("--default and --policy-dir exclude each other", NULL);

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

	/* one descriptor per level of the deepest tree */
	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	s.dbuf = xrealloc(NULL, DIRENT_BUF_SIZE);
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);

	for (i = optind; i < argc; i++)
		scan_tree(&s, argv[i]);

	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", PROG, strerror(errno));
		return 2;
	}
	if (s.errors)
		return 2;
	return s.found ? 1 : 0;
}
