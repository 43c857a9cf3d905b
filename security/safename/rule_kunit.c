// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the Safename rule: byte sets, UTF-8, verdicts and offsets.
 */

#include <kunit/test.h>
#include <linux/limits.h>
#include <linux/string.h>

#include "rule.h"

/* The default sets, written out from the 2016 proposal. */
static bool sn_default_initial(unsigned int b)
{
	return (b >= 33 && b <= 44) || (b >= 46 && b <= 125) ||
	       (b >= 128 && b <= 254);
}

static bool sn_default_middle(unsigned int b)
{
	return (b >= 32 && b <= 126) || (b >= 128 && b <= 254);
}

static bool sn_default_final(unsigned int b)
{
	return (b >= 33 && b <= 126) || (b >= 128 && b <= 254);
}

/* Rules that permit every byte everywhere, so that only UTF-8 can fail. */
static void sn_rules_all(struct safename_rules *rules, bool utf8)
{
	*rules = (struct safename_rules) { .utf8 = utf8 };
	safename_byteset_fill(&rules->initial, 0, 255);
	safename_byteset_fill(&rules->middle, 0, 255);
	safename_byteset_fill(&rules->final, 0, 255);
	safename_rules_prepare(rules);
}

/* Rules that live as long as the test, off the small kernel stack. */
static struct safename_rules *sn_rules_new(struct kunit *test)
{
	struct safename_rules *rules;

	rules = kunit_kzalloc(test, sizeof(*rules), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rules);
	return rules;
}

/*
 * Check a name with the explanation and with the fast pass before it, and
 * expect @rule at @offset from both.
 */
static void sn_expect(struct kunit *test, const struct safename_rules *rules,
		      const void *name, size_t len,
		      enum safename_rule rule, size_t offset)
{
	size_t slow_off = SIZE_MAX;
	size_t fast_off = SIZE_MAX;
	enum safename_rule slow;
	enum safename_rule fast;

	slow = safename_explain(rules, name, len, &slow_off);
	KUNIT_EXPECT_EQ_MSG(test, slow, rule, "name %*phN", (int)len, name);
	if (rule != SAFENAME_RULE_PASS)
		KUNIT_EXPECT_EQ_MSG(test, slow_off, offset, "name %*phN",
				    (int)len, name);

	fast = safename_check(rules, name, len, &fast_off);
	KUNIT_EXPECT_EQ_MSG(test, fast, rule, "name %*phN", (int)len, name);
	if (rule != SAFENAME_RULE_PASS)
		KUNIT_EXPECT_EQ_MSG(test, fast_off, offset, "name %*phN",
				    (int)len, name);
}

/* Every byte value against each default set, at each place in a name. */
static void safename_test_default_bytes(struct kunit *test)
{
	struct safename_rules *rules = sn_rules_new(test);
	unsigned int b;

	safename_rules_default(rules);
	for (b = 0; b < 256; b++) {
		unsigned char one[] = { b };
		unsigned char first[] = { b, 'a' };
		unsigned char last[] = { 'a', b };
		unsigned char mid[] = { 'a', b, 'a' };
		bool i = sn_default_initial(b), m = sn_default_middle(b);
		bool f = sn_default_final(b);

		KUNIT_EXPECT_EQ(test, safename_byteset_test(&rules->initial, b), i);
		KUNIT_EXPECT_EQ(test, safename_byteset_test(&rules->middle, b), m);
		KUNIT_EXPECT_EQ(test, safename_byteset_test(&rules->final, b), f);

		sn_expect(test, rules, one, 1,
			  !i ? SAFENAME_RULE_INITIAL :
			  !f ? SAFENAME_RULE_FINAL : SAFENAME_RULE_PASS, 0);
		sn_expect(test, rules, first, 2,
			  i ? SAFENAME_RULE_PASS : SAFENAME_RULE_INITIAL, 0);
		sn_expect(test, rules, last, 2,
			  f ? SAFENAME_RULE_PASS : SAFENAME_RULE_FINAL, 1);
		sn_expect(test, rules, mid, 3,
			  m ? SAFENAME_RULE_PASS : SAFENAME_RULE_MIDDLE, 1);
	}
	KUNIT_EXPECT_FALSE(test, rules->utf8);
}

/* Names of 1, 2, 3 and 255 bytes, with a bad byte at every position. */
static void safename_test_lengths(struct kunit *test)
{
	static const size_t lengths[] = { 1, 2, 3, 255 };
	struct safename_rules *rules = sn_rules_new(test);
	unsigned char name[255];
	size_t i, len, pos;

	safename_rules_default(rules);
	for (i = 0; i < ARRAY_SIZE(lengths); i++) {
		len = lengths[i];
		memset(name, 'a', len);
		sn_expect(test, rules, name, len, SAFENAME_RULE_PASS, 0);
		for (pos = 0; pos < len; pos++) {
			enum safename_rule rule = pos == 0 ? SAFENAME_RULE_INITIAL :
				pos == len - 1 ? SAFENAME_RULE_FINAL :
				SAFENAME_RULE_MIDDLE;

			/* A control character fails every set. */
			name[pos] = '\n';
			sn_expect(test, rules, name, len, rule, pos);
			/* A space fails only at either end. */
			name[pos] = ' ';
			sn_expect(test, rules, name, len,
				  rule == SAFENAME_RULE_MIDDLE ?
				  SAFENAME_RULE_PASS : rule, pos);
			name[pos] = 'a';
		}
	}
}

/**
 * struct sn_order_case - a name failing one or more rules
 * @name: the name.
 * @len: its length.
 * @utf8: whether UTF-8 is checked.
 * @rule: the rule expected.
 * @offset: the offset expected.
 * @desc: what the case shows.
 */
struct sn_order_case {
	const char *name;
	size_t len;
	bool utf8;
	enum safename_rule rule;
	size_t offset;
	const char *desc;
};

#define SN_ORDER(_name, _utf8, _rule, _offset, _desc)			\
	{ .name = _name, .len = sizeof(_name) - 1, .utf8 = _utf8,	\
	  .rule = SAFENAME_RULE_##_rule, .offset = _offset, .desc = _desc }

static const struct sn_order_case sn_order_cases[] = {
	SN_ORDER("-", false, INITIAL, 0, "one byte, initial only"),
	SN_ORDER("\x01", false, INITIAL, 0, "one byte failing both: initial"),
	SN_ORDER(" ", false, INITIAL, 0, "a lone space: initial"),
	SN_ORDER("~", false, INITIAL, 0, "a lone tilde"),
	SN_ORDER("a ", false, FINAL, 1, "trailing space"),
	SN_ORDER("-a\x01 ", false, INITIAL, 0, "initial before middle"),
	SN_ORDER("a\x01\x7f ", false, MIDDLE, 1, "middle before final"),
	SN_ORDER("ab\x7f", false, FINAL, 2, "final"),
	SN_ORDER("a\x80", false, PASS, 0, "bytes 128..254 pass without utf8"),
	SN_ORDER("a\x80", true, UTF8, 1, "stray continuation at the end"),
	SN_ORDER("\xff", true, INITIAL, 0, "FF fails initial before utf8"),
	SN_ORDER("a\xff", true, FINAL, 1, "FF fails final before utf8"),
	SN_ORDER("\xc3", true, UTF8, 0, "truncated lead, one byte"),
	SN_ORDER("a\xe2\x01\x62", true, UTF8, 1,
		 "utf8 at 1 comes before middle at 2"),
	SN_ORDER("a\x01\xe2", true, MIDDLE, 1,
		 "middle at 1 comes before utf8 at 2"),
	SN_ORDER("ab\xe2\x82 ", true, UTF8, 2, "utf8 at 2 before final at 4"),
	SN_ORDER("\xc3\xa9t\xc3\xa9", true, PASS, 0, "valid accents"),
	SN_ORDER("-\xc0\x80", true, INITIAL, 0, "initial before utf8 at 1"),
};

static void sn_order_desc(const struct sn_order_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(sn_order, sn_order_cases, sn_order_desc);

/* Which rule and offset is reported when several rules fail. */
static void safename_test_order(struct kunit *test)
{
	const struct sn_order_case *c = test->param_value;
	struct safename_rules *rules = sn_rules_new(test);

	safename_rules_default(rules);
	rules->utf8 = c->utf8;
	safename_rules_prepare(rules);
	sn_expect(test, rules, (const unsigned char *)c->name, c->len,
		  c->rule, c->offset);
}

/* At one offset, a byte rule is named before utf8. */
static void safename_test_order_tie(struct kunit *test)
{
	struct safename_rules *rules = sn_rules_new(test);

	sn_rules_all(rules, true);
	/* C0 can never be in UTF-8; take it out of the middle set too. */
	rules->middle.bits[0xc0 >> 6] &= ~(1ULL << (0xc0 & 63));
	safename_rules_prepare(rules);
	sn_expect(test, rules, "a\xc0\x80\x62", 4, SAFENAME_RULE_MIDDLE, 1);

	sn_rules_all(rules, true);
	rules->initial.bits[0xc0 >> 6] &= ~(1ULL << (0xc0 & 63));
	safename_rules_prepare(rules);
	sn_expect(test, rules, "\xc0\x80", 2, SAFENAME_RULE_INITIAL, 0);

	sn_rules_all(rules, true);
	rules->final.bits[0xe2 >> 6] &= ~(1ULL << (0xe2 & 63));
	safename_rules_prepare(rules);
	sn_expect(test, rules, "ab\xe2", 3, SAFENAME_RULE_FINAL, 2);
}

/**
 * struct sn_utf8_case - a byte string and where it stops being UTF-8
 * @s: the bytes.
 * @len: their number.
 * @offset: where the first ill-formed sequence starts, or @len if none; as
 *          Python's bytes.decode("utf-8") reports it.
 * @desc: what the case shows.
 */
struct sn_utf8_case {
	const char *s;
	size_t len;
	size_t offset;
	const char *desc;
};

#define SN_UTF8(_s, _offset, _desc)					\
	{ .s = _s, .len = sizeof(_s) - 1, .offset = _offset, .desc = _desc }

/* Every boundary of Unicode Table 3-7. */
static const struct sn_utf8_case sn_utf8_cases[] = {
	SN_UTF8("plain", 5, "ASCII"),
	SN_UTF8("\x7f", 1, "DEL is one-byte UTF-8"),
	SN_UTF8("\xc2\x80", 2, "U+0080, smallest two-byte"),
	SN_UTF8("\xdf\xbf", 2, "U+07FF, largest two-byte"),
	SN_UTF8("\xe0\xa0\x80", 3, "U+0800, smallest three-byte"),
	SN_UTF8("\xed\x9f\xbf", 3, "U+D7FF, below the surrogates"),
	SN_UTF8("\xee\x80\x80", 3, "U+E000, above the surrogates"),
	SN_UTF8("\xef\xbf\xbd", 3, "U+FFFD"),
	SN_UTF8("\xef\xbf\xbe", 3, "U+FFFE, a noncharacter"),
	SN_UTF8("\xef\xbf\xbf", 3, "U+FFFF, a noncharacter"),
	SN_UTF8("\xef\xb7\x90", 3, "U+FDD0, a noncharacter"),
	SN_UTF8("\xf0\x90\x80\x80", 4, "U+10000, smallest four-byte"),
	SN_UTF8("\xf0\x9f\xbf\xbe", 4, "U+1FFFE, a noncharacter"),
	SN_UTF8("\xf4\x8f\xbf\xbf", 4, "U+10FFFF, the largest code point"),
	SN_UTF8("\xf3\xbf\xbf\xbf", 4, "U+FFFFF"),
	SN_UTF8("\x63\x61\x66\xc3\xa9", 5, "cafe with an acute accent"),
	SN_UTF8("\xe6\x97\xa5\xe6\x9c\xac", 6, "two CJK characters"),
	SN_UTF8("\x80", 0, "stray continuation 80"),
	SN_UTF8("\xbf", 0, "stray continuation BF"),
	SN_UTF8("\x61\x80\x62", 1, "stray continuation in the middle"),
	SN_UTF8("\xc2\x80\x80", 2, "one continuation too many"),
	SN_UTF8("\xc0\x80", 0, "overlong NUL, C0"),
	SN_UTF8("\xc1\xbf", 0, "overlong two-byte, C1"),
	SN_UTF8("\xe0\x80\x80", 0, "overlong three-byte NUL"),
	SN_UTF8("\xe0\x9f\xbf", 0, "overlong U+07FF"),
	SN_UTF8("\xf0\x80\x80\x80", 0, "overlong four-byte NUL"),
	SN_UTF8("\xf0\x8f\xbf\xbf", 0, "overlong U+FFFF"),
	SN_UTF8("\xed\xa0\x80", 0, "surrogate U+D800"),
	SN_UTF8("\xed\xbf\xbf", 0, "surrogate U+DFFF"),
	SN_UTF8("\xed\xa0\x80\xed\xb0\x80", 0, "surrogate pair"),
	SN_UTF8("\xf4\x90\x80\x80", 0, "U+110000"),
	SN_UTF8("\xf5\x80\x80\x80", 0, "F5 lead"),
	SN_UTF8("\xf7\xbf\xbf\xbf", 0, "F7 lead"),
	SN_UTF8("\xf8\x88\x80\x80\x80", 0, "five-byte form"),
	SN_UTF8("\xfc\x84\x80\x80\x80\x80", 0, "six-byte form"),
	SN_UTF8("\xfe", 0, "FE"),
	SN_UTF8("\xff", 0, "FF"),
	SN_UTF8("\xc2", 0, "two-byte truncated after 1"),
	SN_UTF8("\xe2\x82", 0, "three-byte truncated after 2"),
	SN_UTF8("\xe2", 0, "three-byte truncated after 1"),
	SN_UTF8("\xf0\x9f\x98", 0, "four-byte truncated after 3"),
	SN_UTF8("\xf0\x9f", 0, "four-byte truncated after 2"),
	SN_UTF8("\xf0", 0, "four-byte truncated after 1"),
	SN_UTF8("\x61\x62\xe2\x82", 2, "truncated at the end after ASCII"),
	SN_UTF8("\xc2\x41", 0, "two-byte lead then ASCII"),
	SN_UTF8("\xe2\x82\x41", 0, "three-byte, ASCII in third place"),
	SN_UTF8("\xf0\x9f\x98\x41", 0, "four-byte, ASCII in fourth place"),
	SN_UTF8("\xe2\xc2\x80", 0, "lead byte where a continuation belongs"),
	SN_UTF8("\x6f\x6b\xc3\xa9\xff", 4, "valid then FF"),
	SN_UTF8("\xc3\xa9\xe0\xa0", 2, "valid then truncated E0"),
};

static void sn_utf8_desc(const struct sn_utf8_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(sn_utf8, sn_utf8_cases, sn_utf8_desc);

/* Well-formed and ill-formed sequences, and the offset reported. */
static void safename_test_utf8(struct kunit *test)
{
	const struct sn_utf8_case *c = test->param_value;
	const unsigned char *s = (const unsigned char *)c->s;
	struct safename_rules *rules = sn_rules_new(test);

	KUNIT_EXPECT_EQ(test, safename_utf8_check(s, c->len), c->offset);

	sn_rules_all(rules, true);
	sn_expect(test, rules, s, c->len,
		  c->offset == c->len ? SAFENAME_RULE_PASS : SAFENAME_RULE_UTF8,
		  c->offset);

	/* Without utf8, only the byte sets count. */
	sn_rules_all(rules, false);
	sn_expect(test, rules, s, c->len, SAFENAME_RULE_PASS, 0);
}

/*
 * The oracle of safename_test_utf8_long(), from the code point rather than
 * from Table 3-7: @len when @s is exactly one well-formed character of
 * three or four bytes, else 0, where safename_utf8_check() finds the
 * ill-formed sequence.  @s[0] is a lead byte of E0..F4.
 */
static size_t sn_utf8_oracle(const unsigned char *s, size_t len)
{
	size_t need = s[0] >= 0xf0 ? 4 : 3;
	u32 cp = s[0] & (need == 4 ? 0x07 : 0x0f);
	size_t i;

	if (len != need)
		return 0;
	for (i = 1; i < need; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < (need == 4 ? 0x10000 : 0x800) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

/*
 * Three- and four-byte strings: every lead of E0..F4, every second byte,
 * boundary values after them; the decoder and the whole rule (every byte
 * permitted, utf8 on) against the oracle.
 */
static void safename_test_utf8_long(struct kunit *test)
{
	static const u8 tail[] = {
		0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0,
		0xc2, 0xff,
	};
	struct safename_rules *rules = sn_rules_new(test);
	unsigned long mismatches = 0;
	unsigned char s[4];
	unsigned int a, b, i, j;
	size_t len, want, off;

	sn_rules_all(rules, true);
	for (a = 0xe0; a <= 0xf4; a++) {
		for (b = 0; b < 256; b++) {
			for (i = 0; i < ARRAY_SIZE(tail); i++) {
				for (j = 0; j < ARRAY_SIZE(tail); j++) {
					s[0] = a;
					s[1] = b;
					s[2] = tail[i];
					s[3] = tail[j];
					len = a >= 0xf0 ? 4 : 3;
					want = sn_utf8_oracle(s, len);
					off = SIZE_MAX;
					if (safename_utf8_check(s, len) != want ||
					    safename_explain(rules, s, len, &off) !=
					    (want ? SAFENAME_RULE_PASS :
						    SAFENAME_RULE_UTF8) ||
					    off != (want ? SIZE_MAX : 0)) {
						mismatches++;
						kunit_info(test, "bytes %*phN\n",
							   (int)len, s);
					}
					/* A lead of F0..F4, cut short. */
					if (a >= 0xf0 &&
					    safename_utf8_check(s, 3) != 0)
						mismatches++;
					if (len == 3)
						break;
				}
			}
		}
	}
	KUNIT_EXPECT_EQ(test, mismatches, 0);
}

/* The plain decoder on every two-byte string, from Table 3-7. */
static void safename_test_utf8_decoder(struct kunit *test)
{
	unsigned char s[2];
	unsigned int a, b;

	for (a = 0; a < 256; a++) {
		for (b = 0; b < 256; b++) {
			size_t want;

			s[0] = a;
			s[1] = b;
			if (a < 0x80)
				want = b < 0x80 ? 2 : 1;
			else if (a >= 0xc2 && a <= 0xdf && b >= 0x80 && b <= 0xbf)
				want = 2;
			else
				want = 0;
			KUNIT_EXPECT_EQ_MSG(test, safename_utf8_check(s, 2), want,
					    "bytes %02x %02x", a, b);
		}
	}
}

/*
 * Lengths for safename_test_printable(): every length the short path
 * takes and a little more, then each side of every boundary of the long
 * path (blocks of 32 bytes from the start, then the last 32 bytes), up to
 * NAME_MAX.
 */
static const size_t sn_printable_lengths[] = {
	1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
	21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38,
	39, 40, 48, 63, 64, 65, 95, 96, 97, 127, 128, 129, 159, 160, 161, 191,
	192, 193, 223, 224, 225, 254, 255,
};

/*
 * Whether a name of 'a's with byte @b at @pos passes @rules, from the
 * byte sets alone: the oracle of safename_test_printable().
 */
static bool sn_one_byte_passes(const struct safename_rules *rules,
			       size_t len, size_t pos, u8 b)
{
	if (pos == 0 && !safename_byteset_test(&rules->initial, b))
		return false;
	if (pos == len - 1 && !safename_byteset_test(&rules->final, b))
		return false;
	if (pos && pos < len - 1 && !safename_byteset_test(&rules->middle, b))
		return false;
	return true;
}

/*
 * safename_printable() says yes exactly for the names of printable ASCII
 * that pass, and only when the middle set holds all of printable ASCII:
 * each length of sn_printable_lengths, each byte value at each position,
 * among 'a's, which every set of the three policies holds.  The name lies
 * between guard bytes of 0x01, which no fast pass accepts, so that a read
 * before or after it shows as a mismatch.
 */
static void safename_test_printable(struct kunit *test)
{
	struct safename_rules *policies;
	unsigned long mismatches = 0;
	unsigned char buf[32 + NAME_MAX + 32];
	unsigned char *name = buf + 32;
	size_t l, len, pos, p;
	unsigned int b;
	bool expect;

	policies = kunit_kcalloc(test, 3, sizeof(*policies), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, policies);
	safename_rules_default(&policies[0]);
	safename_rules_default(&policies[1]);
	policies[1].utf8 = true;
	safename_rules_prepare(&policies[1]);
	safename_rules_default(&policies[2]);
	policies[2].middle.bits[0] &= ~(1ULL << ':');
	safename_rules_prepare(&policies[2]);

	for (l = 0; l < ARRAY_SIZE(sn_printable_lengths); l++) {
		len = sn_printable_lengths[l];
		memset(buf, 0x01, sizeof(buf));
		memset(name, 'a', len);
		for (pos = 0; pos < len; pos++) {
			for (b = 0; b < 256; b++) {
				name[pos] = b;
				for (p = 0; p < 3; p++) {
					expect = b >= 0x20 && b <= 0x7e &&
						 policies[p].middle_printable &&
						 sn_one_byte_passes(&policies[p],
								    len, pos, b);
					if (safename_printable(&policies[p],
							       name, len) !=
					    expect) {
						mismatches++;
						kunit_info(test, "policy %zu length %zu byte %u at %zu\n",
							   p, len, b, pos);
					}
				}
			}
			name[pos] = 'a';
		}
	}
	KUNIT_EXPECT_EQ(test, mismatches, 0);
	KUNIT_EXPECT_FALSE(test, safename_printable(&policies[0], name, 0));
	memset(name, 'a', NAME_MAX);
	KUNIT_EXPECT_TRUE(test, safename_printable(&policies[0], name,
						   NAME_MAX));
	KUNIT_EXPECT_FALSE(test, safename_printable(&policies[2], name,
						    NAME_MAX));
}

/*
 * The oracle of safename_test_words(): what a name of 'a's, maybe with a
 * two-byte character before @pos, gets with byte @b at the middle
 * position @pos.  Both bytes of the character are in every middle set the
 * test uses, and a byte after @pos is an 'a', so that @b is well-formed
 * UTF-8 there exactly when it is ASCII.
 */
static enum safename_rule sn_words_oracle(const struct safename_rules *rules,
					  u8 b)
{
	if (!safename_byteset_test(&rules->middle, b))
		return SAFENAME_RULE_MIDDLE;
	if (rules->utf8 && b >= 0x80)
		return SAFENAME_RULE_UTF8;
	return SAFENAME_RULE_PASS;
}

/*
 * The word-at-a-time fast pass and the rule after it: names of 3 to 40
 * bytes, every byte value at every middle position, alone or after a
 * two-byte character, with and without UTF-8, and with a middle set that
 * turns the fast pass off, against sn_words_oracle().
 */
static void safename_test_words(struct kunit *test)
{
	struct safename_rules *policies;
	enum safename_rule want;
	unsigned char name[40];
	size_t len, pos, p;
	unsigned int b;

	policies = kunit_kcalloc(test, 3, sizeof(*policies), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, policies);
	safename_rules_default(&policies[0]);
	safename_rules_default(&policies[1]);
	policies[1].utf8 = true;
	safename_rules_prepare(&policies[1]);
	KUNIT_EXPECT_TRUE(test, policies[1].middle_printable);
	sn_rules_all(&policies[2], true);
	policies[2].middle.bits[0] &= ~(1ULL << '!');
	safename_rules_prepare(&policies[2]);
	KUNIT_EXPECT_FALSE(test, policies[2].middle_printable);

	for (len = 3; len <= sizeof(name); len++) {
		for (pos = 1; pos + 1 < len; pos++) {
			for (b = 0; b < 256; b++) {
				memset(name, 'a', len);
				name[pos] = b;
				for (p = 0; p < 3; p++) {
					want = sn_words_oracle(&policies[p], b);
					sn_expect(test, &policies[p], name, len,
						  want, pos);
				}
				if (pos < 3)
					continue;
				name[pos - 2] = 0xc3;
				name[pos - 1] = 0xa9;
				for (p = 0; p < 3; p++) {
					want = sn_words_oracle(&policies[p], b);
					sn_expect(test, &policies[p], name, len,
						  want, pos);
				}
			}
		}
	}

	/* A long valid name passes through the words, a bad byte does not. */
	memset(name, 'a', sizeof(name));
	sn_expect(test, &policies[1], name, sizeof(name), SAFENAME_RULE_PASS, 0);
	name[33] = '\t';
	sn_expect(test, &policies[1], name, sizeof(name),
		  SAFENAME_RULE_MIDDLE, 33);
	name[33] = 0xc3;
	sn_expect(test, &policies[1], name, sizeof(name), SAFENAME_RULE_UTF8,
		  33);
	name[34] = 0xa9;
	sn_expect(test, &policies[1], name, sizeof(name), SAFENAME_RULE_PASS, 0);
}

/**
 * struct sn_set_case - a byte set text and its canonical form
 * @text: the text written.
 * @len: its length.
 * @canonical: the text read back, or NULL when @text is invalid.
 */
struct sn_set_case {
	const char *text;
	size_t len;
	const char *canonical;
};

#define SN_SET(_text, _canonical)					\
	{ .text = _text, .len = sizeof(_text) - 1, .canonical = _canonical }

static const struct sn_set_case sn_set_cases[] = {
	SN_SET("", "\n"),
	SN_SET("\n", "\n"),
	SN_SET("0", "0\n"),
	SN_SET("255\n", "255\n"),
	SN_SET("0-255", "0-255\n"),
	SN_SET("7-7", "7\n"),
	SN_SET("1,2", "1-2\n"),
	SN_SET("3,1,2", "1-3\n"),
	SN_SET("1,3", "1,3\n"),
	SN_SET("10-20,15-30,5", "5,10-30\n"),
	SN_SET("200-210,0-5,6-9", "0-9,200-210\n"),
	SN_SET("33-44,46-125,128-254", "33-44,46-125,128-254\n"),
	SN_SET("1,1,1", "1\n"),
	SN_SET("007,0255", "7,255\n"),
	SN_SET("254,255,0", "0,254-255\n"),
	SN_SET("256", NULL),
	SN_SET("1-256", NULL),
	SN_SET("99999999999999999999", NULL),
	SN_SET("5-3", NULL),
	SN_SET("1,,2", NULL),
	SN_SET(",1", NULL),
	SN_SET("1,", NULL),
	SN_SET(",", NULL),
	SN_SET("1-", NULL),
	SN_SET("-1", NULL),
	SN_SET("1-2-3", NULL),
	SN_SET(" 1", NULL),
	SN_SET("1 ", NULL),
	SN_SET("1, 2", NULL),
	SN_SET("1\n\n", NULL),
	SN_SET("\n1", NULL),
	SN_SET("1\n2", NULL),
	SN_SET("\n\n", NULL),
	SN_SET("1\0", NULL),
	SN_SET("1\0002", NULL),
	SN_SET("\0", NULL),
	SN_SET("a", NULL),
	SN_SET("0x10", NULL),
	SN_SET("+1", NULL),
	SN_SET("1;2", NULL),
	SN_SET("1\r\n", NULL),
	SN_SET("1\t", NULL),
};

static void sn_set_desc(const struct sn_set_case *c, char *desc)
{
	size_t i, n = 0;

	/* Describe the text with its control characters escaped. */
	for (i = 0; i < c->len && n + 5 < KUNIT_PARAM_DESC_SIZE; i++) {
		if (c->text[i] >= 0x21 && c->text[i] <= 0x7e)
			desc[n++] = c->text[i];
		else
			n += scnprintf(desc + n, KUNIT_PARAM_DESC_SIZE - n,
				       "\\x%02x", (u8)c->text[i]);
	}
	scnprintf(desc + n, KUNIT_PARAM_DESC_SIZE - n, "%s",
		  c->canonical ? "" : " (invalid)");
}

KUNIT_ARRAY_PARAM(sn_set, sn_set_cases, sn_set_desc);

/* Every valid and invalid form of SPEC 4, and the canonical read-back. */
static void safename_test_byteset_parse(struct kunit *test)
{
	const struct sn_set_case *c = test->param_value;
	struct safename_byteset set, again;
	char text[SAFENAME_BYTESET_TEXT_MAX];
	int err;

	memset(&set, 0x5a, sizeof(set));
	err = safename_byteset_parse(&set, c->text, c->len);
	if (!c->canonical) {
		KUNIT_EXPECT_EQ(test, err, -EINVAL);
		/* Untouched on error. */
		KUNIT_EXPECT_EQ(test, set.bits[0], 0x5a5a5a5a5a5a5a5aULL);
		KUNIT_EXPECT_EQ(test, set.bits[3], 0x5a5a5a5a5a5a5a5aULL);
		return;
	}
	KUNIT_ASSERT_EQ(test, err, 0);
	KUNIT_EXPECT_EQ(test, safename_byteset_format(&set, text),
			strlen(c->canonical));
	KUNIT_EXPECT_STREQ(test, text, c->canonical);

	KUNIT_ASSERT_EQ(test, safename_byteset_parse(&again, text,
						     strlen(text)), 0);
	KUNIT_EXPECT_EQ(test, memcmp(&set, &again, sizeof(set)), 0);
}

/* Format @set, parse the text back, expect @set again; return the length. */
static size_t sn_roundtrip(struct kunit *test,
			   const struct safename_byteset *set)
{
	char text[SAFENAME_BYTESET_TEXT_MAX];
	struct safename_byteset again;
	size_t len;

	len = safename_byteset_format(set, text);
	KUNIT_EXPECT_LT(test, len, SAFENAME_BYTESET_TEXT_MAX);
	KUNIT_EXPECT_EQ(test, strlen(text), len);
	KUNIT_EXPECT_EQ(test, text[len - 1], '\n');
	KUNIT_EXPECT_EQ(test, safename_byteset_parse(&again, text, len), 0);
	KUNIT_EXPECT_EQ(test, memcmp(set, &again, sizeof(again)), 0);
	return len;
}

/*
 * parse(format(s)) == s for every periodic set of period up to 5, which
 * includes the longest canonical text.
 */
static void safename_test_byteset_roundtrip(struct kunit *test)
{
	char text[SAFENAME_BYTESET_TEXT_MAX];
	unsigned int period, phase, b, mask;
	struct safename_byteset set;
	struct safename_rules *rules = sn_rules_new(test);
	size_t longest = 0;

	for (period = 1; period <= 5; period++) {
		for (mask = 0; mask < 1U << period; mask++) {
			for (phase = 0; phase < period; phase++) {
				memset(&set, 0, sizeof(set));
				for (b = 0; b < 256; b++)
					if (mask & 1U << ((b + phase) % period))
						safename_byteset_fill(&set, b, b);
				longest = max(longest, sn_roundtrip(test, &set));
			}
		}
	}
	/* "0-1,3-4,...,252-253,255\n" is the longest text of all. */
	KUNIT_EXPECT_EQ(test, longest, 610);

	safename_rules_default(rules);
	safename_byteset_format(&rules->initial, text);
	KUNIT_EXPECT_STREQ(test, text, "33-44,46-125,128-254\n");
	safename_byteset_format(&rules->middle, text);
	KUNIT_EXPECT_STREQ(test, text, "32-126,128-254\n");
	safename_byteset_format(&rules->final, text);
	KUNIT_EXPECT_STREQ(test, text, "33-126,128-254\n");
}

/* Names and commands as they appear in the log line. */
static void safename_test_encode(struct kunit *test)
{
	char out[SAFENAME_ENCODED_MAX(8) + 1];

	safename_encode(out, "root", 4);
	KUNIT_EXPECT_STREQ(test, out, "\"root\"");
	safename_encode(out, "-root", 5);
	KUNIT_EXPECT_STREQ(test, out, "\"-root\"");
	safename_encode(out, "a b", 3);
	KUNIT_EXPECT_STREQ(test, out, "612062");
	safename_encode(out, "a\"b", 3);
	KUNIT_EXPECT_STREQ(test, out, "612262");
	safename_encode(out, "a\nb\x1b", 4);
	KUNIT_EXPECT_STREQ(test, out, "610A621B");
	safename_encode(out, "\xc3\xa9\x7f~!", 5);
	KUNIT_EXPECT_STREQ(test, out, "C3A97F7E21");
	KUNIT_EXPECT_EQ(test, safename_encode(out, "", 0), 2);
	KUNIT_EXPECT_STREQ(test, out, "\"\"");
	KUNIT_EXPECT_EQ(test, safename_encode(out, "\xff\xff\xff\xff\xff\xff\xff",
					      7), SAFENAME_ENCODED_MAX(7) - 2);
}

static void safename_test_rule_names(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, safename_rule_name(SAFENAME_RULE_INITIAL),
			   "initial");
	KUNIT_EXPECT_STREQ(test, safename_rule_name(SAFENAME_RULE_MIDDLE),
			   "middle");
	KUNIT_EXPECT_STREQ(test, safename_rule_name(SAFENAME_RULE_FINAL),
			   "final");
	KUNIT_EXPECT_STREQ(test, safename_rule_name(SAFENAME_RULE_UTF8),
			   "utf8");
}

static struct kunit_case safename_rule_test_cases[] = {
	KUNIT_CASE(safename_test_default_bytes),
	KUNIT_CASE(safename_test_lengths),
	KUNIT_CASE_PARAM(safename_test_order, sn_order_gen_params),
	KUNIT_CASE(safename_test_order_tie),
	KUNIT_CASE_PARAM(safename_test_utf8, sn_utf8_gen_params),
	KUNIT_CASE(safename_test_utf8_decoder),
	KUNIT_CASE(safename_test_utf8_long),
	KUNIT_CASE(safename_test_words),
	KUNIT_CASE(safename_test_printable),
	KUNIT_CASE_PARAM(safename_test_byteset_parse, sn_set_gen_params),
	KUNIT_CASE(safename_test_byteset_roundtrip),
	KUNIT_CASE(safename_test_encode),
	KUNIT_CASE(safename_test_rule_names),
	{ }
};

static struct kunit_suite safename_rule_test_suite = {
	.name = "safename_rule",
	.test_cases = safename_rule_test_cases,
};

kunit_test_suite(safename_rule_test_suite);
