// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the Safename knob files: the parsers of what is written to
 * a knob and of the safename.* boot parameters, and the checks a write goes
 * through before it is parsed.
 *
 * No case writes the live policy or reports anything: KUnit also runs at
 * boot in kernels that go on to be used, and a knob write's report would
 * use up the rate limit of the real ones.
 *
 * Included at the end of fs.c, whose functions are static.
 */

#include <kunit/test.h>

/* The knob named @name, which the test needs. */
static const struct safename_knob *sn_knob(struct kunit *test,
					   const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(safename_knobs); i++)
		if (!strcmp(safename_knob_name(&safename_knobs[i]), name))
			return &safename_knobs[i];
	KUNIT_FAIL_AND_ABORT(test, "no knob %s", name);
	return NULL;
}

/* Parses the C string @text as a write of strlen(@text) bytes. */
static int sn_parse(const struct safename_knob *knob, const char *text,
		    union safename_knob_value *value)
{
	return safename_knob_parse(knob, text, strlen(text), value);
}

/* Every mode from 0 to 3, with or without the trailing newline. */
static void safename_test_knob_mode_values(struct kunit *test)
{
	static const char * const names[] = {
		"mode_for_unprivileged", "mode_for_privileged",
	};
	union safename_knob_value value;
	char text[3];
	size_t i;
	u8 mode;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		const struct safename_knob *knob = sn_knob(test, names[i]);

		for (mode = 0; mode <= SAFENAME_MODE_MASK; mode++) {
			scnprintf(text, sizeof(text), "%u", mode);
			memset(&value, 0x5a, sizeof(value));
			KUNIT_EXPECT_EQ_MSG(test, sn_parse(knob, text, &value),
					    0, "%s %s", names[i], text);
			KUNIT_EXPECT_EQ(test, value.mode, mode);

			scnprintf(text, sizeof(text), "%u\n", mode);
			memset(&value, 0x5a, sizeof(value));
			KUNIT_EXPECT_EQ_MSG(test, sn_parse(knob, text, &value),
					    0, "%s %u\\n", names[i], mode);
			KUNIT_EXPECT_EQ(test, value.mode, mode);
		}
	}
}

/* Text that is not one digit from 0 to 3 and one optional newline. */
static const char * const sn_bad_modes[] = {
	"4", "4\n", "7", "9", "/", ":", "", "\n", "\n\n", "1 2", "1,2",
	"-1", "+1", " 1", "1 ", "1\t", "\t1", "1\n\n", "\n1", "01", "10",
	"00", "0x1", "a", "one", "1\r\n", "\r",
};

static void safename_test_knob_mode_rejects(struct kunit *test)
{
	const struct safename_knob *knob = sn_knob(test,
						   "mode_for_unprivileged");
	union safename_knob_value value;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sn_bad_modes); i++) {
		value.mode = 2;
		KUNIT_EXPECT_EQ_MSG(test, sn_parse(knob, sn_bad_modes[i], &value),
				    -EINVAL, "\"%s\"", sn_bad_modes[i]);
		KUNIT_EXPECT_EQ(test, value.mode, 2);
	}
	/* An embedded NUL is a stray character, before or after the digit. */
	KUNIT_EXPECT_EQ(test, safename_knob_parse(knob, "1\0", 2, &value),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, safename_knob_parse(knob, "\0001", 2, &value),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, safename_knob_parse(knob, "1\0\n", 3, &value),
			-EINVAL);
	/* The length counts, not the NUL: a write of "3" is one byte. */
	KUNIT_EXPECT_EQ(test, safename_knob_parse(knob, "31", 1, &value), 0);
	KUNIT_EXPECT_EQ(test, value.mode, 3);
	KUNIT_EXPECT_EQ(test, safename_knob_parse(knob, "3", 0, &value),
			-EINVAL);
}

/* A long write of digits is refused, not cut short. */
static void safename_test_knob_too_long(struct kunit *test)
{
	const struct safename_knob *knob = sn_knob(test, "mode_for_privileged");
	union safename_knob_value value;
	size_t len = SAFENAME_WRITE_MAX;
	char *buf;

	buf = kunit_kmalloc(test, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, '1', len);
	buf[len - 1] = '\n';
	KUNIT_EXPECT_EQ(test, safename_knob_parse(knob, buf, len, &value),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, safename_knob_parse(knob, buf, 3, &value),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, safename_knob_parse(knob, buf, 2, &value),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, safename_knob_parse(knob, buf, 1, &value), 0);
	KUNIT_EXPECT_EQ(test, value.mode, 1);
}

/* utf8 and locked take 0 or 1, nothing else. */
static void safename_test_knob_flags(struct kunit *test)
{
	static const char * const names[] = { "utf8", "locked" };
	static const char * const bad[] = {
		"2", "3", "", "\n", "y", "n", "yes", "true", "on", "-0", "-1",
		"01", "10", "1 ", " 1", "1\n\n", "0 1",
	};
	union safename_knob_value value;
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		const struct safename_knob *knob = sn_knob(test, names[i]);

		KUNIT_EXPECT_EQ(test, knob->type, SAFENAME_KNOB_FLAG);
		KUNIT_EXPECT_EQ(test, sn_parse(knob, "1", &value), 0);
		KUNIT_EXPECT_TRUE(test, value.flag);
		KUNIT_EXPECT_EQ(test, sn_parse(knob, "0", &value), 0);
		KUNIT_EXPECT_FALSE(test, value.flag);
		KUNIT_EXPECT_EQ(test, sn_parse(knob, "1\n", &value), 0);
		KUNIT_EXPECT_TRUE(test, value.flag);
		KUNIT_EXPECT_EQ(test, sn_parse(knob, "0\n", &value), 0);
		KUNIT_EXPECT_FALSE(test, value.flag);
		for (j = 0; j < ARRAY_SIZE(bad); j++)
			KUNIT_EXPECT_EQ_MSG(test, sn_parse(knob, bad[j], &value),
					    -EINVAL, "%s \"%s\"", names[i],
					    bad[j]);
	}
}

/* The byte set knobs take the byte set syntax, the empty set included. */
static void safename_test_knob_bytesets(struct kunit *test)
{
	static const char * const names[] = {
		"permitted_bytes_initial", "permitted_bytes_middle",
		"permitted_bytes_final",
	};
	union safename_knob_value value;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		const struct safename_knob *knob = sn_knob(test, names[i]);

		KUNIT_EXPECT_EQ(test, knob->type, SAFENAME_KNOB_BYTESET);
		KUNIT_ASSERT_EQ(test, sn_parse(knob, "200-255,97\n", &value), 0);
		KUNIT_EXPECT_TRUE(test, safename_byteset_test(&value.set, 97));
		KUNIT_EXPECT_FALSE(test, safename_byteset_test(&value.set, 98));
		KUNIT_EXPECT_FALSE(test, safename_byteset_test(&value.set, 199));
		KUNIT_EXPECT_TRUE(test, safename_byteset_test(&value.set, 200));
		KUNIT_EXPECT_TRUE(test, safename_byteset_test(&value.set, 255));

		KUNIT_ASSERT_EQ(test, sn_parse(knob, "\n", &value), 0);
		KUNIT_EXPECT_EQ(test, value.set.bits[0] | value.set.bits[1] |
				value.set.bits[2] | value.set.bits[3], 0);
		KUNIT_EXPECT_EQ(test, sn_parse(knob, "", &value), 0);

		KUNIT_EXPECT_EQ(test, sn_parse(knob, "1,,2", &value), -EINVAL);
		KUNIT_EXPECT_EQ(test, sn_parse(knob, "256", &value), -EINVAL);
		KUNIT_EXPECT_EQ(test, sn_parse(knob, "5-3", &value), -EINVAL);
		KUNIT_EXPECT_EQ(test, sn_parse(knob, "1 ", &value), -EINVAL);
		KUNIT_EXPECT_EQ(test, safename_knob_parse(knob, "1\0", 2,
							  &value), -EINVAL);
	}
}

/* A byte set as long as a write may be is parsed whole. */
static void safename_test_knob_byteset_longest(struct kunit *test)
{
	const struct safename_knob *knob = sn_knob(test,
						   "permitted_bytes_middle");
	union safename_knob_value value;
	size_t len = SAFENAME_WRITE_MAX, i;
	char *buf;

	buf = kunit_kmalloc(test, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	/* "7,7,...,7\n": 2047 elements then the newline. */
	for (i = 0; i < len; i += 2) {
		buf[i] = '7';
		buf[i + 1] = ',';
	}
	buf[len - 1] = '\n';
	KUNIT_ASSERT_EQ(test, safename_knob_parse(knob, buf, len, &value), 0);
	KUNIT_EXPECT_TRUE(test, safename_byteset_test(&value.set, 7));
	KUNIT_EXPECT_EQ(test, value.set.bits[0], 1ULL << 7);
	KUNIT_EXPECT_EQ(test, value.set.bits[1] | value.set.bits[2] |
			value.set.bits[3], 0);
	/* Without the newline it ends in an empty element. */
	buf[len - 1] = ',';
	KUNIT_EXPECT_EQ(test, safename_knob_parse(knob, buf, len, &value),
			-EINVAL);
}

/* stats cannot be written. */
static void safename_test_knob_stats(struct kunit *test)
{
	const struct safename_knob *knob = sn_knob(test, "stats");
	union safename_knob_value value;

	KUNIT_EXPECT_EQ(test, knob->attr.attr.mode, 0444);
	KUNIT_EXPECT_FALSE(test, safename_knob_writable(knob));
	KUNIT_EXPECT_EQ(test, sn_parse(knob, "0", &value), -EINVAL);
	KUNIT_EXPECT_EQ(test, sn_parse(knob, "", &value), -EINVAL);
}

/* Every knob's read text parses back to the same value. */
static void safename_test_knob_format_parse(struct kunit *test)
{
	union safename_knob_value value, again;
	char *text;
	size_t i, len;

	text = kunit_kmalloc(test, SAFENAME_BYTESET_TEXT_MAX, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	for (i = 0; i < ARRAY_SIZE(safename_knobs); i++) {
		const struct safename_knob *knob = &safename_knobs[i];

		if (knob->type == SAFENAME_KNOB_STATS)
			continue;
		memset(&value, 0, sizeof(value));
		switch (knob->type) {
		case SAFENAME_KNOB_MODE:
			value.mode = 3;
			break;
		case SAFENAME_KNOB_FLAG:
			value.flag = true;
			break;
		default:
			KUNIT_ASSERT_EQ(test, sn_parse(knob, "0-9,65-90,255",
						       &value), 0);
			break;
		}
		len = safename_knob_format(knob, &value, text);
		KUNIT_EXPECT_EQ(test, text[len - 1], '\n');
		memset(&again, 0, sizeof(again));
		KUNIT_ASSERT_EQ_MSG(test, safename_knob_parse(knob, text, len,
							      &again),
				    0, "%s", safename_knob_name(knob));
		KUNIT_EXPECT_EQ_MSG(test, memcmp(&value, &again,
						 safename_knob_size(knob)),
				    0, "%s", safename_knob_name(knob));
	}
}

/* A file opened with @cred, enough for file_ns_capable(). */
static struct file *sn_file(struct kunit *test, const struct cred *cred)
{
	struct file *file = kunit_kzalloc(test, sizeof(*file), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, file);
	file->f_cred = cred;
	return file;
}

/* The current credentials without CAP_MAC_ADMIN. */
static struct cred *sn_cred_without_mac_admin(struct kunit *test)
{
	struct cred *cred = prepare_creds();

	KUNIT_ASSERT_NOT_NULL(test, cred);
	cap_lower(cred->cap_effective, CAP_MAC_ADMIN);
	return cred;
}

/* Room for the text of a knob's value. */
static char *sn_text(struct kunit *test)
{
	char *text = kunit_kzalloc(test, SAFENAME_BYTESET_TEXT_MAX, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, text);
	return text;
}

/*
 * The checks before a write is parsed: the size first, then the opener's
 * and the writer's privilege, then the offset.  They change nothing.
 *
 * The seal is checked with the privilege, in the live policy.
 */
static void safename_test_knob_write_check(struct kunit *test)
{
	const struct safename_knob *knob = sn_knob(test, "utf8");
	char *before = sn_text(test), *after = sn_text(test);
	const size_t max = SAFENAME_WRITE_MAX;
	struct file *file, *weak_file;
	const struct cred *old;
	struct cred *weak;
	int sealed;
	char *buf;

	if (!rcu_access_pointer(safename_policy))
		kunit_skip(test, "Safename is not active (lsm=)");
	/* A sealed policy refuses every write that is read with -EPERM. */
	sealed = safename_policy_locked() ? -EPERM : 0;
	file = sn_file(test, current_cred());
	buf = kunit_kmalloc(test, max + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, '1', max + 1);
	safename_knob_format_current(knob, before);

	/* Longer than SAFENAME_WRITE_MAX, read or not, at any offset. */
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(file, NULL, max + 1, 0),
			sealed ?: -E2BIG);
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(file, buf, max + 1, 0),
			sealed ?: -E2BIG);
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(file, buf, max + 1, 1),
			sealed ?: -E2BIG);
	/* Up to SAFENAME_WRITE_MAX bytes at offset 0 go on to the parser. */
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(file, buf, max, 0),
			sealed);
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(file, "1", 1, 0),
			sealed);
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(file, "", 0, 0),
			sealed);
	/* Not at offset 0. */
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(file, "1", 1, 1),
			sealed ?: -EINVAL);
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(file, "1", 1, max),
			sealed ?: -EINVAL);

	/* Opened without CAP_MAC_ADMIN, written by a privileged task. */
	weak = sn_cred_without_mac_admin(test);
	weak_file = sn_file(test, weak);
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(weak_file, "1", 1, 0),
			-EPERM);
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(weak_file, "1", 1, 1),
			-EPERM);
	/* Refused before its size is looked at. */
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(weak_file, buf,
							max + 1, 0),
			-EPERM);
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(weak_file, NULL,
							max + 1, 0),
			-EPERM);
	/* Opened by a privileged task, written without CAP_MAC_ADMIN. */
	old = override_creds(weak);
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(file, "1", 1, 0),
			-EPERM);
	KUNIT_EXPECT_EQ(test, safename_knob_write_check(file, "1", 1, 1),
			-EPERM);
	revert_creds(old);
	put_cred(weak);

	safename_knob_format_current(knob, after);
	KUNIT_EXPECT_STREQ(test, after, before);
}

static struct kunit_case safename_knob_test_cases[] = {
	KUNIT_CASE(safename_test_knob_mode_values),
	KUNIT_CASE(safename_test_knob_mode_rejects),
	KUNIT_CASE(safename_test_knob_too_long),
	KUNIT_CASE(safename_test_knob_flags),
	KUNIT_CASE(safename_test_knob_bytesets),
	KUNIT_CASE(safename_test_knob_byteset_longest),
	KUNIT_CASE(safename_test_knob_stats),
	KUNIT_CASE(safename_test_knob_format_parse),
	KUNIT_CASE(safename_test_knob_write_check),
	{ }
};

static struct kunit_suite safename_knob_test_suite = {
	.name = "safename_knob",
	.test_cases = safename_knob_test_cases,
};

kunit_test_suite(safename_knob_test_suite);

/*
 * The boot parameters' callback and slots are __init and __initdata: these
 * tests run at boot, before the init sections are freed.  They call the
 * callback with parameters and slots of their own, as parse_args() would,
 * so the values this boot recorded stay as they are.
 */

/* Sets the parameter @name to @val, its value kept in @slot. */
static int __init sn_param_set(const char *name, const char *val,
			       struct safename_param *slot)
{
	return safename_param_record(name, val, slot);
}

/*
 * The callback itself returns 0 even for a malformed value, which it
 * reports and ignores: an error would make parse_args() drop init's
 * arguments after "--".
 */
static void __init safename_test_param_callback(struct kunit *test)
{
	struct safename_param slot = { };
	const struct kernel_param kp = {
		.name = "safename.mode_for_unprivileged",
		.ops = &safename_param_ops,
		.arg = &slot,
	};

	KUNIT_EXPECT_EQ(test, kp.ops->set("7", &kp), 0);
	KUNIT_EXPECT_NULL(test, slot.knob);
	KUNIT_EXPECT_EQ(test, kp.ops->set("3", &kp), 0);
	KUNIT_ASSERT_NOT_NULL(test, slot.knob);
	KUNIT_EXPECT_EQ(test, slot.value.mode, 3);
}

/* The index of the knob named @name in safename_knobs[]. */
static int __init sn_index(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(safename_knobs); i++)
		if (!strcmp(safename_knob_name(&safename_knobs[i]), name))
			return i;
	return -1;
}

/*
 * Each writable knob has one parameter, named safename.<knob> (so the
 * objects are built as one, "safename"), set at boot only, with a slot of
 * its own; nothing else uses the callback.
 */
static void __init safename_test_param_names(struct kunit *test)
{
	const size_t n = ARRAY_SIZE(safename_knobs);
	size_t i, params = 0, writable = 0;
	const struct safename_knob *knob;
	const struct safename_param *slot;
	const struct kernel_param *kp;
	bool *knob_seen, *slot_seen;

	knob_seen = kunit_kcalloc(test, n, sizeof(*knob_seen), GFP_KERNEL);
	slot_seen = kunit_kcalloc(test, n, sizeof(*slot_seen), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, knob_seen);
	KUNIT_ASSERT_NOT_NULL(test, slot_seen);
	for (kp = __start___param; kp < __stop___param; kp++) {
		if (kp->ops != &safename_param_ops)
			continue;
		params++;
		KUNIT_EXPECT_TRUE_MSG(test, strstarts(kp->name, "safename."),
				      "%s", kp->name);
		KUNIT_EXPECT_EQ_MSG(test, kp->perm, 0, "%s", kp->name);
		knob = safename_param_knob(kp->name);
		KUNIT_ASSERT_NOT_NULL_MSG(test, knob, "%s", kp->name);
		KUNIT_EXPECT_FALSE_MSG(test, knob_seen[knob - safename_knobs],
				       "%s twice", kp->name);
		knob_seen[knob - safename_knobs] = true;
		slot = kp->arg;
		KUNIT_ASSERT_TRUE_MSG(test, slot >= safename_params &&
				      slot < safename_params + n,
				      "%s", kp->name);
		KUNIT_EXPECT_FALSE_MSG(test, slot_seen[slot - safename_params],
				       "%s shares a slot", kp->name);
		slot_seen[slot - safename_params] = true;
	}
	for (i = 0; i < n; i++) {
		bool w = safename_knob_writable(&safename_knobs[i]);

		KUNIT_EXPECT_EQ_MSG(test, knob_seen[i], w, "safename.%s",
				    safename_knob_name(&safename_knobs[i]));
		writable += w;
	}
	KUNIT_EXPECT_EQ(test, params, writable);
	KUNIT_EXPECT_EQ(test, writable, 7);
}

/* Each writable knob, with a valid value. */
static void __init safename_test_param_valid(struct kunit *test)
{
	static const char initial[] __initconst =
		"33-34,36-44,46-57,59-125,128-254";
	struct safename_param slot = { };
	int i;

	i = sn_index("mode_for_unprivileged");
	KUNIT_EXPECT_EQ(test, sn_param_set("safename.mode_for_unprivileged",
					   "3", &slot), 0);
	KUNIT_EXPECT_PTR_EQ(test, slot.knob, &safename_knobs[i]);
	KUNIT_EXPECT_EQ(test, slot.value.mode, 3);
	KUNIT_EXPECT_EQ(test, sn_param_set("safename.mode_for_unprivileged",
					   "0", &slot), 0);
	KUNIT_EXPECT_EQ(test, slot.value.mode, 0);

	i = sn_index("mode_for_privileged");
	KUNIT_EXPECT_EQ(test, sn_param_set("safename.mode_for_privileged",
					   "2", &slot), 0);
	KUNIT_EXPECT_PTR_EQ(test, slot.knob, &safename_knobs[i]);
	KUNIT_EXPECT_EQ(test, slot.value.mode, 2);

	i = sn_index("utf8");
	KUNIT_EXPECT_EQ(test, sn_param_set("safename.utf8", "1", &slot), 0);
	KUNIT_EXPECT_PTR_EQ(test, slot.knob, &safename_knobs[i]);
	KUNIT_EXPECT_TRUE(test, slot.value.flag);
	KUNIT_EXPECT_EQ(test, sn_param_set("safename.utf8", "0", &slot), 0);
	KUNIT_EXPECT_FALSE(test, slot.value.flag);

	i = sn_index("locked");
	KUNIT_EXPECT_EQ(test, sn_param_set("safename.locked", "1", &slot), 0);
	KUNIT_EXPECT_PTR_EQ(test, slot.knob, &safename_knobs[i]);
	KUNIT_EXPECT_TRUE(test, slot.value.flag);

	i = sn_index("permitted_bytes_initial");
	KUNIT_EXPECT_EQ(test, sn_param_set("safename.permitted_bytes_initial",
					   initial, &slot), 0);
	KUNIT_EXPECT_PTR_EQ(test, slot.knob, &safename_knobs[i]);
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&slot.value.set, '-'));
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&slot.value.set, '#'));
	KUNIT_EXPECT_TRUE(test, safename_byteset_test(&slot.value.set, '$'));
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&slot.value.set, ':'));
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&slot.value.set, 255));

	i = sn_index("permitted_bytes_middle");
	KUNIT_EXPECT_EQ(test, sn_param_set("safename.permitted_bytes_middle",
					   "65", &slot), 0);
	KUNIT_EXPECT_PTR_EQ(test, slot.knob, &safename_knobs[i]);
	KUNIT_EXPECT_TRUE(test, safename_byteset_test(&slot.value.set, 'A'));
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&slot.value.set, 'B'));

	/* The empty set, as for a write. */
	i = sn_index("permitted_bytes_final");
	KUNIT_EXPECT_EQ(test, sn_param_set("safename.permitted_bytes_final",
					   "", &slot), 0);
	KUNIT_EXPECT_PTR_EQ(test, slot.knob, &safename_knobs[i]);
	KUNIT_EXPECT_EQ(test, slot.value.set.bits[0] | slot.value.set.bits[1] |
			slot.value.set.bits[2] | slot.value.set.bits[3], 0);
}

/*
 * Malformed values leave the slot as it was.  Names of no writable knob
 * never reach the callback from the command line, but are refused too.
 */
static void __init safename_test_param_invalid(struct kunit *test)
{
	static const char * const bad[][2] __initconst = {
		{ "mode_for_unprivileged", "4" },
		{ "mode_for_unprivileged", "7" },
		{ "mode_for_unprivileged", "" },
		{ "mode_for_unprivileged", "-1" },
		{ "mode_for_unprivileged", "1 2" },
		{ "mode_for_unprivileged", "03" },
		{ "mode_for_unprivileged", " 3" },
		{ "mode_for_privileged", "x" },
		{ "utf8", "2" }, { "utf8", "yes" }, { "utf8", "" },
		{ "utf8", "=1" },
		{ "locked", "yes" }, { "locked", "on" }, { "locked", "-1" },
		{ "locked", "junk" },
		{ "permitted_bytes_middle", "1,,2" },
		{ "permitted_bytes_initial", "256" },
		{ "permitted_bytes_final", "5-3" },
		{ "permitted_bytes_final", "a" },
		{ "stats", "0" }, { "no_such_knob", "1" }, { "", "1" },
	};
	struct safename_param slot = { };
	char name[48];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		scnprintf(name, sizeof(name), "safename.%s", bad[i][0]);
		KUNIT_EXPECT_EQ_MSG(test, sn_param_set(name, bad[i][1], &slot),
				    -EINVAL, "%s=%s", name, bad[i][1]);
		KUNIT_EXPECT_NULL_MSG(test, slot.knob, "%s=%s", name,
				      bad[i][1]);
	}
	/* Not this module's parameter. */
	KUNIT_EXPECT_EQ(test, sn_param_set("utf8", "1", &slot), -EINVAL);
	KUNIT_EXPECT_EQ(test, sn_param_set("fs.utf8", "1", &slot), -EINVAL);
	KUNIT_EXPECT_NULL(test, slot.knob);

	/* A value given before is kept, whole. */
	KUNIT_ASSERT_EQ(test, sn_param_set("safename.locked", "1", &slot), 0);
	KUNIT_EXPECT_EQ(test, sn_param_set("safename.locked", "junk", &slot),
			-EINVAL);
	KUNIT_EXPECT_TRUE(test, slot.value.flag);
	KUNIT_ASSERT_EQ(test, sn_param_set("safename.permitted_bytes_final",
					   "97", &slot), 0);
	KUNIT_EXPECT_EQ(test, sn_param_set("safename.permitted_bytes_final",
					   "98,,99", &slot), -EINVAL);
	KUNIT_EXPECT_TRUE(test, safename_byteset_test(&slot.value.set, 'a'));
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&slot.value.set, 'b'));
}

/*
 * Parameters reach the policy through their slots: the last valid value
 * wins, and a malformed one changes nothing, whatever the knob's type.
 */
static void __init safename_test_param_apply(struct kunit *test)
{
	static const char * const params[][2] __initconst = {
		{ "mode_for_unprivileged", "3" },
		{ "mode_for_unprivileged", "7" },
		{ "mode_for_privileged", "1" },
		{ "mode_for_privileged", "2" },
		{ "utf8", "1" }, { "utf8", "yes" },
		{ "locked", "1" }, { "locked", "junk" },
		{ "permitted_bytes_final", "33-126" },
		{ "permitted_bytes_final", "1,,2" },
		{ "permitted_bytes_middle", "1,,2" },
	};
	const size_t n = ARRAY_SIZE(safename_knobs);
	struct safename_policy *policy;
	struct safename_param *slots;
	char name[48];
	size_t i;

	slots = kunit_kcalloc(test, n, sizeof(*slots), GFP_KERNEL);
	policy = kunit_kzalloc(test, sizeof(*policy), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, slots);
	KUNIT_ASSERT_NOT_NULL(test, policy);
	for (i = 0; i < ARRAY_SIZE(params); i++) {
		int k = sn_index(params[i][0]);

		KUNIT_ASSERT_GE(test, k, 0);
		scnprintf(name, sizeof(name), "safename.%s", params[i][0]);
		sn_param_set(name, params[i][1], &slots[k]);
	}
	safename_rules_default(&policy->rules);
	for (i = 0; i < n; i++)
		safename_param_apply(policy, &slots[i]);

	KUNIT_EXPECT_EQ(test, policy->mode[SAFENAME_UNPRIVILEGED], 3);
	KUNIT_EXPECT_EQ(test, policy->mode[SAFENAME_PRIVILEGED], 2);
	KUNIT_EXPECT_TRUE(test, policy->rules.utf8);
	KUNIT_EXPECT_TRUE(test, policy->locked);
	KUNIT_EXPECT_TRUE(test, safename_byteset_test(&policy->rules.final,
						      ' ' + 1));
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&policy->rules.final,
						       128));
	/* Not given validly: the defaults. */
	KUNIT_EXPECT_TRUE(test, safename_byteset_test(&policy->rules.middle,
						      ' '));
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&policy->rules.middle,
						       1));
	KUNIT_EXPECT_TRUE(test, safename_byteset_test(&policy->rules.middle,
						      128));
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&policy->rules.initial,
						       '-'));
}

static struct kunit_case __refdata safename_param_test_cases[] = {
	KUNIT_CASE(safename_test_param_names),
	KUNIT_CASE(safename_test_param_valid),
	KUNIT_CASE(safename_test_param_invalid),
	KUNIT_CASE(safename_test_param_callback),
	KUNIT_CASE(safename_test_param_apply),
	{ }
};

static struct kunit_suite safename_param_test_suite = {
	.name = "safename_param",
	.test_cases = safename_param_test_cases,
};

kunit_test_init_section_suites(&safename_param_test_suite);
