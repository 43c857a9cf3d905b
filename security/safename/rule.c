// SPDX-License-Identifier: GPL-2.0
/*
 * Safename: the file name rule
 *
 * A name passes when its first byte is in the initial set, its last byte in
 * the final set, every other byte in the middle set and, if asked, the whole
 * name is well-formed UTF-8 (RFC 3629, Unicode Table 3-7).
 *
 * Names of printable ASCII throughout, most names, pass through
 * safename_printable() in rule.h, which the hooks inline.  Every other name
 * goes to safename_explain(), the rule as written above, which finds the
 * rule a name fails and where, or says that it passes.
 *
 * This file must stay free of VFS and other kernel dependencies: user space
 * tools compile it unchanged.
 */

#include <linux/errno.h>

#include "rule.h"

/**
 * safename_byteset_fill() - add a range of values to a byte set
 * @set: the set.
 * @lo: first value, at most 255.
 * @hi: last value, at least @lo and at most 255.
 */
void safename_byteset_fill(struct safename_byteset *set, unsigned int lo,
			   unsigned int hi)
{
	unsigned int b;

	for (b = lo; b <= hi; b++)
		set->bits[b >> 6] |= 1ULL << (b & 63);
}

/**
 * safename_parse_value() - parse one decimal byte value
 * @buf: the text.
 * @len: its length.
 * @pos: where to start; advanced past the digits.
 * @value: the value parsed.
 *
 * Return: 0, or -EINVAL when there is no digit at @pos or the value is
 * above 255.
 */
static int safename_parse_value(const char *buf, size_t len, size_t *pos,
				unsigned int *value)
{
	size_t i = *pos;
	unsigned int v = 0;

	if (i == len || buf[i] < '0' || buf[i] > '9')
		return -EINVAL;
	for (; i < len && buf[i] >= '0' && buf[i] <= '9'; i++) {
		v = v * 10 + (buf[i] - '0');
		if (v > 255)
			return -EINVAL;
	}
	*pos = i;
	*value = v;
	return 0;
}

/**
 * safename_byteset_parse() - parse the text form of a byte set
 * @set: where to store the set; untouched on error.
 * @buf: comma-separated decimal values and inclusive ranges "a-b" within
 *       0..255, in any order, overlaps allowed, with one optional trailing
 *       newline.  Empty text (or a lone newline) is the empty set.
 * @len: length of @buf, which need not be NUL-terminated.
 *
 * Return: 0, or -EINVAL for anything else (a stray or NUL character, an empty
 * element, a value above 255, a range whose start is above its end).
 */
int safename_byteset_parse(struct safename_byteset *set, const char *buf,
			   size_t len)
{
	struct safename_byteset new = { };
	unsigned int lo, hi;
	size_t pos = 0;

	if (len && buf[len - 1] == '\n')
		len--;
	while (len) {
		if (safename_parse_value(buf, len, &pos, &lo))
			return -EINVAL;
		hi = lo;
		if (pos < len && buf[pos] == '-') {
			pos++;
			if (safename_parse_value(buf, len, &pos, &hi) || hi < lo)
				return -EINVAL;
		}
		safename_byteset_fill(&new, lo, hi);
		if (pos == len)
			break;
		if (buf[pos++] != ',')
			return -EINVAL;
	}
	*set = new;
	return 0;
}

/**
 * safename_format_value() - write a byte value in decimal
 * @buf: where to write, with room for three characters.
 * @v: the value, at most 255.
 *
 * Return: the number of characters written.
 */
static size_t safename_format_value(char *buf, unsigned int v)
{
	size_t n = 0;

	if (v >= 100)
		buf[n++] = '0' + v / 100;
	if (v >= 10)
		buf[n++] = '0' + v / 10 % 10;
	buf[n++] = '0' + v % 10;
	return n;
}

/**
 * safename_byteset_format() - write the canonical text of a byte set
 * @set: the set.
 * @buf: where to write, with room for %SAFENAME_BYTESET_TEXT_MAX bytes.
 *
 * The canonical text lists the values in ascending order, adjacent values
 * merged into ranges, a lone value as "n" and a longer run as "a-b"; it ends
 * in a newline and is NUL-terminated.  The empty set is a lone newline.
 *
 * Return: the length of the text, without the NUL.
 */
size_t safename_byteset_format(const struct safename_byteset *set, char *buf)
{
	unsigned int b = 0, lo;
	size_t n = 0;

	while (b < 256) {
		if (!safename_byteset_test(set, b)) {
			b++;
			continue;
		}
		lo = b;
		while (b < 256 && safename_byteset_test(set, b))
			b++;
		if (n)
			buf[n++] = ',';
		n += safename_format_value(buf + n, lo);
		if (b - 1 > lo) {
			buf[n++] = '-';
			n += safename_format_value(buf + n, b - 1);
		}
	}
	buf[n++] = '\n';
	buf[n] = '\0';
	return n;
}

/**
 * safename_rules_default() - the default rules of the 2016 proposal
 * @rules: filled with the default sets, UTF-8 off, and prepared.
 *
 * The first byte may not be a control character, space, '-', '~', DEL or
 * 0xff; no byte may be a control character, DEL or 0xff; the last byte may
 * not be a space either.
 */
void safename_rules_default(struct safename_rules *rules)
{
	*rules = (struct safename_rules) { };
	safename_byteset_fill(&rules->initial, 33, 44);
	safename_byteset_fill(&rules->initial, 46, 125);
	safename_byteset_fill(&rules->initial, 128, 254);
	safename_byteset_fill(&rules->middle, 32, 126);
	safename_byteset_fill(&rules->middle, 128, 254);
	safename_byteset_fill(&rules->final, 33, 126);
	safename_byteset_fill(&rules->final, 128, 254);
	safename_rules_prepare(rules);
}

/**
 * safename_rules_prepare() - derive the tables of the fast pass
 * @rules: rules whose byte sets are set.
 *
 * Call it again whenever a set changes.
 */
void safename_rules_prepare(struct safename_rules *rules)
{
	unsigned int b;

	rules->middle_printable = true;
	for (b = 0x20; b <= 0x7e; b++)
		if (!safename_byteset_test(&rules->middle, b))
			rules->middle_printable = false;
	for (b = 0; b < 256; b++) {
		rules->first_ok[b] = rules->middle_printable &&
				     safename_byteset_test(&rules->initial, b);
		rules->last_ok[b] = rules->middle_printable &&
				    safename_byteset_test(&rules->final, b);
	}
}

/**
 * safename_utf8_check() - find the first ill-formed UTF-8 sequence
 * @s: the bytes.
 * @len: their number.
 *
 * Follows Unicode Table 3-7 literally: no overlong forms, no surrogates, no
 * code point above U+10FFFF, no truncated sequence, no stray continuation
 * byte.  Noncharacters such as U+FFFE are well-formed.
 *
 * Return: @len when @s is well-formed, else the offset where the first
 * ill-formed sequence starts.
 */
size_t safename_utf8_check(const unsigned char *s, size_t len)
{
	size_t i = 0, k, more;
	u8 lo, hi;

	while (i < len) {
		u8 c = s[i];

		if (c <= 0x7f) {
			i++;
			continue;
		}
		lo = 0x80;
		hi = 0xbf;
		if (c >= 0xc2 && c <= 0xdf) {
			more = 1;
		} else if (c >= 0xe0 && c <= 0xef) {
			more = 2;
			if (c == 0xe0)
				lo = 0xa0;
			else if (c == 0xed)
				hi = 0x9f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			more = 3;
			if (c == 0xf0)
				lo = 0x90;
			else if (c == 0xf4)
				hi = 0x8f;
		} else {
			return i;
		}
		if (i + more >= len || s[i + 1] < lo || s[i + 1] > hi)
			return i;
		for (k = 2; k <= more; k++)
			if (s[i + k] < 0x80 || s[i + k] > 0xbf)
				return i;
		i += more + 1;
	}
	return len;
}

/**
 * safename_explain() - the rule itself: find the first failure of a name
 * @rules: the rules.
 * @name: the name.
 * @len: its length.
 * @offset: set to the offset of the first failure, scanning from byte 0.
 *
 * The rule as written, for clarity rather than speed: the kernel calls
 * it only for the names that the fast pass does not pass.
 *
 * At one offset the rules are reported in the order initial, middle, final,
 * utf8.  For utf8 the offset is where the ill-formed sequence starts.
 *
 * Return: the rule that fails first, or %SAFENAME_RULE_PASS (and @offset
 * untouched).
 */
enum safename_rule safename_explain(const struct safename_rules *rules,
				    const unsigned char *name, size_t len,
				    size_t *offset)
{
	enum safename_rule rule = SAFENAME_RULE_PASS;
	size_t at = len, i, bad;

	if (!len)
		return SAFENAME_RULE_PASS;
	if (!safename_byteset_test(&rules->initial, name[0])) {
		rule = SAFENAME_RULE_INITIAL;
		at = 0;
	}
	for (i = 1; rule == SAFENAME_RULE_PASS && i + 1 < len; i++) {
		if (!safename_byteset_test(&rules->middle, name[i])) {
			rule = SAFENAME_RULE_MIDDLE;
			at = i;
		}
	}
	if (rule == SAFENAME_RULE_PASS &&
	    !safename_byteset_test(&rules->final, name[len - 1])) {
		rule = SAFENAME_RULE_FINAL;
		at = len - 1;
	}
	if (rules->utf8) {
		bad = safename_utf8_check(name, len);
		if (bad < at) {
			rule = SAFENAME_RULE_UTF8;
			at = bad;
		}
	}
	if (rule != SAFENAME_RULE_PASS)
		*offset = at;
	return rule;
}

/**
 * safename_printable_long() - safename_printable() for a long name
 * @rules: prepared rules.
 * @name: the name.
 * @len: its length, more than %SAFENAME_SHORT_MAX.
 *
 * Return: as safename_printable().
 */
bool safename_printable_long(const struct safename_rules *rules,
			     const unsigned char *name, size_t len)
{
	return safename_ends_pass(rules, name, len) &&
	       !safename_unprintable_long(name, len);
}

/**
 * safename_rule_name() - the name of a rule, as in the log line
 * @rule: the rule.
 *
 * Return: "initial", "middle", "final", "utf8", or "pass".
 */
const char *safename_rule_name(enum safename_rule rule)
{
	static const char *const names[] = {
		[SAFENAME_RULE_PASS] = "pass",
		[SAFENAME_RULE_INITIAL] = "initial",
		[SAFENAME_RULE_MIDDLE] = "middle",
		[SAFENAME_RULE_FINAL] = "final",
		[SAFENAME_RULE_UTF8] = "utf8",
	};

	return rule <= SAFENAME_RULE_MAX ? names[rule] : "pass";
}

/**
 * safename_encode() - encode untrusted bytes for a log line
 * @dst: where to write, with room for SAFENAME_ENCODED_MAX(@len) + 1 bytes.
 * @src: the bytes.
 * @len: their number.
 *
 * As audit logs untrusted strings: in double quotes when every byte is in
 * 0x21..0x7e and none is '"', otherwise every byte as two uppercase hex
 * digits.  No control or non-ASCII byte is ever copied.  The result is
 * NUL-terminated.
 *
 * Return: the length written, without the NUL.
 */
size_t safename_encode(char *dst, const unsigned char *src, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		if (src[i] < 0x21 || src[i] > 0x7e || src[i] == '"')
			break;
	if (i == len) {
		dst[n++] = '"';
		for (i = 0; i < len; i++)
			dst[n++] = src[i];
		dst[n++] = '"';
	} else {
		for (i = 0; i < len; i++) {
			dst[n++] = hex[src[i] >> 4];
			dst[n++] = hex[src[i] & 15];
		}
	}
	dst[n] = '\0';
	return n;
}
