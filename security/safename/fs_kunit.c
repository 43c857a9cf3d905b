// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the Safename knob files: the parsers of what is written to
 * a knob and of the safename.* boot parameters, and the checks a write goes
 * through before it reaches the policy.
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
		if (!strcmp(safename_knobs[i].name, name))
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

	KUNIT_EXPECT_EQ(test, knob->mode, 0444);
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
				    0, "%s", knob->name);
		KUNIT_EXPECT_EQ_MSG(test, memcmp(&value, &again,
						 safename_knob_size(knob)),
				    0, "%s", knob->name);
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

/* The current text of @knob. */
static void sn_current(const struct safename_knob *knob, char *text)
{
	safename_knob_format_current(knob, text);
}

/*
 * The checks before the policy: size, privilege, offset, then the parser;
 * each refuses with its error code and leaves the policy as it was.
 */
static void safename_test_knob_write_refused(struct kunit *test)
{
	const struct safename_knob *knob = sn_knob(test, "utf8");
	char *before = sn_text(test), *after = sn_text(test);
	const struct cred *old;
	struct cred *weak;
	struct file *file;
	char *buf;

	if (!safename_initialized)
		kunit_skip(test, "Safename is not active (lsm=)");
	KUNIT_ASSERT_FALSE(test, safename_policy_locked());
	file = sn_file(test, current_cred());
	buf = kunit_kmalloc(test, SAFENAME_WRITE_MAX + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, '1', SAFENAME_WRITE_MAX + 1);
	sn_current(knob, before);

	/* Longer than SAFENAME_WRITE_MAX, read or not. */
	KUNIT_EXPECT_EQ(test, safename_knob_write(knob, file, NULL,
						  SAFENAME_WRITE_MAX + 1, 0),
			-E2BIG);
	KUNIT_EXPECT_EQ(test, safename_knob_write(knob, file, buf,
						  SAFENAME_WRITE_MAX + 1, 0),
			-E2BIG);
	/* Exactly SAFENAME_WRITE_MAX bytes reach the parser. */
	KUNIT_EXPECT_EQ(test, safename_knob_write(knob, file, buf,
						  SAFENAME_WRITE_MAX, 0),
			-EINVAL);
	/* Not at offset 0. */
	KUNIT_EXPECT_EQ(test, safename_knob_write(knob, file, "1", 1, 1),
			-EINVAL);
	/* Malformed. */
	KUNIT_EXPECT_EQ(test, safename_knob_write(knob, file, "2", 1, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, safename_knob_write(knob, file, "", 0, 0),
			-EINVAL);

	/* Opened without CAP_MAC_ADMIN, written by a privileged task. */
	weak = sn_cred_without_mac_admin(test);
	KUNIT_EXPECT_EQ(test, safename_knob_write(knob, sn_file(test, weak),
						  "1", 1, 0),
			-EPERM);
	/* Opened by a privileged task, written without CAP_MAC_ADMIN. */
	old = override_creds(weak);
	KUNIT_EXPECT_EQ(test, safename_knob_write(knob, file, "1", 1, 0),
			-EPERM);
	revert_creds(old);
	put_cred(weak);

	sn_current(knob, after);
	KUNIT_EXPECT_STREQ(test, after, before);
}

/* A write that passes the checks changes the knob, and only it. */
static void safename_test_knob_write(struct kunit *test)
{
	const struct safename_knob *knob = sn_knob(test, "utf8");
	const struct safename_knob *mode = sn_knob(test,
						   "mode_for_unprivileged");
	char *before = sn_text(test), *mode_before = sn_text(test);
	char *text = sn_text(test);
	struct file *file;

	if (!safename_initialized)
		kunit_skip(test, "Safename is not active (lsm=)");
	KUNIT_ASSERT_FALSE(test, safename_policy_locked());
	file = sn_file(test, current_cred());
	sn_current(knob, before);
	sn_current(mode, mode_before);

	KUNIT_EXPECT_EQ(test, safename_knob_write(knob, file, "1\n", 2, 0), 2);
	sn_current(knob, text);
	KUNIT_EXPECT_STREQ(test, text, "1\n");
	KUNIT_EXPECT_EQ(test, safename_knob_write(knob, file, "0", 1, 0), 1);
	sn_current(knob, text);
	KUNIT_EXPECT_STREQ(test, text, "0\n");
	sn_current(mode, text);
	KUNIT_EXPECT_STREQ(test, text, mode_before);

	KUNIT_EXPECT_EQ(test, safename_knob_write(knob, file, before,
						  strlen(before), 0),
			(ssize_t)strlen(before));
	sn_current(knob, text);
	KUNIT_EXPECT_STREQ(test, text, before);
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
	KUNIT_CASE(safename_test_knob_write_refused),
	KUNIT_CASE(safename_test_knob_write),
	{ }
};

static struct kunit_suite safename_knob_test_suite = {
	.name = "safename_knob",
	.test_cases = safename_knob_test_cases,
};

kunit_test_suite(safename_knob_test_suite);

/*
 * The boot parameters are parsed by __init functions into __initdata: these
 * tests run at boot, before the init sections are freed.
 */

/* The index of the knob named @name in safename_knobs[]. */
static int __init sn_index(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(safename_knobs); i++)
		if (!strcmp(safename_knobs[i].name, name))
			return i;
	return -1;
}

/* Each writable knob, with a valid value. */
static void __init safename_test_param_valid(struct kunit *test)
{
	static const char initial[] __initconst =
		"permitted_bytes_initial=33-34,36-44,46-57,59-125,128-254";
	union safename_knob_value value;
	int i;

	i = sn_index("mode_for_unprivileged");
	KUNIT_EXPECT_EQ(test, safename_param_parse("mode_for_unprivileged=3",
						   &value), i);
	KUNIT_EXPECT_EQ(test, value.mode, 3);
	KUNIT_EXPECT_EQ(test, safename_param_parse("mode_for_unprivileged=0",
						   &value), i);
	KUNIT_EXPECT_EQ(test, value.mode, 0);

	i = sn_index("mode_for_privileged");
	KUNIT_EXPECT_EQ(test, safename_param_parse("mode_for_privileged=2",
						   &value), i);
	KUNIT_EXPECT_EQ(test, value.mode, 2);

	i = sn_index("utf8");
	KUNIT_EXPECT_EQ(test, safename_param_parse("utf8=1", &value), i);
	KUNIT_EXPECT_TRUE(test, value.flag);
	KUNIT_EXPECT_EQ(test, safename_param_parse("utf8=0", &value), i);
	KUNIT_EXPECT_FALSE(test, value.flag);

	i = sn_index("locked");
	KUNIT_EXPECT_EQ(test, safename_param_parse("locked=1", &value), i);
	KUNIT_EXPECT_TRUE(test, value.flag);

	i = sn_index("permitted_bytes_initial");
	KUNIT_EXPECT_EQ(test, safename_param_parse(initial, &value), i);
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&value.set, '-'));
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&value.set, '#'));
	KUNIT_EXPECT_TRUE(test, safename_byteset_test(&value.set, '$'));
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&value.set, ':'));
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&value.set, 255));

	i = sn_index("permitted_bytes_middle");
	KUNIT_EXPECT_EQ(test, safename_param_parse("permitted_bytes_middle=65",
						   &value), i);
	KUNIT_EXPECT_TRUE(test, safename_byteset_test(&value.set, 'A'));
	KUNIT_EXPECT_FALSE(test, safename_byteset_test(&value.set, 'B'));

	/* The empty set, as for a write. */
	i = sn_index("permitted_bytes_final");
	KUNIT_EXPECT_EQ(test, safename_param_parse("permitted_bytes_final=",
						   &value), i);
	KUNIT_EXPECT_EQ(test, value.set.bits[0] | value.set.bits[1] |
			value.set.bits[2] | value.set.bits[3], 0);
}

/* Unknown or read-only knobs, and malformed values. */
static void __init safename_test_param_invalid(struct kunit *test)
{
	static const char * const bad[] __initconst = {
		"mode_for_unprivileged=4", "mode_for_unprivileged=7",
		"mode_for_unprivileged=", "mode_for_unprivileged=-1",
		"mode_for_unprivileged=1 2", "mode_for_unprivileged=03",
		"mode_for_unprivileged= 3", "mode_for_privileged=x",
		"utf8=2", "utf8=yes", "utf8=", "locked=yes", "locked=on",
		"locked=-1", "permitted_bytes_middle=1,,2",
		"permitted_bytes_initial=256", "permitted_bytes_final=5-3",
		"permitted_bytes_final=a", "stats=0", "stats=",
		"no_such_knob=1", "mode_for_unprivileged", "utf8", "",
		"=1", "=", "mode_for_unprivilege=1", "mode_for_unprivileged_=1",
		"Mode_for_unprivileged=1", "utf8==1", " utf8=1",
	};
	union safename_knob_value value;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, safename_param_parse(bad[i], &value),
				    -EINVAL, "safename.%s", bad[i]);
}

/*
 * The recorded parameters reach the boot policy: the last valid one wins,
 * and a malformed one changes nothing, whatever the knob's type.
 */
static void __init safename_test_param_apply(struct kunit *test)
{
	static char params[][48] __initdata = {
		"mode_for_unprivileged=3", "mode_for_unprivileged=7",
		"mode_for_privileged=1", "mode_for_privileged=2",
		"utf8=1", "utf8=yes", "locked=1", "locked=junk",
		"permitted_bytes_final=33-126", "permitted_bytes_final=1,,2",
		"permitted_bytes_middle=1,,2", "no_such_knob=1",
	};
	union safename_knob_value *values;
	struct safename_policy *policy;
	bool *given;
	size_t i;

	values = kunit_kmalloc(test, sizeof(safename_param_values),
			       GFP_KERNEL);
	given = kunit_kmalloc(test, sizeof(safename_param_given), GFP_KERNEL);
	policy = kunit_kzalloc(test, sizeof(*policy), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, values);
	KUNIT_ASSERT_NOT_NULL(test, given);
	KUNIT_ASSERT_NOT_NULL(test, policy);
	/* The boot's own parameters were applied already; keep them. */
	memcpy(values, safename_param_values, sizeof(safename_param_values));
	memcpy(given, safename_param_given, sizeof(safename_param_given));
	memset(safename_param_given, 0, sizeof(safename_param_given));

	for (i = 0; i < ARRAY_SIZE(params); i++)
		KUNIT_EXPECT_EQ(test, safename_param(params[i]), 1);
	safename_rules_default(&policy->rules);
	safename_params_apply(policy);

	memcpy(safename_param_values, values, sizeof(safename_param_values));
	memcpy(safename_param_given, given, sizeof(safename_param_given));

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
	KUNIT_CASE(safename_test_param_valid),
	KUNIT_CASE(safename_test_param_invalid),
	KUNIT_CASE(safename_test_param_apply),
	{ }
};

static struct kunit_suite safename_param_test_suite = {
	.name = "safename_param",
	.test_cases = safename_param_test_cases,
};

kunit_test_init_section_suites(&safename_param_test_suite);
