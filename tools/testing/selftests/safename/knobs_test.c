// SPDX-License-Identifier: GPL-2.0
/*
 * Safename tests: the policy knobs, in /sys/fs/safename/ and in
 * /sys/kernel/security/safename/.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <linux/limits.h>

#include "common.h"

struct text {
	const char *text;
	size_t len;	/* 0: strlen(text) */
};

#define TEXT(s) { .text = (s), .len = sizeof(s) - 1 }

static const enum knob byte_set_knobs[] = {
	KNOB_INITIAL,
	KNOB_MIDDLE,
	KNOB_FINAL,
};

static const enum knob mode_knobs[] = {
	KNOB_MODE_UNPRIVILEGED,
	KNOB_MODE_PRIVILEGED,
};

static const struct {
	const char *in;
	const char *out;
} canonical[] = {
	{ "1,2,3", "1-3\n" },
	{ "3,2,1", "1-3\n" },
	{ "5,1", "1,5\n" },
	{ "1,2", "1-2\n" },
	{ "4,3", "3-4\n" },
	{ "9,10", "9-10\n" },
	{ "0", "0\n" },
	{ "255\n", "255\n" },
	{ "0-255", "0-255\n" },
	{ "0-255,3", "0-255\n" },
	{ "1-1", "1\n" },
	{ "7,7,7", "7\n" },
	{ "10-20,15-30", "10-30\n" },
	{ "1-3,4-6", "1-6\n" },
	{ "1-3,5-6", "1-3,5-6\n" },
	{ "0,2,4", "0,2,4\n" },
	{ "200-210,0-5,100\n", "0-5,100,200-210\n" },
	{ "254,0-253", "0-254\n" },
	{ "128-254,46-125,33-44", DEFAULT_INITIAL },
	{ "\n", "\n" },
};

static const struct text bad_byte_sets[] = {
	TEXT("256"),
	TEXT("0-256"),
	TEXT("1000"),
	TEXT("99999999999999999999"),
	TEXT("5-3"),
	TEXT("1,,2"),
	TEXT(",1"),
	TEXT("1,"),
	TEXT(","),
	TEXT("1-"),
	TEXT("-1"),
	TEXT("-"),
	TEXT("1-2-3"),
	TEXT("1--2"),
	TEXT("a"),
	TEXT("0x10"),
	TEXT("1;2"),
	TEXT("1 "),
	TEXT(" 1"),
	TEXT("1, 2"),
	TEXT("1\n\n"),
	TEXT("\n\n"),
	TEXT("1\n2"),
	TEXT("1\r\n"),
	TEXT("1\t"),
	TEXT("1,\n"),
	TEXT("1-2,\n"),
	TEXT("1\0"),
	TEXT("\0"),
	TEXT("1\0,2"),
	TEXT("1,2\0\n"),
};

static const struct text good_modes[] = {
	TEXT("0"), TEXT("1"), TEXT("2"), TEXT("3"),
	TEXT("0\n"), TEXT("1\n"), TEXT("2\n"), TEXT("3\n"),
};

static const struct text bad_modes[] = {
	TEXT("4"), TEXT("9"), TEXT("-1"), TEXT("00"), TEXT("01"), TEXT("+1"),
	TEXT(" 1"), TEXT("1 "), TEXT("1\n\n"), TEXT("\n"), TEXT("1x"),
	TEXT("0x1"), TEXT("1\0"), TEXT("\0"), TEXT("10"), TEXT("3\r"),
};

static const struct text good_utf8[] = {
	TEXT("0"), TEXT("1"), TEXT("0\n"), TEXT("1\n"),
};

static const struct text bad_utf8[] = {
	TEXT("2"), TEXT("-1"), TEXT("00"), TEXT("01"), TEXT("+1"), TEXT("y"),
	TEXT("true"), TEXT(" 1"), TEXT("1 "), TEXT("1\n\n"), TEXT("\n"),
	TEXT("1\0"), TEXT("\0"),
};

FIXTURE(knobs)
{
	struct policy saved;
};

FIXTURE_VARIANT(knobs)
{
	const char *dir;
	const char *other;
};

/* clang-format off */
FIXTURE_VARIANT_ADD(knobs, sysfs) {
	/* clang-format on */
	.dir = SYSFS_DIR,
	.other = SECURITYFS_DIR,
};

/* clang-format off */
FIXTURE_VARIANT_ADD(knobs, securityfs) {
	/* clang-format on */
	.dir = SECURITYFS_DIR,
	.other = SYSFS_DIR,
};

FIXTURE_SETUP(knobs)
{
	struct policy defaults;
	const char *why;

	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	ASSERT_EQ(0, private_tmpfs());
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &self->saved));
	policy_set_defaults(&defaults);
	ASSERT_EQ(0, policy_write(variant->dir, &defaults));
}

FIXTURE_TEARDOWN(knobs)
{
	EXPECT_EQ(0, policy_write(SYSFS_DIR, &self->saved));
}

/* The whole policy, read in both places, is still @expected. */
static void check_policy(struct __test_metadata *const _metadata,
			 const struct policy *expected)
{
	static const char *const dirs[] = { SYSFS_DIR, SECURITYFS_DIR };
	struct policy now;
	size_t i;
	int knob;

	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		ASSERT_EQ(0, policy_read(dirs[i], &now));
		for (knob = 0; knob < KNOB_COUNT; knob++) {
			EXPECT_STREQ(expected->text[knob], now.text[knob])
			{
				TH_LOG("%s/%s", dirs[i], knob_names[knob]);
			}
		}
	}
}

static void read_knob(struct __test_metadata *const _metadata,
		      const char *dir, enum knob knob, char *buf, size_t size)
{
	ASSERT_LT(0, knob_read(dir, knob, buf, size))
	{
		TH_LOG("%s/%s", dir, knob_names[knob]);
	}
}

/* Writes @text and expects @err (0 or -errno). */
static void write_knob(struct __test_metadata *const _metadata,
		       const char *dir, enum knob knob, const struct text *text,
		       int err)
{
	char buf[64];

	EXPECT_EQ(err, knob_write_len(dir, knob, text->text, text->len))
	{
		TH_LOG("writing \"%s\" to %s/%s",
		       printable_len(text->text, text->len, buf, sizeof(buf)),
		       dir, knob_names[knob]);
	}
}

/* Every malformed write is refused and changes nothing. */
static void check_refused(struct __test_metadata *const _metadata,
			  const char *dir, enum knob knob,
			  const struct text *texts, size_t count, int err)
{
	struct policy before;
	size_t i;

	ASSERT_EQ(0, policy_read(SYSFS_DIR, &before));
	for (i = 0; i < count; i++) {
		write_knob(_metadata, dir, knob, &texts[i], err);
		check_policy(_metadata, &before);
	}
}

/*
 * The boot policy without safename.* parameters is the default.  Another
 * program (or an administrator) may have changed it since boot: this test
 * is meant to run first after boot, as it does in make check.
 */
TEST(defaults)
{
	static const char *const dirs[] = { SYSFS_DIR, SECURITYFS_DIR };
	struct policy defaults, now;
	size_t i;
	int knob;
	const char *why;

	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	if (cmdline_has("safename."))
		SKIP(return, "the boot sets the policy with safename.* parameters");
	policy_set_defaults(&defaults);
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		ASSERT_EQ(0, policy_read(dirs[i], &now));
		for (knob = 0; knob < KNOB_COUNT; knob++)
			EXPECT_STREQ(defaults.text[knob], now.text[knob]);
	}
}

TEST_F(knobs, files)
{
	char path[PATH_MAX];
	struct stat st;
	int knob;

	for (knob = 0; knob < KNOB_COUNT; knob++) {
		ASSERT_EQ(0, knob_path(path, sizeof(path), variant->dir, knob));
		ASSERT_EQ(0, stat(path, &st))
		{
			TH_LOG("%s: %s", path, strerror(errno));
		}
		EXPECT_TRUE(S_ISREG(st.st_mode));
		EXPECT_EQ(0644, st.st_mode & 07777)
		{
			TH_LOG("%s has mode %o", path, st.st_mode & 07777);
		}
		EXPECT_EQ(0, st.st_uid);
	}
}

TEST_F(knobs, byte_set_canonical)
{
	char buf[KNOB_TEXT_MAX];
	size_t i, k;

	for (k = 0; k < ARRAY_SIZE(byte_set_knobs); k++) {
		for (i = 0; i < ARRAY_SIZE(canonical); i++) {
			ASSERT_EQ(0, knob_write(variant->dir, byte_set_knobs[k],
						canonical[i].in));
			read_knob(_metadata, variant->dir, byte_set_knobs[k],
				  buf, sizeof(buf));
			EXPECT_STREQ(canonical[i].out, buf)
			{
				TH_LOG("wrote \"%s\" to %s", canonical[i].in,
				       knob_names[byte_set_knobs[k]]);
			}
		}
	}
}

/* Every byte value alone, and the whole range of odd values. */
TEST_F(knobs, byte_set_every_value)
{
	char in[KNOB_TEXT_MAX], out[KNOB_TEXT_MAX], buf[KNOB_TEXT_MAX];
	size_t len = 0;
	int value;

	for (value = 0; value <= 255; value++) {
		snprintf(in, sizeof(in), "%d", value);
		snprintf(out, sizeof(out), "%d\n", value);
		ASSERT_EQ(0, knob_write(variant->dir, KNOB_MIDDLE, in));
		read_knob(_metadata, variant->dir, KNOB_MIDDLE, buf,
			  sizeof(buf));
		ASSERT_STREQ(out, buf);
	}

	/* 255 down to 1, odd ones only: the longest canonical form. */
	for (value = 255; value > 0; value -= 2)
		len += snprintf(in + len, sizeof(in) - len, "%s%d",
				len ? "," : "", value);
	len = 0;
	for (value = 1; value <= 255; value += 2)
		len += snprintf(out + len, sizeof(out) - len, "%s%d",
				len ? "," : "", value);
	strcat(out, "\n");
	ASSERT_EQ(0, knob_write(variant->dir, KNOB_FINAL, in));
	read_knob(_metadata, variant->dir, KNOB_FINAL, buf, sizeof(buf));
	ASSERT_STREQ(out, buf);
}

TEST_F(knobs, byte_set_malformed)
{
	size_t k;

	for (k = 0; k < ARRAY_SIZE(byte_set_knobs); k++) {
		ASSERT_EQ(0, knob_write(variant->dir, byte_set_knobs[k],
					"1-3,7"));
		check_refused(_metadata, variant->dir, byte_set_knobs[k],
			      bad_byte_sets, ARRAY_SIZE(bad_byte_sets),
			      -EINVAL);
	}
}

TEST_F(knobs, byte_set_newline_is_empty_set)
{
	char buf[KNOB_TEXT_MAX];
	size_t k;

	for (k = 0; k < ARRAY_SIZE(byte_set_knobs); k++) {
		ASSERT_EQ(0, knob_write(variant->dir, byte_set_knobs[k], "\n"));
		read_knob(_metadata, variant->dir, byte_set_knobs[k], buf,
			  sizeof(buf));
		EXPECT_STREQ("\n", buf);
	}
}

/*
 * An empty write is the empty set, and a malformed mode.  sysfs passes no
 * empty write on: in sysfs it returns 0 and changes nothing.
 */
TEST_F(knobs, empty_write)
{
	bool sysfs = !strcmp(variant->dir, SYSFS_DIR);
	struct policy expected;
	size_t k;

	ASSERT_EQ(0, policy_read(SYSFS_DIR, &expected));
	for (k = 0; k < ARRAY_SIZE(byte_set_knobs); k++) {
		EXPECT_EQ(0, knob_write_len(variant->dir, byte_set_knobs[k],
					    "", 0));
		if (!sysfs)
			policy_set_text(&expected, byte_set_knobs[k], "\n");
		check_policy(_metadata, &expected);
	}
	for (k = 0; k < ARRAY_SIZE(mode_knobs); k++) {
		EXPECT_EQ(sysfs ? 0 : -EINVAL,
			  knob_write_len(variant->dir, mode_knobs[k], "", 0));
		check_policy(_metadata, &expected);
	}
	EXPECT_EQ(sysfs ? 0 : -EINVAL,
		  knob_write_len(variant->dir, KNOB_UTF8, "", 0));
	check_policy(_metadata, &expected);
}

/*
 * The longest write that @dir takes: SAFENAME_WRITE_MAX bytes, and less
 * than a page in sysfs, which passes at most a page of a write on.
 */
static size_t write_max(const char *dir)
{
	size_t page = sysconf(_SC_PAGESIZE);

	if (strcmp(dir, SYSFS_DIR) || page > SAFENAME_WRITE_MAX)
		return SAFENAME_WRITE_MAX;
	return page - 1;
}

/* At most write_max() bytes: more is E2BIG. */
TEST_F(knobs, byte_set_size)
{
	static char big[2 * SAFENAME_WRITE_MAX + 1];
	size_t max = write_max(variant->dir);
	struct text text = { .text = big };
	char buf[KNOB_TEXT_MAX];
	struct policy before;
	size_t i;

	/* "1,1,...,1" (with a newline for an even length): max bytes. */
	for (i = 0; i < sizeof(big) - 1; i++)
		big[i] = i % 2 ? ',' : '1';
	if (max % 2 == 0)
		big[max - 1] = '\n';
	ASSERT_EQ(0, knob_write_len(variant->dir, KNOB_INITIAL, big, max));
	read_knob(_metadata, variant->dir, KNOB_INITIAL, buf, sizeof(buf));
	EXPECT_STREQ("1\n", buf);

	ASSERT_EQ(0, knob_write(variant->dir, KNOB_INITIAL, "1-3,7"));
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &before));
	/* One more byte */
	big[max - 1] = (max - 1) % 2 ? ',' : '1';
	text.len = max + 1;
	write_knob(_metadata, variant->dir, KNOB_INITIAL, &text, -E2BIG);
	check_policy(_metadata, &before);

	text.len = sizeof(big) - 2;
	write_knob(_metadata, variant->dir, KNOB_INITIAL, &text, -E2BIG);
	check_policy(_metadata, &before);
}

TEST_F(knobs, mode_values)
{
	char buf[16], expected[4];
	size_t i, k;

	for (k = 0; k < ARRAY_SIZE(mode_knobs); k++) {
		for (i = 0; i < ARRAY_SIZE(good_modes); i++) {
			write_knob(_metadata, variant->dir, mode_knobs[k],
				   &good_modes[i], 0);
			read_knob(_metadata, variant->dir, mode_knobs[k], buf,
				  sizeof(buf));
			snprintf(expected, sizeof(expected), "%c\n",
				 good_modes[i].text[0]);
			EXPECT_STREQ(expected, buf);
		}
		ASSERT_EQ(0, knob_write(variant->dir, mode_knobs[k], "2"));
		check_refused(_metadata, variant->dir, mode_knobs[k],
			      bad_modes, ARRAY_SIZE(bad_modes), -EINVAL);
		ASSERT_EQ(0, knob_write(variant->dir, mode_knobs[k], "0"));
	}
}

TEST_F(knobs, utf8_values)
{
	char buf[16], expected[4];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(good_utf8); i++) {
		write_knob(_metadata, variant->dir, KNOB_UTF8, &good_utf8[i],
			   0);
		read_knob(_metadata, variant->dir, KNOB_UTF8, buf,
			  sizeof(buf));
		snprintf(expected, sizeof(expected), "%c\n",
			 good_utf8[i].text[0]);
		EXPECT_STREQ(expected, buf);
	}
	ASSERT_EQ(0, knob_write(variant->dir, KNOB_UTF8, "1"));
	check_refused(_metadata, variant->dir, KNOB_UTF8, bad_utf8,
		      ARRAY_SIZE(bad_utf8), -EINVAL);
	ASSERT_EQ(0, knob_write(variant->dir, KNOB_UTF8, "0"));
	check_refused(_metadata, variant->dir, KNOB_UTF8, bad_utf8,
		      ARRAY_SIZE(bad_utf8), -EINVAL);
}

static int open_knob(const char *dir, enum knob knob, int flags)
{
	char path[PATH_MAX];

	if (knob_path(path, sizeof(path), dir, knob))
		return -1;
	return open(path, flags | O_CLOEXEC);
}

/* A second write(2) on the same open file is refused. */
TEST_F(knobs, second_write)
{
	struct policy before;
	int fd;

	fd = open_knob(variant->dir, KNOB_MIDDLE, O_WRONLY);
	ASSERT_LE(0, fd);
	ASSERT_EQ(3, write(fd, "1-3", 3));
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &before));
	EXPECT_STREQ("1-3\n", before.text[KNOB_MIDDLE]);
	EXPECT_EQ(-1, write(fd, "4", 1));
	EXPECT_EQ(EINVAL, errno);
	check_policy(_metadata, &before);
	close(fd);

	fd = open_knob(variant->dir, KNOB_MODE_UNPRIVILEGED, O_WRONLY);
	ASSERT_LE(0, fd);
	ASSERT_EQ(1, write(fd, "2", 1));
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &before));
	EXPECT_STREQ("2\n", before.text[KNOB_MODE_UNPRIVILEGED]);
	EXPECT_EQ(-1, write(fd, "0", 1));
	EXPECT_EQ(EINVAL, errno);
	check_policy(_metadata, &before);
	close(fd);
}

/* A write at an offset other than 0 is refused. */
TEST_F(knobs, write_at_offset)
{
	struct policy before;
	int knob, fd;

	ASSERT_EQ(0, knob_write(variant->dir, KNOB_FINAL, "1-3,7"));
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &before));
	for (knob = 0; knob < KNOB_COUNT; knob++) {
		fd = open_knob(variant->dir, knob, O_WRONLY);
		ASSERT_LE(0, fd);
		errno = 0;
		EXPECT_EQ(-1, pwrite(fd, "1", 1, 1));
		EXPECT_EQ(EINVAL, errno)
		{
			TH_LOG("pwrite(2) at offset 1 to %s/%s: %s",
			       variant->dir, knob_names[knob], strerror(errno));
		}
		close(fd);

		fd = open_knob(variant->dir, knob, O_RDWR);
		ASSERT_LE(0, fd);
		ASSERT_EQ(2, lseek(fd, 2, SEEK_SET));
		errno = 0;
		EXPECT_EQ(-1, write(fd, "1", 1));
		EXPECT_EQ(EINVAL, errno)
		{
			TH_LOG("write(2) at offset 2 to %s/%s: %s",
			       variant->dir, knob_names[knob], strerror(errno));
		}
		close(fd);
		check_policy(_metadata, &before);
	}
}

struct writer_ctx {
	const char *dir;
	int fds[KNOB_COUNT];
	bool reraise;
};

static const char *const sample_values[KNOB_COUNT] = {
	[KNOB_MODE_UNPRIVILEGED] = "3",
	[KNOB_MODE_PRIVILEGED] = "3",
	[KNOB_UTF8] = "1",
	[KNOB_INITIAL] = "65-90",
	[KNOB_MIDDLE] = "65-90",
	[KNOB_FINAL] = "65-90",
};

/*
 * Writes every knob, with a sample value and with a text too long for any
 * knob; returns 0 when each write failed with EPERM: a task that may not
 * write learns nothing more (not E2BIG, not EINVAL).
 */
static int write_all_expect_eperm(const int fds[KNOB_COUNT])
{
	static char too_long[2 * SAFENAME_WRITE_MAX];
	int knob;

	memset(too_long, '1', sizeof(too_long));
	for (knob = 0; knob < KNOB_COUNT; knob++) {
		const char *value = sample_values[knob];

		if (write(fds[knob], value, strlen(value)) != -1)
			return 100 + knob;
		if (errno != EPERM)
			return errno;
		if (write(fds[knob], too_long, sizeof(too_long)) != -1)
			return 100 + knob;
		if (errno != EPERM)
			return errno;
	}
	return 0;
}

/* Opens every knob for writing and writes it. */
static int open_and_write(void *arg)
{
	struct writer_ctx *ctx = arg;
	int knob;

	for (knob = 0; knob < KNOB_COUNT; knob++) {
		ctx->fds[knob] = open_knob(ctx->dir, knob, O_WRONLY);
		if (ctx->fds[knob] < 0)
			return errno;
	}
	if (ctx->reraise && cap_set_effective(CAP_MAC_ADMIN, true))
		return 120;
	return write_all_expect_eperm(ctx->fds);
}

/* Writes the files that the parent opened. */
static int write_inherited(void *arg)
{
	const struct writer_ctx *ctx = arg;

	return write_all_expect_eperm(ctx->fds);
}

static int open_for_writing(void *arg)
{
	const struct writer_ctx *ctx = arg;
	int knob;

	for (knob = 0; knob < KNOB_COUNT; knob++) {
		if (open_knob(ctx->dir, knob, O_WRONLY) != -1)
			return 100 + knob;
		if (errno != EACCES)
			return errno;
	}
	return 0;
}

/* A task without CAP_MAC_ADMIN can open the files but not write them. */
TEST_F(knobs, writer_without_mac_admin)
{
	struct writer_ctx ctx = { .dir = variant->dir };
	struct policy before;

	ASSERT_EQ(0, policy_read(SYSFS_DIR, &before));
	EXPECT_EQ(0, run_as(TASK_NO_MAC_ADMIN, open_and_write, &ctx, NULL));
	check_policy(_metadata, &before);
}

/* Files opened by a privileged task, written by tasks that are not. */
TEST_F(knobs, opened_privileged_written_unprivileged)
{
	struct writer_ctx ctx = { .dir = variant->dir };
	struct policy before;
	int knob;

	ASSERT_EQ(0, policy_read(SYSFS_DIR, &before));
	for (knob = 0; knob < KNOB_COUNT; knob++) {
		ctx.fds[knob] = open_knob(variant->dir, knob, O_WRONLY);
		ASSERT_LE(0, ctx.fds[knob]);
	}
	EXPECT_EQ(0, run_as(TASK_NO_MAC_ADMIN, write_inherited, &ctx, NULL));
	check_policy(_metadata, &before);
	EXPECT_EQ(0, run_as(TASK_NOBODY, write_inherited, &ctx, NULL));
	check_policy(_metadata, &before);
	for (knob = 0; knob < KNOB_COUNT; knob++)
		close(ctx.fds[knob]);
}

/*
 * Opened without CAP_MAC_ADMIN, then written with CAP_MAC_ADMIN raised
 * again: refused.
 */
TEST_F(knobs, opened_unprivileged_written_privileged)
{
	struct writer_ctx ctx = { .dir = variant->dir, .reraise = true };
	struct policy before;

	ASSERT_EQ(0, policy_read(SYSFS_DIR, &before));
	EXPECT_EQ(0, run_as(TASK_NO_MAC_ADMIN, open_and_write, &ctx, NULL));
	check_policy(_metadata, &before);
}

/* uid 65534 cannot open the files (0644, root's) for writing. */
TEST_F(knobs, nobody_cannot_open_for_writing)
{
	struct writer_ctx ctx = { .dir = variant->dir };

	EXPECT_EQ(0, run_as(TASK_NOBODY, open_for_writing, &ctx, NULL));
}

static int read_all(void *arg)
{
	const struct writer_ctx *ctx = arg;
	char buf[KNOB_TEXT_MAX];
	int knob;

	for (knob = 0; knob < KNOB_COUNT; knob++) {
		if (knob_read(ctx->dir, knob, buf, sizeof(buf)) < 1)
			return 100 + knob;
	}
	return 0;
}

TEST_F(knobs, readable_by_everyone)
{
	struct writer_ctx ctx = { .dir = variant->dir };

	EXPECT_EQ(0, run_as(TASK_NO_MAC_ADMIN, read_all, &ctx, NULL));
	EXPECT_EQ(0, run_as(TASK_NOBODY, read_all, &ctx, NULL));
}

/* A write through one place is visible in the other. */
TEST_F(knobs, visible_in_other_place)
{
	static const char *const values[KNOB_COUNT] = {
		[KNOB_MODE_UNPRIVILEGED] = "2\n",
		[KNOB_MODE_PRIVILEGED] = "2\n",
		[KNOB_UTF8] = "1\n",
		[KNOB_INITIAL] = "10-20,40\n",
		[KNOB_MIDDLE] = "0-255\n",
		[KNOB_FINAL] = "\n",
	};
	char buf[KNOB_TEXT_MAX];
	int knob;

	for (knob = 0; knob < KNOB_COUNT; knob++) {
		ASSERT_EQ(0, knob_write(variant->dir, knob, values[knob]));
		read_knob(_metadata, variant->other, knob, buf, sizeof(buf));
		EXPECT_STREQ(values[knob], buf)
		{
			TH_LOG("%s", knob_names[knob]);
		}
	}
}

/*
 * A policy swap is atomic: with the middle set flipping between 0-127 and
 * 128-255, a name with the middle bytes 0x41 and 0xc8 fails under either;
 * only a check that saw half of each could let it through.  (On one CPU
 * without preemption this can only catch a policy changed in place.)
 */
TEST_F_TIMEOUT(knobs, atomic_update, 120)
{
	static const char name[] = "a\x41\xc8z";
	int i, tries = 0, created = 0, status, dirfd;
	char dir[PATH_MAX];
	pid_t writer;

	ASSERT_EQ(0, make_test_dir(TMPFS_DIR, dir, sizeof(dir)));
	dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, dirfd);
	ASSERT_EQ(0, knob_write(variant->dir, KNOB_MIDDLE, "0-127"));
	ASSERT_EQ(0, knob_write(variant->dir, KNOB_MODE_PRIVILEGED, "1"));

	writer = fork();
	ASSERT_LE(0, writer);
	if (writer == 0) {
		for (i = 0; i < 2000; i++) {
			if (knob_write(variant->dir, KNOB_MIDDLE,
				       i % 2 ? "0-127" : "128-255"))
				_exit(1);
		}
		_exit(0);
	}
	while (waitpid(writer, &status, WNOHANG) == 0) {
		tries++;
		if (!mkdirat(dirfd, name, 0755)) {
			created++;
			ASSERT_EQ(0, unlinkat(dirfd, name, AT_REMOVEDIR));
		} else {
			ASSERT_EQ(EPERM, errno);
		}
	}
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	EXPECT_EQ(0, created)
	{
		TH_LOG("%d of %d checks saw a mixed policy", created, tries);
	}
	ASSERT_EQ(0, knob_write(variant->dir, KNOB_MODE_PRIVILEGED, "0"));
	close(dirfd);
	EXPECT_EQ(0, remove_tree(dir));
}

/*
 * A write too long is refused whole, even when its first page, all that
 * sysfs passes on of it at once, is a well-formed byte set.
 */
TEST_F(knobs, long_write_whole_or_nothing)
{
	size_t page = sysconf(_SC_PAGESIZE);
	size_t max = write_max(variant->dir);
	const size_t lens[] = {
		page, page + 1, 2 * page, SAFENAME_WRITE_MAX + 1,
	};
	struct policy before;
	size_t i, k;
	char *big;

	big = malloc(2 * page);
	ASSERT_NE(NULL, big);
	/* "1,1,...,1\n" up to the end of the first page, then "2,2,...". */
	for (i = 0; i < 2 * page; i++)
		big[i] = i % 2 ? ',' : i < page ? '1' : '2';
	big[page - 1] = '\n';
	for (k = 0; k < ARRAY_SIZE(byte_set_knobs); k++) {
		ASSERT_EQ(0, knob_write(variant->dir, byte_set_knobs[k],
					"1-3,7"));
		ASSERT_EQ(0, policy_read(SYSFS_DIR, &before));
		for (i = 0; i < ARRAY_SIZE(lens); i++) {
			struct text text = { .text = big, .len = lens[i] };

			if (lens[i] <= max)
				continue;
			write_knob(_metadata, variant->dir, byte_set_knobs[k],
				   &text, -E2BIG);
			check_policy(_metadata, &before);
		}
	}
	free(big);
}

/*
 * securityfs: reads in pieces, and at any offset, give the text that one
 * read gives.  sysfs: only a read at offset 0 gives text, the whole text
 * or as much of it as fits; any other offset is the end of the file.
 */
TEST_F(knobs, read_in_pieces)
{
	char path[PATH_MAX], whole[KNOB_TEXT_MAX], pieces[KNOB_TEXT_MAX];
	bool sysfs = !strcmp(variant->dir, SYSFS_DIR);
	ssize_t len, got, n;
	int knob, fd;

	ASSERT_EQ(0, knob_write(variant->dir, KNOB_FINAL, "1-3,7,9,100-200"));
	for (knob = 0; knob <= KNOB_COUNT; knob++) {
		/* KNOB_COUNT stands for stats. */
		if (knob < KNOB_COUNT) {
			ASSERT_EQ(0, knob_path(path, sizeof(path),
					       variant->dir, knob));
		} else {
			snprintf(path, sizeof(path), "%s/stats", variant->dir);
		}
		fd = open(path, O_RDONLY | O_CLOEXEC);
		ASSERT_LE(0, fd);
		len = read(fd, whole, sizeof(whole) - 1);
		ASSERT_LT(0, len);
		whole[len] = '\0';
		EXPECT_EQ('\n', whole[len - 1]);
		EXPECT_EQ(0, read(fd, pieces, sizeof(pieces)));
		close(fd);

		fd = open(path, O_RDONLY | O_CLOEXEC);
		ASSERT_LE(0, fd);
		got = 0;
		do {
			n = read(fd, pieces + got, 3);
			ASSERT_LE(0, n);
			got += n;
		} while (n > 0 && got < (ssize_t)sizeof(pieces) - 3);
		pieces[got] = '\0';
		if (sysfs) {
			/* The head, then the end of the file. */
			EXPECT_EQ(len < 3 ? len : 3, got);
			EXPECT_EQ(0, strncmp(whole, pieces, got));
			EXPECT_EQ(0, pread(fd, pieces, sizeof(pieces), 1));
		} else {
			EXPECT_STREQ(whole, pieces)
			{
				TH_LOG("%s", path);
			}
			EXPECT_EQ(1, pread(fd, pieces, sizeof(pieces),
					   len - 1));
			EXPECT_EQ('\n', pieces[0]);
		}
		EXPECT_EQ(len, pread(fd, pieces, sizeof(pieces), 0));
		EXPECT_EQ(0, pread(fd, pieces, sizeof(pieces), len));
		EXPECT_EQ(0, pread(fd, pieces, sizeof(pieces), len + 4096));
		close(fd);
	}
}

/*
 * A value written between two reads of one open file never joins the
 * first: after a whole text, the next read is the end of the file even
 * when the new value is longer.
 */
TEST_F(knobs, read_after_write_is_end)
{
	char path[PATH_MAX], text[KNOB_TEXT_MAX];
	int fd;

	ASSERT_EQ(0, knob_write(variant->dir, KNOB_FINAL, "1"));
	ASSERT_EQ(0, knob_path(path, sizeof(path), variant->dir,
			       KNOB_FINAL));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(2, read(fd, text, sizeof(text)));
	ASSERT_EQ(0, knob_write(variant->dir, KNOB_FINAL, "1,3,5,7-9"));
	EXPECT_EQ(0, read(fd, text, sizeof(text)));
	close(fd);
	ASSERT_LT(0, knob_read(variant->dir, KNOB_FINAL, text, sizeof(text)));
	EXPECT_STREQ("1,3,5,7-9\n", text);
}

TEST_HARNESS_MAIN
