// SPDX-License-Identifier: GPL-2.0
/*
 * workload - time a whole workload in the bench VM
 *
 *   workload LABEL NAME CMD [ARG...]
 *	runs CMD, waits for it and prints
 *		WORK <label> <name> <ns>
 *	(fails when CMD fails)
 *   workload LABEL NAME mix DIR N
 *	the build-like mix, N steps in DIR, timed the same way: each step
 *	creates a temporary object file of a compiler (ccNNNNNN.s), writes
 *	it and renames it over its object (objNNN.o, 256 of them, so the
 *	rename makes a new name only the first time and after an unlink),
 *	rewrites a dependency file that exists (depNNN.d), and every eighth
 *	step unlinks the object
 *
 * Under QEMU's -icount shift=0,sleep=off the clock counts guest
 * instructions, so <ns> is the workload's cost in instructions.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void put(int dir, const char *name, int flags, const char *data,
		size_t len)
{
	int fd = openat(dir, name, O_WRONLY | O_CREAT | flags, 0644);

	if (fd < 0)
		die(name);
	if (write(fd, data, len) != (ssize_t)len)
		die("write");
	if (close(fd))
		die("close");
}

static int mix(const char *path, long steps)
{
	char tmp[32], obj[32], dep[32], data[256];
	long i;
	int dir;

	memset(data, 'x', sizeof(data));
	if (mkdir(path, 0755) && errno != EEXIST)
		die(path);
	dir = open(path, O_DIRECTORY | O_RDONLY);
	if (dir < 0)
		die(path);
	for (i = 0; i < steps; i++) {
		snprintf(tmp, sizeof(tmp), "cc%06ld.s", i);
		snprintf(obj, sizeof(obj), "obj%03ld.o", i % 256);
		snprintf(dep, sizeof(dep), "dep%03ld.d", i % 256);
		put(dir, tmp, O_EXCL, data, sizeof(data));
		if (renameat(dir, tmp, dir, obj))
			die("renameat");
		put(dir, dep, O_TRUNC, data, 64);
		if (i % 8 == 7 && unlinkat(dir, obj, 0))
			die("unlinkat");
	}
	close(dir);
	return 0;
}

int main(int argc, char **argv)
{
	long long t;
	int status;
	pid_t pid;

	if (argc < 4) {
		fprintf(stderr, "usage: workload LABEL NAME CMD [ARG...]\n"
			"       workload LABEL NAME mix DIR N\n");
		return 2;
	}
	if (!strcmp(argv[3], "mix")) {
		if (argc != 6)
			return 2;
		t = now_ns();
		mix(argv[4], atol(argv[5]));
		t = now_ns() - t;
	} else {
		fflush(NULL);
		t = now_ns();
		pid = fork();
		if (pid < 0)
			die("fork");
		if (pid == 0) {
			execvp(argv[3], argv + 3);
			die(argv[3]);
		}
		if (waitpid(pid, &status, 0) != pid)
			die("waitpid");
		t = now_ns() - t;
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			fprintf(stderr, "workload: %s %s: %s failed\n",
				argv[1], argv[2], argv[3]);
			return 1;
		}
	}
	printf("WORK %s %s %lld\n", argv[1], argv[2], t);
	fflush(stdout);
	return 0;
}
