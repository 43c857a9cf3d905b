/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the BPF peer (safename.bpf.c) and its loader (loader.c) share: the
 * policy map's value and the ring buffer's record.
 */
#ifndef SN_BPF_SAFENAME_H
#define SN_BPF_SAFENAME_H

/* Bits 0-2 of sn_config.cls[b]: the sets that byte b is in. */
#define SN_INITIAL	0x01
#define SN_MIDDLE	0x02
#define SN_FINAL	0x04
/* Bits 4-7 of sn_config.cls[b]: its class for the UTF-8 automaton. */
#define SN_U8_SHIFT	4

/* States of the UTF-8 automaton; SN_U8_REJECT absorbs. */
enum {
	SN_U8_ACCEPT,	/* between characters */
	SN_U8_TAIL1,	/* one continuation byte to come */
	SN_U8_TAIL2,
	SN_U8_TAIL3,
	SN_U8_E0,	/* after E0: A0..BF, then one more */
	SN_U8_ED,	/* after ED: 80..9F (no surrogates), then one more */
	SN_U8_F0,	/* after F0: 90..BF, then two more */
	SN_U8_F4,	/* after F4: 80..8F (not above U+10FFFF), then two */
	SN_U8_REJECT,
};

/* The one entry of the array map sn_config. */
struct sn_config {
	__u8 cls[256];
	/* next[state << 4 | class]: the automaton's transitions */
	__u8 next[256];
	__u32 utf8;
	/*
	 * Every byte of 0x20..0x7e is in the middle set: the middle may be
	 * checked eight bytes at a time for that range first.
	 */
	__u32 mid_ascii;
	/*
	 * Return at once, before the name is read: what reaching the
	 * program costs (the bench's bpf-entry configuration).
	 */
	__u32 entry_only;
};

/* Which hook refused a name (sn_event.hook). */
enum { SN_MKNOD, SN_MKDIR, SN_SYMLINK, SN_LINK, SN_RENAME };

/* One ring buffer record per refusal. */
struct sn_event {
	__u32 pid;
	__u32 uid;
	__u32 hook;
	__u32 len;
	__u8 name[256];
};

#endif /* SN_BPF_SAFENAME_H */
