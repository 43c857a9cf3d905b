// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the byte-set parser and formatter of security/safename/rule.c
 *
 * Checks, for any input text:
 *   - safename_byteset_parse() accepts exactly the grammar of SPEC 4, as told
 *     by ref_parse() below, and yields the same set; on error the set it was
 *     given is untouched;
 *   - safename_byteset_format() writes the canonical text of SPEC 4, as
 *     ref_format() below writes it, within SAFENAME_BYTESET_TEXT_MAX;
 *   - parse(format(parse(x))) == parse(x) for every accepted x.
 * The first 32 bytes of the input, read as a bitmap, also give a set to
 * format and parse back, so every set can be reached.
 *
 * The reference code is written from SPEC 4 alone, in another shape than the
 * kernel's: it splits the text on commas, then each element on its dash.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rule.h"
#include "fuzz.h"

/**
 * ref_value() - the value of one decimal number of SPEC 4
 * @s: its text.
 * @n: its length.
 *
 * Return: the value 0..255, or -1 when @s is not one or more digits or
 * the value is above 255.  Leading zeros are digits like any other.
 */
static int ref_value(const char *s, size_t n)
{
	size_t i;
	int v = 0;

	if (!n)
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		if (v <= 255)
			v = v * 10 + (s[i] - '0');
	}
	return v <= 255 ? v : -1;
}

/**
 * ref_element() - add one element "n" or "a-b" of SPEC 4 to a set
 * @s: its text.
 * @n: its length.
 * @set: the set, one bool per value.
 *
 * Return: true when the element is well-formed.
 */
static bool ref_element(const char *s, size_t n, bool set[256])
{
	const char *dash = memchr(s, '-', n);
	int lo, hi, v;

	if (!dash) {
		lo = ref_value(s, n);
		hi = lo;
	} else {
		lo = ref_value(s, dash - s);
		hi = ref_value(dash + 1, n - (dash - s) - 1);
	}
	if (lo < 0 || hi < 0 || lo > hi)
		return false;
	for (v = lo; v <= hi; v++)
		set[v] = true;
	return true;
}

/**
 * ref_parse() - parse a byte set as SPEC 4 says
 * @s: the text.
 * @n: its length.
 * @set: the set, one bool per value.
 *
 * Comma-separated elements, one optional trailing newline; empty text (or a
 * lone newline) is the empty set; an empty element is an error.
 *
 * Return: true when @s is well-formed.
 */
static bool ref_parse(const char *s, size_t n, bool set[256])
{
	const char *comma;

	memset(set, 0, 256 * sizeof(bool));
	if (n && s[n - 1] == '\n')
		n--;
	if (!n)
		return true;
	for (;;) {
		comma = memchr(s, ',', n);
		if (!comma)
			return ref_element(s, n, set);
		if (!ref_element(s, comma - s, set))
			return false;
		n -= comma - s + 1;
		s = comma + 1;
	}
}

/**
 * ref_format() - the canonical text of SPEC 4
 * @set: the set, one bool per value.
 * @buf: where to write, with room for 1024 bytes.
 *
 * Ascending runs of adjacent values: "n" for a run of one, "a-b" for a
 * longer run, separated by commas, then a newline.
 */
static void ref_format(const bool set[256], char *buf)
{
	size_t n = 0;
	int a, b;

	for (a = 0; a < 256; a = b + 1) {
		if (!set[a]) {
			b = a;
			continue;
		}
		for (b = a; b + 1 < 256 && set[b + 1]; b++)
			;
		n += sprintf(buf + n, "%s%d", n ? "," : "", a);
		if (b > a)
			n += sprintf(buf + n, "-%d", b);
	}
	sprintf(buf + n, "\n");
}

/**
 * same_set() - does a byte set hold exactly the values of a bool array?
 * @set: the byte set.
 * @ref: the array.
 *
 * Return: true when they agree on all 256 values.
 */
static bool same_set(const struct safename_byteset *set, const bool ref[256])
{
	int b;

	for (b = 0; b < 256; b++)
		if (!!((set->bits[b / 64] >> (b % 64)) & 1) != ref[b])
			return false;
	return true;
}

/**
 * check_format() - format a set, compare with the reference, parse it back
 * @set: the set.
 * @ref: the same set as a bool array.
 */
static void check_format(const struct safename_byteset *set,
			 const bool ref[256])
{
	char buf[SAFENAME_BYTESET_TEXT_MAX + 64], want[1024];
	struct safename_byteset back;
	bool again[256];
	size_t n, i;

	memset(buf, 'X', sizeof(buf));
	n = safename_byteset_format(set, buf);
	ref_format(ref, want);
	if (n >= SAFENAME_BYTESET_TEXT_MAX || buf[n] || strlen(buf) != n)
		fuzz_fail("format: length %zu out of bounds", n);
	for (i = n + 1; i < sizeof(buf); i++)
		if (buf[i] != 'X')
			fuzz_fail("format: wrote past the NUL");
	if (strcmp(buf, want))
		fuzz_fail("format: \"%s\", want \"%s\"", buf, want);
	if (safename_byteset_parse(&back, buf, n) || !same_set(&back, ref))
		fuzz_fail("parse(format(set)) != set for \"%s\"", buf);
	if (safename_byteset_parse(&back, buf, n - 1) || !same_set(&back, ref))
		fuzz_fail("parse without the newline differs for \"%s\"", buf);
	if (!ref_parse(buf, n, again) || memcmp(again, ref, sizeof(again)))
		fuzz_fail("the reference rejects the canonical \"%s\"", buf);
}

/**
 * fuzz_one_input() - one input of the fuzzer
 * @data: the text to parse.
 * @size: its length.
 *
 * Return: 0.
 */
int fuzz_one_input(const u8 *data, size_t size)
{
	struct safename_byteset set, sentinel;
	bool ref[256], ok;
	char *text;
	size_t i;
	int ret;

	/* an exact copy, so that ASan sees any read past the end */
	text = malloc(size ? size : 1);
	if (!text)
		abort();
	memcpy(text, data, size);

	memset(&sentinel, 0xa5, sizeof(sentinel));
	set = sentinel;
	ret = safename_byteset_parse(&set, text, size);
	ok = ref_parse(text, size, ref);
	if (ret != 0 && ret != -EINVAL)
		fuzz_fail("parse returned %d", ret);
	if (!ret != ok)
		fuzz_fail("parse says %d, the grammar says %s", ret,
			  ok ? "valid" : "invalid");
	if (ret && memcmp(&set, &sentinel, sizeof(set)))
		fuzz_fail("a failed parse changed the set");
	if (!ret) {
		if (!same_set(&set, ref))
			fuzz_fail("parse gives another set than the grammar");
		check_format(&set, ref);
	}

	/* the input as a bitmap: any set at all */
	memset(&set, 0, sizeof(set));
	for (i = 0; i < 256; i++) {
		ref[i] = i / 8 < size && (data[i / 8] >> (i % 8)) & 1;
		if (ref[i])
			set.bits[i / 64] |= 1ULL << (i % 64);
	}
	check_format(&set, ref);

	free(text);
	return 0;
}
