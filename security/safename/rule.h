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
 * @edge_class: derived by safename_rules_prepare(): UTF-8 class of each byte
 *              when @utf8 is set, else 0.
 * @middle_class: derived: as @edge_class, but bytes outside @middle map to a
 *                class that the checker never accepts.
 * @middle_printable: derived: @middle holds every printable ASCII byte, so
 *                    runs of them can be checked a word at a time.
 *
 * Fill in the first four members, then call safename_rules_prepare() before
 * handing the rules to safename_check().
 */
struct safename_rules {
	struct safename_byteset initial;
	struct safename_byteset middle;
	struct safename_byteset final;
	bool utf8;
	u8 edge_class[256];
	u8 middle_class[256];
	bool middle_printable;
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
enum safename_rule safename_check(const struct safename_rules *rules,
				  const unsigned char *name, size_t len,
				  size_t *offset);
const char *safename_rule_name(enum safename_rule rule);
size_t safename_encode(char *dst, const unsigned char *src, size_t len);

#endif /* _SECURITY_SAFENAME_RULE_H */
