// SPDX-License-Identifier: GPL-2.0
/*
 * sn-bpf - load the BPF peer of Safename (safename.bpf.c), fill its policy
 * map and attach it to the LSM hooks, for `make bench`
 *
 * usage:
 *   sn-bpf [-e] [-u UTF8] [-i SET] [-m SET] [-f SET] run CMD [ARG...]
 *	attach, run CMD, read the ring buffer meanwhile, detach; exits with
 *	CMD's status (1 when a refusal went unreported); with -e the program
 *	returns at once, before it reads the name (what reaching it costs)
 *   sn-bpf [-n] [-o OP] [-u UTF8] [-i SET] [-m SET] [-f SET] check DIR
 *	attach (not with -n), then for each line of standard input, a name
 *	in hexadecimal, make DIR/NAME with OP (mkdir, the default; create,
 *	rename and link of the file DIR/sn-src, symlink) and print "HEX ok",
 *	"HEX EPERM" or "HEX ERRNO" (undoing what it made); fails when the
 *	ring buffer did not report each EPERM once, in order
 *
 * SETs as in SPEC.md section 2, e.g. 33-44,46-125,128-254; the defaults are
 * the spec's, UTF8 is 1 unless given.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bpf/libbpf.h>
#include <bpf/bpf.h>

#include "safename.h"
#include "safename.skel.h"

static const char *set_initial = "33-44,46-125,128-254";
static const char *set_middle = "32-126,128-254";
static const char *set_final = "33-126,128-254";

/* Reported refusals: how many, and (check mode) the names, in order. */
static unsigned long nr_events;
static unsigned char (*expect)[257];
static unsigned long nr_expect;
static int mismatch;

static int parse_set(const char *s, unsigned char set[256])
{
	char *end;
	long a, b;

	memset(set, 0, 256);
	while (*s) {
		a = strtol(s, &end, 10);
		if (end == s || a < 0 || a > 255)
			return -1;
		b = a;
		s = end;
		if (*s == '-') {
			b = strtol(s + 1, &end, 10);
			if (end == s + 1 || b < a || b > 255)
				return -1;
			s = end;
		}
		while (a <= b)
			set[a++] = 1;
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	return 0;
}

/* The UTF-8 class of byte @b (see SN_U8_* in safename.h). */
static unsigned int u8_class(unsigned int b)
{
	if (b < 0x80)
		return 0;
	if (b < 0x90)
		return 1;
	if (b < 0xa0)
		return 2;
	if (b < 0xc0)
		return 3;
	if (b < 0xc2)
		return 11;
	if (b < 0xe0)
		return 4;
	if (b == 0xe0)
		return 5;
	if (b == 0xed)
		return 7;
	if (b < 0xf0)
		return 6;
	if (b == 0xf0)
		return 8;
	if (b < 0xf4)
		return 9;
	if (b == 0xf4)
		return 10;
	return 11;
}

/* The automaton of RFC 3629 / Unicode Table 3-7, one state per row. */
static unsigned int u8_next(unsigned int st, unsigned int c)
{
	int cont = c >= 1 && c <= 3;

	switch (st) {
	case SN_U8_ACCEPT:
		switch (c) {
		case 0: return SN_U8_ACCEPT;
		case 4: return SN_U8_TAIL1;
		case 5: return SN_U8_E0;
		case 6: return SN_U8_TAIL2;
		case 7: return SN_U8_ED;
		case 8: return SN_U8_F0;
		case 9: return SN_U8_TAIL3;
		case 10: return SN_U8_F4;
		}
		return SN_U8_REJECT;
	case SN_U8_TAIL1:
		return cont ? SN_U8_ACCEPT : SN_U8_REJECT;
	case SN_U8_TAIL2:
		return cont ? SN_U8_TAIL1 : SN_U8_REJECT;
	case SN_U8_TAIL3:
		return cont ? SN_U8_TAIL2 : SN_U8_REJECT;
	case SN_U8_E0:
		return c == 3 ? SN_U8_TAIL1 : SN_U8_REJECT;
	case SN_U8_ED:
		return c == 1 || c == 2 ? SN_U8_TAIL1 : SN_U8_REJECT;
	case SN_U8_F0:
		return c == 2 || c == 3 ? SN_U8_TAIL2 : SN_U8_REJECT;
	case SN_U8_F4:
		return c == 1 ? SN_U8_TAIL2 : SN_U8_REJECT;
	}
	return SN_U8_REJECT;
}

static int make_config(struct sn_config *cfg, int utf8)
{
	unsigned char ini[256], mid[256], fin[256];
	unsigned int b, s, c;

	if (parse_set(set_initial, ini) || parse_set(set_middle, mid) ||
	    parse_set(set_final, fin))
		return -1;
	memset(cfg, 0, sizeof(*cfg));
	cfg->mid_ascii = 1;
	for (b = 0; b < 256; b++) {
		cfg->cls[b] = (ini[b] ? SN_INITIAL : 0) |
			      (mid[b] ? SN_MIDDLE : 0) |
			      (fin[b] ? SN_FINAL : 0) |
			      u8_class(b) << SN_U8_SHIFT;
		if (b >= 0x20 && b <= 0x7e && !mid[b])
			cfg->mid_ascii = 0;
	}
	for (s = 0; s < 16; s++)
		for (c = 0; c < 16; c++)
			cfg->next[s << 4 | c] = u8_next(s, c);
	cfg->utf8 = utf8;
	return 0;
}

static int on_event(void *ctx, void *data, size_t size)
{
	const struct sn_event *e = data;

	if (size < sizeof(*e))
		return 0;
	if (expect) {
		if (nr_events >= nr_expect || e->len != expect[nr_events][256] ||
		    memcmp(e->name, expect[nr_events], e->len)) {
			fprintf(stderr, "sn-bpf: report %lu is not of refusal %lu\n",
				nr_events, nr_events);
			mismatch = 1;
		}
	}
	nr_events++;
	return 0;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* What check() makes each name with (-o), and how it undoes it. */
static const char *op = "mkdir";

static int make(int dir, const char *name)
{
	int fd;

	if (!strcmp(op, "create")) {
		fd = openat(dir, name, O_CREAT | O_EXCL | O_WRONLY, 0600);
		if (fd < 0)
			return -1;
		close(fd);
		return 0;
	}
	if (!strcmp(op, "rename"))
		return renameat(dir, "sn-src", dir, name);
	if (!strcmp(op, "link"))
		return linkat(dir, "sn-src", dir, name, 0);
	if (!strcmp(op, "symlink"))
		return symlinkat("sn-src", dir, name);
	return mkdirat(dir, name, 0700);
}

static int unmake(int dir, const char *name)
{
	if (!strcmp(op, "rename"))
		return renameat(dir, name, dir, "sn-src");
	return unlinkat(dir, name, strcmp(op, "mkdir") ? 0 : AT_REMOVEDIR);
}

/* Make each name of standard input in @dir; print what came of it. */
static int check(const char *dir, struct ring_buffer *rb)
{
	char line[1024], *nl;
	unsigned char name[257];
	unsigned long refused = 0, cap = 0;
	size_t n, i;
	int fd, src, hi, lo;

	fd = open(dir, O_DIRECTORY | O_RDONLY);
	if (fd < 0) {
		perror(dir);
		return 1;
	}
	/* the file that rename and link give new names to */
	if (strcmp(op, "mkdir") && strcmp(op, "create") &&
	    strcmp(op, "symlink")) {
		src = openat(fd, "sn-src", O_CREAT | O_WRONLY, 0600);
		if (src < 0) {
			perror("sn-src");
			return 1;
		}
		close(src);
	}
	while (fgets(line, sizeof(line), stdin)) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		n = strlen(line) / 2;
		if (n == 0 || n > 255 || strlen(line) % 2) {
			fprintf(stderr, "sn-bpf: bad line: %s\n", line);
			return 1;
		}
		for (i = 0; i < n; i++) {
			hi = hexval(line[2 * i]);
			lo = hexval(line[2 * i + 1]);
			if (hi < 0 || lo < 0) {
				fprintf(stderr, "sn-bpf: bad line: %s\n", line);
				return 1;
			}
			name[i] = hi << 4 | lo;
		}
		name[n] = '\0';
		if (make(fd, (char *)name) == 0) {
			printf("%s ok\n", line);
			if (unmake(fd, (char *)name)) {
				perror("undo");
				return 1;
			}
			continue;
		}
		if (errno != EPERM) {
			printf("%s %s\n", line, strerrorname_np(errno));
			continue;
		}
		printf("%s EPERM\n", line);
		if (!rb)
			continue;
		if (refused == cap) {
			cap = cap ? 2 * cap : 1024;
			expect = realloc(expect, cap * sizeof(*expect));
			if (!expect)
				return 1;
		}
		memcpy(expect[refused], name, n);
		expect[refused][256] = n;
		refused++;
		nr_expect = refused;
		if (ring_buffer__consume(rb) < 0)
			return 1;
	}
	unlinkat(fd, "sn-src", 0);
	close(fd);
	if (!rb)
		return 0;
	if (ring_buffer__consume(rb) < 0)
		return 1;
	if (mismatch || nr_events != refused) {
		fprintf(stderr, "sn-bpf: %lu refusals, %lu reports\n",
			refused, nr_events);
		return 1;
	}
	fprintf(stderr, "sn-bpf: %lu refusals, each reported\n", refused);
	return 0;
}

/* Run @argv with the program attached; report what it refused. */
static int run(char **argv, struct ring_buffer *rb)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0) {
		execvp(argv[0], argv);
		perror(argv[0]);
		_exit(127);
	}
	for (;;) {
		if (ring_buffer__poll(rb, 100) < 0 && errno != EINTR)
			return 1;
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
	}
	if (ring_buffer__consume(rb) < 0)
		return 1;
	if (nr_events)
		fprintf(stderr, "sn-bpf: %lu names refused\n", nr_events);
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}

static void print_usage(void)
{
	fprintf(stderr, "usage: sn-bpf [-e] [-u UTF8] [-i SET] [-m SET] [-f SET] run CMD...\n"
		"       sn-bpf [-n] [-o OP] [-u UTF8] [-i SET] [-m SET] [-f SET] check DIR\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct ring_buffer *rb = NULL;
	struct safename_bpf *skel = NULL;
	struct sn_config cfg;
	int opt, utf8 = 1, none = 0, entry_only = 0, err;
	__u32 zero = 0;

	while ((opt = getopt(argc, argv, "+eno:u:i:m:f:")) != -1) {
		switch (opt) {
		case 'o':
			op = optarg;
			break;
		case 'e':
			entry_only = 1;
			break;
		case 'n':
			none = 1;
			break;
		case 'u':
			utf8 = atoi(optarg);
			break;
		case 'i':
			set_initial = optarg;
			break;
		case 'm':
			set_middle = optarg;
			break;
		case 'f':
			set_final = optarg;
			break;
		default:
			print_usage();
		}
	}
	if (argc - optind < 2)
		print_usage();
	if (strcmp(argv[optind], "run") && strcmp(argv[optind], "check"))
		print_usage();
	if (entry_only && strcmp(argv[optind], "run"))
		print_usage();
	if (none && !strcmp(argv[optind], "check"))
		return check(argv[optind + 1], NULL);
	if (make_config(&cfg, utf8)) {
		fprintf(stderr, "sn-bpf: bad byte set\n");
		return 2;
	}
	cfg.entry_only = entry_only;

	skel = safename_bpf__open_and_load();
	if (!skel) {
		fprintf(stderr, "sn-bpf: loading the program failed\n");
		return 1;
	}
	err = bpf_map_update_elem(bpf_map__fd(skel->maps.sn_config), &zero,
				  &cfg, BPF_ANY);
	if (!err)
		err = safename_bpf__attach(skel);
	if (err) {
		fprintf(stderr, "sn-bpf: configuring or attaching failed: %d\n",
			err);
		safename_bpf__destroy(skel);
		return 1;
	}
	rb = ring_buffer__new(bpf_map__fd(skel->maps.sn_events), on_event,
			      NULL, NULL);
	if (!rb) {
		safename_bpf__destroy(skel);
		return 1;
	}
	if (!strcmp(argv[optind], "check"))
		err = check(argv[optind + 1], rb);
	else
		err = run(argv + optind + 1, rb);
	fflush(NULL);
	ring_buffer__free(rb);
	safename_bpf__destroy(skel);
	return err;
}
