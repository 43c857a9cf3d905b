// SPDX-License-Identifier: GPL-2.0
/*
 * fsbench - time the name-creating system calls that Safename hooks
 *
 * Runs in the VM on tmpfs.  For each operation and name length it repeats
 * the operation for a number of iterations, timed in windows of WINDOW
 * operations, and prints one line for the fastest window:
 *
 *	BENCH <label> <op> <len> <ops_per_second> <ns_per_op>
 *
 * Under QEMU's -icount shift=0,sleep=off the guest clock counts guest
 * instructions (one per nanosecond), so the figures are repeatable, and
 * anything else the kernel does meanwhile (the timer tick, RCU callbacks)
 * only ever adds to a window: the fastest one is the operation itself.  With -u the process first
 * drops CAP_MAC_ADMIN from its effective set, to time the unprivileged
 * mode.
 *
 * usage: fsbench [-u] [-n ITERATIONS] LABEL DIR
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static const size_t lengths[] = { 8, 32, 255 };

/* Operations per timed window; the fastest window of a run is reported. */
#define WINDOW	10

/* A valid name of @len bytes under the default policy with utf8=1. */
static void make_name(char *name, size_t len, char tag)
{
	size_t i;

	for (i = 0; i < len; i++)
		name[i] = 'a' + i % 26;
	name[0] = tag;
	name[len] = '\0';
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void op_create(int dir, const char *a, const char *b)
{
	int fd = openat(dir, a, O_CREAT | O_WRONLY | O_EXCL, 0600);

	if (fd < 0)
		die("openat");
	close(fd);
	if (unlinkat(dir, a, 0))
		die("unlinkat");
}

static void op_mkdir(int dir, const char *a, const char *b)
{
	if (mkdirat(dir, a, 0700))
		die("mkdirat");
	if (unlinkat(dir, a, AT_REMOVEDIR))
		die("rmdir");
}

static void op_rename(int dir, const char *a, const char *b)
{
	if (renameat(dir, a, dir, b))
		die("renameat");
	if (renameat(dir, b, dir, a))
		die("renameat back");
}

static void op_link(int dir, const char *a, const char *b)
{
	if (linkat(dir, a, dir, b, 0))
		die("linkat");
	if (unlinkat(dir, b, 0))
		die("unlinkat");
}

static void op_symlink(int dir, const char *a, const char *b)
{
	if (symlinkat("target", dir, b))
		die("symlinkat");
	if (unlinkat(dir, b, 0))
		die("unlinkat");
}

static const struct {
	const char *name;
	void (*run)(int dir, const char *a, const char *b);
	int needs_file;	/* @a must exist as a file */
} ops[] = {
	{ "create", op_create, 0 },
	{ "mkdir", op_mkdir, 0 },
	{ "rename", op_rename, 1 },
	{ "link", op_link, 1 },
	{ "symlink", op_symlink, 0 },
};

static void drop_mac_admin(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		die("capget");
	data[CAP_TO_INDEX(CAP_MAC_ADMIN)].effective &=
		~CAP_TO_MASK(CAP_MAC_ADMIN);
	if (syscall(SYS_capset, &hdr, data))
		die("capset");
}

int main(int argc, char **argv)
{
	char a[256], b[256];
	long iterations = 2000, i, k;
	double best;
	size_t o, l;
	int opt, dir, fd;
	double t;

	while ((opt = getopt(argc, argv, "un:")) != -1) {
		switch (opt) {
		case 'u':
			drop_mac_admin();
			break;
		case 'n':
			iterations = atol(optarg);
			break;
		default:
			fprintf(stderr, "usage: fsbench [-u] [-n N] LABEL DIR\n");
			return 2;
		}
	}
	if (argc - optind != 2 || iterations <= 0) {
		fprintf(stderr, "usage: fsbench [-u] [-n N] LABEL DIR\n");
		return 2;
	}
	dir = open(argv[optind + 1], O_DIRECTORY | O_RDONLY);
	if (dir < 0)
		die(argv[optind + 1]);

	for (o = 0; o < sizeof(ops) / sizeof(ops[0]); o++) {
		for (l = 0; l < sizeof(lengths) / sizeof(lengths[0]); l++) {
			make_name(a, lengths[l], 'A');
			make_name(b, lengths[l], 'B');
			if (ops[o].needs_file) {
				fd = openat(dir, a, O_CREAT | O_WRONLY, 0600);
				if (fd < 0)
					die("openat");
				close(fd);
			}
			/* One untimed pass to warm the caches. */
			for (i = 0; i < iterations / 10; i++)
				ops[o].run(dir, a, b);
			best = 0;
			for (i = 0; i < iterations; i += WINDOW) {
				t = now();
				for (k = 0; k < WINDOW; k++)
					ops[o].run(dir, a, b);
				t = now() - t;
				if (!best || t < best)
					best = t;
			}
			if (ops[o].needs_file && unlinkat(dir, a, 0))
				die("unlinkat");
			if (best <= 0) {
				fprintf(stderr, "fsbench: the clock did not move\n");
				return 1;
			}
			printf("BENCH %s %s %zu %.0f %.1f\n", argv[optind],
			       ops[o].name, lengths[l], WINDOW / best,
			       best * 1e9 / WINDOW);
			fflush(stdout);
		}
	}
	return 0;
}
