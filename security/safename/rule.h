/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Safename: the file name rule
 *
 * Pure code with no VFS dependency, so that user space (the scanner, fuzzers
 * and benchmarks under tools/) can compile rule.c unchanged.
 */

#ifndef _SECURITY_SAFENAME_RULE_H
#define _SECURITY_SAFENAME_RULE_H

#include <linux/types.h>

/**
 * enum safename_rule - which part of the rule a name fails
 * @SAFENAME_RULE_PASS: the name passes.
 * @SAFENAME_RULE_INITIAL: the first byte is not in the initial set.
 * @SAFENAME_RULE_MIDDLE: a byte that is neither first nor last is not in the
 *                        middle set.
 * @SAFENAME_RULE_FINAL: the last byte is not in the final set.
 * @SAFENAME_RULE_UTF8: the name is not well-formed UTF-8.
 * @SAFENAME_RULE_MAX: the last rule.
 *
 * At one offset the rules are reported in this order.
 */
enum safename_rule {
	SAFENAME_RULE_PASS = 0,
	SAFENAME_RULE_INITIAL,
	SAFENAME_RULE_MIDDLE,
	SAFENAME_RULE_FINAL,
	SAFENAME_RULE_UTF8,
	SAFENAME_RULE_MAX = SAFENAME_RULE_UTF8,
};

/**
 * struct safename_byteset - a set of byte values
 * @bits: bit @b of word @b / 64 is set when byte value @b is in the set.
 */
struct safename_byteset {
	u64 bits[4];
};

/**
 * struct safename_rules - the name rule of one policy
 * @initial: bytes permitted as the first byte of a name.
 * @middle: bytes permitted between the first and the last.
 * @final: bytes permitted as the last byte of a name.
 * @utf8: names must be well-formed UTF-8.
 * @middle_printable: derived by safename_rules_prepare(): @middle holds
 *                    every printable ASCII byte, so that the fast pass
 *                    can test a word at a time.
 * @first_ok: derived, for safename_printable(): for each byte, 1 when it
 *            is in @initial, else 0; all 0 unless @middle_printable, so
 *            that the fast pass never accepts a name then.
 * @last_ok: derived: the same for @final.
 *
 * Fill in the first four members, then call safename_rules_prepare() before
 * handing the rules to safename_check() or safename_explain().
 */
struct safename_rules {
	struct safename_byteset initial;
	struct safename_byteset middle;
	struct safename_byteset final;
	bool utf8;
	bool middle_printable;
	u8 first_ok[256];
	u8 last_ok[256];
};

/*
 * Room for the canonical text of any byte set, with its newline and a
 * terminating NUL: the longest, pairs of values one apart such as
 * "0-1,3-4,...,252-253,255", takes 610 bytes with the newline.
 */
#define SAFENAME_BYTESET_TEXT_MAX	640

/* Longest encoding of @len bytes by safename_encode(), without the NUL. */
#define SAFENAME_ENCODED_MAX(len)	(2 * (len) + 2)

/**
 * safename_byteset_test() - is a byte value in a set?
 * @set: the set.
 * @b: the byte value.
 *
 * Return: true when @b is in @set.
 */
static __always_inline bool
safename_byteset_test(const struct safename_byteset *set, u8 b)
{
	return (set->bits[b >> 6] >> (b & 63)) & 1;
}

/* A byte value in every byte of a word. */
#define SAFENAME_BYTES(b)	(0x0101010101010101ULL * (b))

/**
 * safename_unprintable() - mark bytes outside printable ASCII in a word
 * @w: eight bytes.
 *
 * A byte below 0x20, or above 0xa0, has its high bit set once 0x20 is
 * subtracted; one from 0x7f to 0xfe once 1 is added; 0xff is above 0xa0.
 * Carries and borrows between bytes only ever come from a byte that is
 * out of range itself, so the answer for the word is exact, and the
 * results of several words may be or-ed.
 *
 * Return: a word whose byte has its high bit set (under
 * SAFENAME_BYTES(0x80)) exactly where a byte of @w is not in 0x20..0x7e.
 */
static __always_inline u64 safename_unprintable(u64 w)
{
	return (w - SAFENAME_BYTES(0x20)) | (w + SAFENAME_BYTES(1));
}

/* Unaligned loads; the compiler turns them into plain moves. */
static __always_inline u64 safename_load64(const unsigned char *p)
{
	u64 w;

	__builtin_memcpy(&w, p, sizeof(w));
	return w;
}

static __always_inline u32 safename_load32(const unsigned char *p)
{
	u32 w;

	__builtin_memcpy(&w, p, sizeof(w));
	return w;
}

/* The longest name that safename_printable_short() takes. */
#define SAFENAME_SHORT_MAX	32

/**
 * safename_unprintable_short() - are any bytes of a short name outside
 * printable ASCII?
 * @name: the name.
 * @len: its length, 1 to %SAFENAME_SHORT_MAX.
 *
 * Makes no call, so that a caller that inlines it saves no register.
 *
 * Return: 0 when every byte is in 0x20..0x7e, else not 0.
 */
static __always_inline u64 safename_unprintable_short(const unsigned char *name,
						      size_t len)
{
	u64 bad;

	if (len > 16) {
		/* Four words, the last ones overlapping the first. */
		bad = safename_unprintable(safename_load64(name)) |
		      safename_unprintable(safename_load64(name + 8)) |
		      safename_unprintable(safename_load64(name + len - 16)) |
		      safename_unprintable(safename_load64(name + len - 8));
	} else if (len >= 8) {
		/* Two words, the second overlapping the first. */
		bad = safename_unprintable(safename_load64(name)) |
		      safename_unprintable(safename_load64(name + len - 8));
	} else if (len >= 4) {
		bad = safename_unprintable(safename_load32(name) |
					   (u64)safename_load32(name + len - 4)
					   << 32);
	} else {
		/* Bytes 0, len / 2 and len - 1 cover 1..3; spaces fill up. */
		bad = safename_unprintable(name[0] |
					   (u64)name[len >> 1] << 8 |
					   (u64)name[len - 1] << 16 |
					   SAFENAME_BYTES(0x20) << 24);
	}
	return bad & SAFENAME_BYTES(0x80);
}

/**
 * safename_ends_pass() - the first and the last byte, for the fast pass
 * @rules: prepared rules.
 * @name: the name.
 * @len: its length, at least 1.
 *
 * One load for each end, and one branch for both.
 *
 * Return: true when the first byte is in the initial set, the last in the
 * final set, and the middle set holds every printable ASCII byte.
 */
static __always_inline bool safename_ends_pass(const struct safename_rules *rules,
					       const unsigned char *name,
					       size_t len)
{
	return rules->first_ok[name[0]] & rules->last_ok[name[len - 1]];
}

/**
 * safename_printable_short() - safename_printable() for a short name
 * @rules: prepared rules.
 * @name: the name.
 * @len: its length, 1 to %SAFENAME_SHORT_MAX.
 *
 * Return: as safename_printable().
 */
static __always_inline bool
safename_printable_short(const struct safename_rules *rules,
			 const unsigned char *name, size_t len)
{
	return !safename_unprintable_short(name, len) &&
	       safename_ends_pass(rules, name, len);
}

/* Four words: whether any of 32 bytes is outside printable ASCII. */
static __always_inline u64 safename_unprintable32(const unsigned char *p)
{
	return safename_unprintable(safename_load64(p)) |
	       safename_unprintable(safename_load64(p + 8)) |
	       safename_unprintable(safename_load64(p + 16)) |
	       safename_unprintable(safename_load64(p + 24));
}

/**
 * safename_unprintable_long() - are any bytes of a long name outside
 * printable ASCII?
 * @name: the name.
 * @len: its length, more than %SAFENAME_SHORT_MAX.
 *
 * Blocks of 32 bytes, four words with no branch between them, from the
 * start, then the last 32 bytes, which may overlap the block before.
 *
 * Return: 0 when every byte is in 0x20..0x7e, else not 0.
 */
static __always_inline u64 safename_unprintable_long(const unsigned char *name,
						     size_t len)
{
	const unsigned char *p, *last = name + len - 32;
	u64 bad = safename_unprintable32(last);

	for (p = name; p < last; p += 32)
		bad |= safename_unprintable32(p);
	return bad & SAFENAME_BYTES(0x80);
}

bool safename_printable_long(const struct safename_rules *rules,
			     const unsigned char *name, size_t len);

/**
 * safename_printable() - the fast pass of the rule
 * @rules: prepared rules.
 * @name: the name.
 * @len: its length.
 *
 * Most names are printable ASCII throughout, which every middle set that
 * holds all of printable ASCII accepts, with or without UTF-8: for them
 * only the first and the last byte need their sets.  The bytes are tested
 * a word at a time, without a branch per word; a name that is not a
 * whole number of words is read as words that overlap, and one shorter
 * than a word as two overlapping halves or as three bytes that cover it.
 *
 * Return: true when the name passes.  False when it fails or is not
 * printable ASCII throughout: safename_explain() then decides.
 */
static __always_inline bool
safename_printable(const struct safename_rules *rules,
		   const unsigned char *name, size_t len)
{
	if (!len)
		return false;
	if (len > SAFENAME_SHORT_MAX)
		return safename_printable_long(rules, name, len);
	return safename_printable_short(rules, name, len);
}

void safename_byteset_fill(struct safename_byteset *set, unsigned int lo,
			   unsigned int hi);
int safename_byteset_parse(struct safename_byteset *set, const char *buf,
			   size_t len);
size_t safename_byteset_format(const struct safename_byteset *set, char *buf);

void safename_rules_default(struct safename_rules *rules);
void safename_rules_prepare(struct safename_rules *rules);
size_t safename_utf8_check(const unsigned char *s, size_t len);
enum safename_rule safename_explain(const struct safename_rules *rules,
				    const unsigned char *name, size_t len,
				    size_t *offset);
const char *safename_rule_name(enum safename_rule rule);
size_t safename_encode(char *dst, const unsigned char *src, size_t len);

/**
 * safename_check() - check a name against the rules
 * @rules: prepared rules (see safename_rules_prepare()).
 * @name: the name.
 * @len: its length; an empty name passes.
 * @offset: set to the offset of the first failure, if any.
 *
 * The fast pass, then, for a name it does not pass, the rule itself: for
 * the KUnit tests and the user-space tools, as the hooks inline the fast
 * pass in their own order.
 *
 * Return: %SAFENAME_RULE_PASS, or the rule that fails first.
 */
static inline enum safename_rule
safename_check(const struct safename_rules *rules, const unsigned char *name,
	       size_t len, size_t *offset)
{
	if (safename_printable(rules, name, len))
		return SAFENAME_RULE_PASS;
	return safename_explain(rules, name, len, offset);
}

#endif /* _SECURITY_SAFENAME_RULE_H */
