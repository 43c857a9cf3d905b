// SPDX-License-Identifier: GPL-2.0
/*
 * Safename's rule as a BPF LSM program: the peer of `make bench`.
 *
 * What an administrator would write on a stock kernel with bpf in lsm=
 * instead of Safename: the new name's final component of path_mknod (which
 * open(O_CREAT) goes through too), path_mkdir, path_symlink, path_link and
 * path_rename (the destination, when it does not exist yet) is checked
 * against the byte sets and, when asked, strict UTF-8 (SPEC.md section 2),
 * all read from the array map sn_config that the loader fills; a name that
 * fails is refused with -EPERM and reported in the ring buffer sn_events.
 *
 * Made as fast as we could: the name is read into the stack with one
 * helper call, placed so that its middle starts on a word boundary; the
 * first and final bytes go through the class table, the middle eight bytes
 * at a time against 0x20..0x7e when the middle set holds that range; only
 * a name with a byte outside it goes byte by byte through the table and the
 * UTF-8 automaton.  CO-RE: the few kernel fields used are relocated against
 * the running kernel's BTF, so one object serves every kernel.
 */
#include <linux/types.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "safename.h"

#define EPERM		1
#define MAX_ERRNO	4095
#define RENAME_EXCHANGE	2	/* include/uapi/linux/fs.h */
#define NAME_MAX	255

/* The kernel's types, as far as we read them (relocated by CO-RE). */
struct qstr {
	__u32 hash;
	__u32 len;
	const unsigned char *name;
} __attribute__((preserve_access_index));

struct inode;

struct dentry {
	struct qstr d_name;
	struct inode *d_inode;
} __attribute__((preserve_access_index));

struct path;

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct sn_config);
} sn_config SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 256 * 1024);
} sn_events SEC(".maps");

#define ONES	0x0101010101010101ULL
#define HIGHS	0x8080808080808080ULL

/*
 * The name goes to the start of a word-aligned buffer: the kernel copies
 * it a word at a time only when both ends are aligned (names are), and
 * the verifier wants stack words aligned.  32 words hold 255 bytes and
 * a word of zeroes follows.
 */
#define WORDS	33
#define AS	0x6161616161616161ULL	/* 'a' in every byte */

/* The name as check_name() reads it. */
struct sn_name {
	__u64 w[WORDS];
};

/*
 * The byte-by-byte pass: the whole rule, for names the fast one left.  A
 * global function, so that the verifier goes through its loop once, not
 * once for each place where the fast pass gives up.
 */
__noinline
int sn_slow_pass(const struct sn_config *cfg, const struct sn_name *nm,
		 __u32 len)
{
	const __u8 *buf = (const __u8 *)nm;
	__u32 i, end, st;
	__u8 k, need;

	if (!cfg || !nm || len == 0 || len > NAME_MAX)
		return 0;
	/*
	 * The first and the final byte outside the loop: a loop that
	 * tested for the final byte would have the verifier walk the
	 * rest of it again from each byte that could be it.
	 */
	k = cfg->cls[buf[0]];
	need = len == 1 ? SN_INITIAL | SN_FINAL : SN_INITIAL;
	if ((k & need) != need)
		return -EPERM;
	st = cfg->next[SN_U8_ACCEPT << 4 | k >> SN_U8_SHIFT];
	end = (len - 1) & 0xff;	/* as it is: the verifier wants it shown */
	for (i = 1; i < NAME_MAX; i++) {
		if (i >= end)
			break;
		k = cfg->cls[buf[i]];
		if (!(k & SN_MIDDLE))
			return -EPERM;
		st = cfg->next[((st & 0xf) << 4) | (k >> SN_U8_SHIFT)];
	}
	if (end) {
		k = cfg->cls[buf[end]];
		if (!(k & SN_FINAL))
			return -EPERM;
		st = cfg->next[((st & 0xf) << 4) | (k >> SN_U8_SHIFT)];
	}
	if (cfg->utf8 && st != SN_U8_ACCEPT)
		return -EPERM;
	return 0;
}

static __always_inline int check_name(struct dentry *dentry, __u32 hook)
{
	const struct sn_config *cfg;
	const unsigned char *name;
	struct sn_name nm;
	__u64 *w = nm.w;
	__u8 *buf = (__u8 *)w;
	__u64 len, end, nfull, k;
	__u8 first, last;
	struct sn_event *e;
	__u64 x, m;

	cfg = bpf_map_lookup_elem(&sn_config, &(__u32){ 0 });
	if (!cfg || cfg->entry_only)
		return 0;
	/* direct loads: an LSM program's arguments are typed by BTF */
	len = dentry->d_name.len;
	name = dentry->d_name.name;
	if (len == 0 || len > NAME_MAX)
		return 0;
	w[WORDS - 2] = 0;
	w[WORDS - 1] = 0;
	if (bpf_probe_read_kernel(buf, len, name))
		return 0;

	first = buf[0];
	last = buf[len - 1];
	if (!(cfg->cls[first] & SN_INITIAL) || !(cfg->cls[last] & SN_FINAL))
		goto refuse;
	if (!cfg->mid_ascii || (cfg->utf8 && ((first | last) & 0x80)))
		goto slow;
	/*
	 * The middle, buf[1 .. end), a word at a time: any byte below 0x20
	 * or above 0x7e sends the name to the slow pass.  The first byte and
	 * those from the final one on are made 'a' in the words they share
	 * with the middle.
	 */
	if (len <= 2)
		return 0;
	end = len - 1;
	nfull = end >> 3;
	x = (w[0] & ~0xffULL) | 0x61;
	if (nfull == 0) {
		m = ~0ULL << (end * 8);
		x = (x & ~m) | (AS & m);
	}
	if (((x - 0x20 * ONES) | (x + ONES) | x) & HIGHS)
		goto slow;
	for (k = 1; k < WORDS; k++) {
		if (k >= nfull)
			break;
		x = w[k];
		if (((x - 0x20 * ONES) | (x + ONES) | x) & HIGHS)
			goto slow;
	}
	if (nfull && (end & 7)) {
		k = nfull;		/* at most 31: len is at most 255 */
		if (k >= WORDS)
			return 0;
		m = ~0ULL << ((end & 7) * 8);
		x = (w[k] & ~m) | (AS & m);
		if (((x - 0x20 * ONES) | (x + ONES) | x) & HIGHS)
			goto slow;
	}
	return 0;
slow:
	if (!sn_slow_pass(cfg, &nm, len))
		return 0;
refuse:
	e = bpf_ringbuf_reserve(&sn_events, sizeof(*e), 0);
	if (e) {
		e->pid = bpf_get_current_pid_tgid() >> 32;
		e->uid = (__u32)bpf_get_current_uid_gid();
		e->hook = hook;
		e->len = len;
		bpf_probe_read_kernel(e->name, len, name);
		if (len < sizeof(e->name))
			e->name[len] = 0;
		bpf_ringbuf_submit(e, 0);
	}
	return -EPERM;
}

/*
 * An earlier BPF program's refusal stands.  The verifier holds an LSM
 * program's result to -MAX_ERRNO..0: anything else becomes -EPERM.
 */
static __always_inline int earlier(int ret)
{
	return ret >= -MAX_ERRNO && ret < 0 ? ret : -EPERM;
}

SEC("lsm/path_mknod")
int BPF_PROG(sn_path_mknod, const struct path *dir, struct dentry *dentry,
	     unsigned short mode, unsigned int dev, int ret)
{
	if (ret)
		return earlier(ret);
	return check_name(dentry, SN_MKNOD);
}

SEC("lsm/path_mkdir")
int BPF_PROG(sn_path_mkdir, const struct path *dir, struct dentry *dentry,
	     unsigned short mode, int ret)
{
	if (ret)
		return earlier(ret);
	return check_name(dentry, SN_MKDIR);
}

SEC("lsm/path_symlink")
int BPF_PROG(sn_path_symlink, const struct path *dir, struct dentry *dentry,
	     const char *old_name, int ret)
{
	if (ret)
		return earlier(ret);
	return check_name(dentry, SN_SYMLINK);
}

SEC("lsm/path_link")
int BPF_PROG(sn_path_link, struct dentry *old_dentry,
	     const struct path *new_dir, struct dentry *new_dentry, int ret)
{
	if (ret)
		return earlier(ret);
	return check_name(new_dentry, SN_LINK);
}

/* Only a destination that does not exist yet is a new name. */
SEC("lsm/path_rename")
int BPF_PROG(sn_path_rename, const struct path *old_dir,
	     struct dentry *old_dentry, const struct path *new_dir,
	     struct dentry *new_dentry, unsigned int flags, int ret)
{
	if (ret)
		return earlier(ret);
	/*
	 * d_inode through a probe read: the direct load gave non-NULL for
	 * a negative dentry on 6.12 (every rename was let through), cause
	 * not found.
	 */
	if ((flags & RENAME_EXCHANGE) || BPF_CORE_READ(new_dentry, d_inode))
		return 0;
	return check_name(new_dentry, SN_RENAME);
}
