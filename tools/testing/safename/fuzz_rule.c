// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the name rule of security/safename/rule.c
 *
 * The input encodes a policy and a name:
 *
 *   byte 0      bit 0: utf8; bits 1-2, 3-4, 5-6: how the initial, middle and
 *               final sets start: 0 the default set of that knob, 1 every
 *               byte, 2 no byte, 3 a 32-byte bitmap that follows
 *   per set     [32-byte bitmap if mode 3], one byte k, then k % 8 byte
 *               values whose membership is flipped
 *   the rest    the name (any length, any bytes)
 *
 * A short input reads as zeros past its end.  safename_check() must agree
 * with ref_check() below on the verdict, the rule and the offset, leave the
 * offset alone when the name passes, and so must safename_explain().
 *
 * ref_check() is written straight from SPEC 2 and the UTF-8 part from
 * Unicode Table 3-7, without calling any code of rule.c.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rule.h"
#include "fuzz.h"

/**
 * struct ref_policy - a policy as plain arrays
 * @set: permitted bytes, [0] initial, [1] middle, [2] final.
 * @utf8: the name must be well-formed UTF-8.
 */
struct ref_policy {
	bool set[3][256];
	bool utf8;
};

/*
 * Unicode Table 3-7, Well-Formed UTF-8 Byte Sequences: each row gives the
 * range of each byte of one form of sequence.
 */
static const struct {
	int len;
	u8 lo[4];
	u8 hi[4];
} table_3_7[] = {
	{ 1, { 0x00 },			{ 0x7f } },
	{ 2, { 0xc2, 0x80 },		{ 0xdf, 0xbf } },
	{ 3, { 0xe0, 0xa0, 0x80 },	{ 0xe0, 0xbf, 0xbf } },
	{ 3, { 0xe1, 0x80, 0x80 },	{ 0xec, 0xbf, 0xbf } },
	{ 3, { 0xed, 0x80, 0x80 },	{ 0xed, 0x9f, 0xbf } },
	{ 3, { 0xee, 0x80, 0x80 },	{ 0xef, 0xbf, 0xbf } },
	{ 4, { 0xf0, 0x90, 0x80, 0x80 }, { 0xf0, 0xbf, 0xbf, 0xbf } },
	{ 4, { 0xf1, 0x80, 0x80, 0x80 }, { 0xf3, 0xbf, 0xbf, 0xbf } },
	{ 4, { 0xf4, 0x80, 0x80, 0x80 }, { 0xf4, 0x8f, 0xbf, 0xbf } },
};

/**
 * ref_utf8() - where the first ill-formed UTF-8 sequence starts
 * @s: the bytes.
 * @n: their number.
 *
 * At each character boundary, look for a row of Table 3-7 that the next
 * bytes match; when none does, the ill-formed sequence starts there (as
 * Python's UnicodeDecodeError.start says).
 *
 * Return: the offset, or @n when @s is well-formed.
 */
static size_t ref_utf8(const u8 *s, size_t n)
{
	size_t i = 0, r, k;
	bool match;

	while (i < n) {
		match = false;
		for (r = 0; r < ARRAY_SIZE(table_3_7); r++) {
			if (i + table_3_7[r].len > n)
				continue;
			match = true;
			for (k = 0; k < (size_t)table_3_7[r].len; k++)
				if (s[i + k] < table_3_7[r].lo[k] ||
				    s[i + k] > table_3_7[r].hi[k])
					match = false;
			if (match)
				break;
		}
		if (!match)
			return i;
		i += table_3_7[r].len;
	}
	return n;
}

/**
 * ref_check() - SPEC 2, literally
 * @p: the policy.
 * @s: the name.
 * @n: its length.
 * @offset: set to where the name fails.
 *
 * Each of the four rules fails at its own first offset, or not at all; the
 * name fails at the smallest of them, and at one offset the rules count in
 * the order initial, middle, final, utf8.
 *
 * Return: the rule that fails, or %SAFENAME_RULE_PASS.
 */
static enum safename_rule ref_check(const struct ref_policy *p, const u8 *s,
				    size_t n, size_t *offset)
{
	size_t at[SAFENAME_RULE_MAX + 1], i, best;
	enum safename_rule r, rule = SAFENAME_RULE_PASS;

	if (!n)
		return SAFENAME_RULE_PASS;
	for (r = SAFENAME_RULE_INITIAL; r <= SAFENAME_RULE_MAX; r++)
		at[r] = SIZE_MAX;
	if (!p->set[0][s[0]])
		at[SAFENAME_RULE_INITIAL] = 0;
	for (i = 1; i + 1 < n; i++) {
		if (!p->set[1][s[i]]) {
			at[SAFENAME_RULE_MIDDLE] = i;
			break;
		}
	}
	if (!p->set[2][s[n - 1]])
		at[SAFENAME_RULE_FINAL] = n - 1;
	if (p->utf8 && ref_utf8(s, n) < n)
		at[SAFENAME_RULE_UTF8] = ref_utf8(s, n);

	best = SIZE_MAX;
	for (r = SAFENAME_RULE_INITIAL; r <= SAFENAME_RULE_MAX; r++) {
		if (at[r] < best) {
			best = at[r];
			rule = r;
		}
	}
	if (rule != SAFENAME_RULE_PASS)
		*offset = best;
	return rule;
}

/**
 * struct input - a cursor over the fuzz input
 * @data: the bytes.
 * @size: their number.
 * @pos: the next one.
 */
struct input {
	const u8 *data;
	size_t size;
	size_t pos;
};

/**
 * next() - the next input byte, or 0 past the end
 * @in: the input.
 *
 * Return: the byte.
 */
static u8 next(struct input *in)
{
	return in->pos < in->size ? in->data[in->pos++] : 0;
}

/**
 * make_set() - decode one set of the policy
 * @in: the input.
 * @mode: how it starts (see the top of the file).
 * @knob: 0 initial, 1 middle, 2 final: which default.
 * @set: the set, as a bool array.
 */
static void make_set(struct input *in, int mode, int knob, bool set[256])
{
	/* SPEC 2, the table of defaults: ranges, ended by { -1, -1 } */
	static const int defaults[3][4][2] = {
		{ { 33, 44 }, { 46, 125 }, { 128, 254 }, { -1, -1 } },
		{ { 32, 126 }, { 128, 254 }, { -1, -1 } },
		{ { 33, 126 }, { 128, 254 }, { -1, -1 } },
	};
	int b, r, k;
	u8 byte = 0;

	for (b = 0; b < 256; b++) {
		switch (mode) {
		case 0:
			set[b] = false;
			for (r = 0; defaults[knob][r][0] >= 0; r++)
				if (b >= defaults[knob][r][0] &&
				    b <= defaults[knob][r][1])
					set[b] = true;
			break;
		case 1:
			set[b] = true;
			break;
		case 2:
			set[b] = false;
			break;
		default:
			if (b % 8 == 0)
				byte = next(in);
			set[b] = (byte >> (b % 8)) & 1;
			break;
		}
	}
	for (k = next(in) % 8; k > 0; k--) {
		b = next(in);
		set[b] = !set[b];
	}
}

/**
 * to_byteset() - a bool array as a byte set, built bit by bit
 * @set: the array.
 * @out: the byte set.
 */
static void to_byteset(const bool set[256], struct safename_byteset *out)
{
	int b;

	memset(out, 0, sizeof(*out));
	for (b = 0; b < 256; b++)
		if (set[b])
			out->bits[b / 64] |= 1ULL << (b % 64);
}

/**
 * fuzz_one_input() - one input of the fuzzer
 * @data: the policy and the name (see the top of the file).
 * @size: its length.
 *
 * Return: 0.
 */
int fuzz_one_input(const u8 *data, size_t size)
{
	struct input in = { data, size, 0 };
	struct safename_rules rules;
	struct ref_policy p;
	enum safename_rule got, want, why;
	size_t n, off = SIZE_MAX, want_off = SIZE_MAX, why_off = SIZE_MAX;
	u8 flags = next(&in), *name;
	int i;

	p.utf8 = flags & 1;
	for (i = 0; i < 3; i++)
		make_set(&in, (flags >> (1 + 2 * i)) & 3, i, p.set[i]);

	/* the name in a block of its own size, for ASan */
	n = in.size - in.pos;
	name = malloc(n ? n : 1);
	if (!name)
		abort();
	memcpy(name, data + in.pos, n);

	memset(&rules, 0x5a, sizeof(rules));
	to_byteset(p.set[0], &rules.initial);
	to_byteset(p.set[1], &rules.middle);
	to_byteset(p.set[2], &rules.final);
	rules.utf8 = p.utf8;
	safename_rules_prepare(&rules);

	want = ref_check(&p, name, n, &want_off);
	got = safename_check(&rules, name, n, &off);
	why = safename_explain(&rules, name, n, &why_off);
	if (got != want || off != want_off)
		fuzz_fail("check: rule %d offset %zu, want rule %d offset %zu (len %zu, utf8 %d)",
			  got, off, want, want_off, n, p.utf8);
	if (why != want || why_off != want_off)
		fuzz_fail("explain: rule %d offset %zu, want rule %d offset %zu (len %zu, utf8 %d)",
			  why, why_off, want, want_off, n, p.utf8);
	free(name);
	return 0;
}
