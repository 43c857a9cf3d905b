// SPDX-License-Identifier: GPL-2.0
/*
 * Safename: the file name rule
 *
 * A name passes when its first byte is in the initial set, its last byte in
 * the final set, every other byte in the middle set and, if asked, the whole
 * name is well-formed UTF-8 (RFC 3629, Unicode Table 3-7).
 *
 * Names of printable ASCII throughout, most names, pass through
 * safename_printable() in rule.h, which the hooks inline.  safename_check()
 * decides the others in one pass through a small automaton that fuses the
 * middle set with UTF-8 decoding, eight bytes at a time over runs of
 * printable ASCII when the middle set allows all of them.  Both only say
 * yes or no; when the answer is no, safename_explain(), written for
 * clarity rather than speed, finds the failing rule and offset.
 *
 * This file must stay free of VFS and other kernel dependencies: user space
 * tools compile it unchanged.
 */

#include <linux/errno.h>

#include "rule.h"

/*
 * Byte classes of the automaton.  SN_C_BAD is never accepted; the other
 * classes follow the first byte ranges and continuation byte ranges of
 * Unicode Table 3-7.
 */
enum {
	SN_C_ASCII,	/* 00..7F */
	SN_C_80_8F,	/* continuation, low quarter */
	SN_C_90_9F,	/* continuation, second quarter */
	SN_C_A0_BF,	/* continuation, upper half */
	SN_C_2,		/* C2..DF: two-byte lead */
	SN_C_E0,	/* E0: three bytes, second A0..BF */
	SN_C_3,		/* E1..EC, EE..EF: three bytes */
	SN_C_ED,	/* ED: three bytes, second 80..9F */
	SN_C_F0,	/* F0: four bytes, second 90..BF */
	SN_C_4,		/* F1..F3: four bytes */
	SN_C_F4,	/* F4: four bytes, second 80..8F */
	SN_C_ILL,	/* C0, C1, F5..FF: never in UTF-8 */
	SN_C_BAD,	/* not permitted by the byte set */
	SN_NCLASSES
};

/*
 * States of the automaton: what the next bytes must be.  A transition left
 * out of the table below leads to SN_S_REJECT, which is absorbing.
 */
enum {
	SN_S_REJECT,	/* failed */
	SN_S_ACCEPT,	/* at a character boundary */
	SN_S_1,		/* one more continuation byte */
	SN_S_2,		/* two more continuation bytes */
	SN_S_3,		/* three more continuation bytes */
	SN_S_E0,	/* A0..BF, then one more */
	SN_S_ED,	/* 80..9F, then one more */
	SN_S_F0,	/* 90..BF, then two more */
	SN_S_F4,	/* 80..8F, then two more */
	SN_NSTATES
};

static const u8 safename_dfa[SN_NSTATES][SN_NCLASSES] = {
	[SN_S_ACCEPT] = {
		[SN_C_ASCII] = SN_S_ACCEPT,
		[SN_C_2] = SN_S_1,
		[SN_C_E0] = SN_S_E0,
		[SN_C_3] = SN_S_2,
		[SN_C_ED] = SN_S_ED,
		[SN_C_F0] = SN_S_F0,
		[SN_C_4] = SN_S_3,
		[SN_C_F4] = SN_S_F4,
	},
	[SN_S_1] = {
		[SN_C_80_8F] = SN_S_ACCEPT,
		[SN_C_90_9F] = SN_S_ACCEPT,
		[SN_C_A0_BF] = SN_S_ACCEPT,
	},
	[SN_S_2] = {
		[SN_C_80_8F] = SN_S_1,
		[SN_C_90_9F] = SN_S_1,
		[SN_C_A0_BF] = SN_S_1,
	},
	[SN_S_3] = {
		[SN_C_80_8F] = SN_S_2,
		[SN_C_90_9F] = SN_S_2,
		[SN_C_A0_BF] = SN_S_2,
	},
	[SN_S_E0] = {
		[SN_C_A0_BF] = SN_S_1,
	},
	[SN_S_ED] = {
		[SN_C_80_8F] = SN_S_1,
		[SN_C_90_9F] = SN_S_1,
	},
	[SN_S_F0] = {
		[SN_C_90_9F] = SN_S_2,
		[SN_C_A0_BF] = SN_S_2,
	},
	[SN_S_F4] = {
		[SN_C_80_8F] = SN_S_2,
	},
};

/**
 * safename_utf8_class() - the automaton class of a byte
 * @b: the byte.
 *
 * Return: one of the SN_C_ values other than SN_C_BAD.
 */
static u8 safename_utf8_class(u8 b)
{
	if (b < 0x80)
		return SN_C_ASCII;
	if (b < 0x90)
		return SN_C_80_8F;
	if (b < 0xa0)
		return SN_C_90_9F;
	if (b < 0xc0)
		return SN_C_A0_BF;
	if (b < 0xc2)
		return SN_C_ILL;
	if (b < 0xe0)
		return SN_C_2;
	if (b == 0xe0)
		return SN_C_E0;
	if (b == 0xed)
		return SN_C_ED;
	if (b < 0xf0)
		return SN_C_3;
	if (b == 0xf0)
		return SN_C_F0;
	if (b < 0xf4)
		return SN_C_4;
	if (b == 0xf4)
		return SN_C_F4;
	return SN_C_ILL;
}

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
 * safename_rules_prepare() - derive the tables safename_check() uses
 * @rules: rules whose byte sets and @utf8 flag are set.
 *
 * Call it again whenever a set or the flag changes.
 */
void safename_rules_prepare(struct safename_rules *rules)
{
	unsigned int b;

	rules->middle_printable = true;
	for (b = 0x20; b <= 0x7e; b++)
		if (!safename_byteset_test(&rules->middle, b))
			rules->middle_printable = false;
	for (b = 0; b < 256; b++) {
		u8 class = rules->utf8 ? safename_utf8_class(b) : SN_C_ASCII;

		rules->edge_class[b] = class;
		rules->middle_class[b] = safename_byteset_test(&rules->middle, b) ?
					 class : SN_C_BAD;
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
 * safename_explain() - find the first failure of a name
 * @rules: the rules.
 * @name: the name.
 * @len: its length.
 * @offset: set to the offset of the first failure, scanning from byte 0.
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
 * safename_unprintable8() - are any of eight bytes outside printable ASCII?
 * @p: the bytes, at any alignment.
 *
 * Return: 0 when all eight bytes are in 0x20..0x7e, else not 0.
 */
static __always_inline u64 safename_unprintable8(const unsigned char *p)
{
	return safename_unprintable(safename_load64(p)) & SAFENAME_BYTES(0x80);
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
 * safename_check_from() - run the automaton over the rest of a name
 * @rules: prepared rules.
 * @name: the name, whose first and last bytes are in their sets.
 * @len: its length, at least 1.
 * @i: the first byte not checked yet: 1, or a byte after the first that
 *     follows printable ASCII only.
 * @state: the state of the automaton before @name[@i].
 * @offset: set to the offset of the first failure, if any.
 *
 * Return: %SAFENAME_RULE_PASS, or the rule that fails first.
 */
static enum safename_rule safename_check_from(const struct safename_rules *rules,
					      const unsigned char *name,
					      size_t len, size_t i, u8 state,
					      size_t *offset)
{
	const u8 *middle = rules->middle_class;
	const unsigned char *p, *last = NULL;
	size_t end = len - 1;

	/*
	 * The middle bytes are name[1] to name[end - 1].  Words may also
	 * cover the first and the last byte, whose sets are tested already:
	 * being printable ASCII, they leave the automaton where it was.  The
	 * last word of the name starts at @last.
	 */
	if (rules->middle_printable && len >= 8)
		last = name + len - 8;
	while (i < end) {
		/*
		 * At a character boundary, printable ASCII keeps the
		 * automaton where it is: skip whole words of it.
		 */
		if (state == SN_S_ACCEPT && last) {
			p = name + i;
			while (p <= last && !safename_unprintable8(p))
				p += 8;
			/*
			 * Fewer than eight left: the last word of the name,
			 * overlapping bytes already checked, covers them.
			 */
			if (p > last && !safename_unprintable8(last))
				break;
			i = p - name;
		}
		state = safename_dfa[state][middle[name[i++]]];
	}
	if (len > 1)
		state = safename_dfa[state][rules->edge_class[name[len - 1]]];

	if (state != SN_S_ACCEPT)
		return safename_explain(rules, name, len, offset);
	return SAFENAME_RULE_PASS;
}

/**
 * safename_check_rest() - safename_check() for a name of more than
 * printable ASCII, or one that fails
 * @rules: prepared rules.
 * @name: the name.
 * @len: its length, at least 1.
 * @offset: set to the offset of the first failure, if any.
 *
 * Out of line, as safename_check_long(), so that safename_check() makes
 * tail calls only and saves no register for the short names that
 * safename_printable_short() passes.
 *
 * Return: %SAFENAME_RULE_PASS, or the rule that fails first.
 */
static noinline enum safename_rule
safename_check_rest(const struct safename_rules *rules,
		    const unsigned char *name, size_t len, size_t *offset)
{
	const unsigned char *p, *last;
	size_t i = 0;

	if (!safename_byteset_test(&rules->initial, name[0]) ||
	    !safename_byteset_test(&rules->final, name[len - 1]))
		return safename_explain(rules, name, len, offset);

	/* i: how many leading bytes are known to be printable ASCII. */
	if (rules->middle_printable && len >= 8) {
		last = name + len - 8;
		/* Four words at a time, then the one where they stop. */
		for (p = name; last - p >= 32; p += 32)
			if (safename_unprintable8(p) | safename_unprintable8(p + 8) |
			    safename_unprintable8(p + 16) |
			    safename_unprintable8(p + 24))
				break;
		for (; p < last && !safename_unprintable8(p); p += 8)
			;
		if (p >= last && !safename_unprintable8(last))
			return SAFENAME_RULE_PASS;
		i = p - name;
	} else if (rules->middle_printable) {
		while (i < len && (u8)(name[i] - 0x20) < 0x5f)
			i++;
		if (i == len)
			return SAFENAME_RULE_PASS;
	}
	/* Up to name[i - 1], the automaton stays at a character boundary. */
	if (i)
		return safename_check_from(rules, name, len, i, SN_S_ACCEPT,
					   offset);
	return safename_check_from(rules, name, len, 1,
				   safename_dfa[SN_S_ACCEPT][rules->edge_class[name[0]]],
				   offset);
}

/**
 * safename_check_long() - safename_check() for a long name
 * @rules: prepared rules.
 * @name: the name.
 * @len: its length, more than %SAFENAME_SHORT_MAX.
 * @offset: set to the offset of the first failure, if any.
 *
 * Return: %SAFENAME_RULE_PASS, or the rule that fails first.
 */
static noinline enum safename_rule
safename_check_long(const struct safename_rules *rules,
		    const unsigned char *name, size_t len, size_t *offset)
{
	if (safename_printable_long(rules, name, len))
		return SAFENAME_RULE_PASS;
	return safename_check_rest(rules, name, len, offset);
}

/**
 * safename_check() - check a name against the rules
 * @rules: prepared rules (see safename_rules_prepare()).
 * @name: the name.
 * @len: its length; an empty name passes.
 * @offset: set to the offset of the first failure, if any.
 *
 * One pass over the name; only a failing name costs a second one, in
 * safename_explain(), to name the rule and the offset.  The common case,
 * printable ASCII throughout, is safename_printable()'s.  For the others,
 * leading printable ASCII is skipped a word (or, in a name shorter than a
 * word, a byte) at a time, and the automaton goes on from where it stops.
 *
 * Return: %SAFENAME_RULE_PASS, or the rule that fails first.
 */
enum safename_rule safename_check(const struct safename_rules *rules,
				  const unsigned char *name, size_t len,
				  size_t *offset)
{
	if (len > SAFENAME_SHORT_MAX)
		return safename_check_long(rules, name, len, offset);
	if (!len || safename_printable_short(rules, name, len))
		return SAFENAME_RULE_PASS;
	return safename_check_rest(rules, name, len, offset);
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
