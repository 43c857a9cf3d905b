// SPDX-License-Identifier: GPL-2.0
/*
 * host-check - the BPF peer's rule, compiled natively, against the spec
 *
 * safename.bpf.c and loader.c are included as they are, with the BPF
 * helpers they call replaced by stubs (the name is copied with memcpy,
 * followed by garbage as a kernel buffer may be), and each name of
 * names.expect (from names.py) goes through the path_mkdir program; its
 * verdict must be the spec's, and each refusal must be reported once.
 * A check on the host, in seconds, before the bench kernel runs the
 * program itself.
 *
 * usage: host-check NAMES.EXPECT
 */
#define main loader_main
#include "loader.c"
#undef main
#undef RENAME_EXCHANGE		/* stdio.h's; the program has its own */

#define __BPF_HELPERS__
#define __BPF_TRACING_H__
#define __BPF_CORE_READ_H__
#define BPF_CORE_READ(src, field) ((src)->field)
#define SEC(x)
#define __noinline
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name
#define BPF_PROG(name, args...) name(args)

static struct sn_config *the_config;
static unsigned long reports;
static struct sn_event the_event;

static void *lookup(void *map, void *key)
{
	return the_config;
}
#define bpf_map_lookup_elem lookup

static long bpf_probe_read_kernel(void *dst, __u32 size, const void *src)
{
	memcpy(dst, src, size);
	return 0;
}

static void *bpf_ringbuf_reserve(void *map, __u64 size, __u64 flags)
{
	return &the_event;
}

static void bpf_ringbuf_submit(void *data, __u64 flags)
{
	reports++;
}

static __u64 bpf_get_current_pid_tgid(void)
{
	return 0;
}

static __u64 bpf_get_current_uid_gid(void)
{
	return 0;
}

#include "safename.bpf.c"

int main(int argc, char **argv)
{
	static struct sn_config cfg;
	unsigned long total = 0, refused = 0, bad = 0;
	unsigned char name[256 + 64];
	char hex[1024], want[16];
	struct dentry d;
	unsigned int v;
	const char *got;
	size_t n, i;
	FILE *f;

	f = argc == 2 ? fopen(argv[1], "r") : NULL;
	if (!f) {
		fprintf(stderr, "usage: host-check NAMES.EXPECT\n");
		return 2;
	}
	if (make_config(&cfg, 1))
		return 2;
	the_config = &cfg;
	while (fscanf(f, "%1000s %15s", hex, want) == 2) {
		n = strlen(hex) / 2;
		if (n == 0 || n > 255)
			return 2;
		for (i = 0; i < n; i++) {
			if (sscanf(hex + 2 * i, "%2x", &v) != 1)
				return 2;
			name[i] = v;
		}
		memset(name + n, 0xff, sizeof(name) - n);
		d.d_name.len = n;
		d.d_name.name = name;
		d.d_inode = NULL;
		got = sn_path_mkdir(NULL, &d, 0, 0) ? "EPERM" : "ok";
		refused += got[0] == 'E';
		total++;
		if (strcmp(got, want) && bad++ < 20)
			printf("host-check: %s: the spec says %s, the program %s\n",
			       hex, want, got);
	}
	fclose(f);
	printf("host-check: %lu names, %lu refused, %lu reports, %lu disagreements\n",
	       total, refused, reports, bad);
	return bad || reports != refused || !total;
}
