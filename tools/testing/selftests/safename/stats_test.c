// SPDX-License-Identifier: GPL-2.0
/*
 * Safename stats: every counter, in both knob places.
 *
 * The counters only grow; each test reads them before and after what it
 * does and checks the difference.
 */

#include "common.h"

enum counter {
	C_VIOLATIONS,
	C_DENIED,
	C_INITIAL,
	C_MIDDLE,
	C_FINAL,
	C_UTF8,
	C_COUNT,
};

static const char *const counter_names[C_COUNT] = {
	"violations", "denied", "initial", "middle", "final", "utf8",
};

struct stats {
	unsigned long long c[C_COUNT];
};

/*
 * Reads @dir/stats into @stats, checking its exact form: one "key value"
 * line per counter, in order.  Returns 0 or -1.
 */
static int stats_read(const char *dir, struct stats *stats)
{
	char path[256], buf[512], key[32], *p = buf;
	int fd, i, used;
	ssize_t len;

	snprintf(path, sizeof(path), "%s/stats", dir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (len <= 0)
		return -1;
	buf[len] = '\0';
	for (i = 0; i < C_COUNT; i++) {
		if (sscanf(p, "%31[a-z0-9] %llu\n%n", key, &stats->c[i],
			   &used) != 2 || strcmp(key, counter_names[i]) ||
		    p[used - 1] != '\n')
			return -1;
		p += used;
	}
	return *p ? -1 : 0;
}

FIXTURE(stats)
{
	struct policy saved;
	char dir[PATH_MAX];
	struct stats before;
};

FIXTURE_SETUP(stats)
{
	const char *why;

	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	ASSERT_EQ(0, private_test_dir(self->dir, sizeof(self->dir)));
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &self->saved));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_UTF8, "1"));
	ASSERT_EQ(0, stats_read(SYSFS_DIR, &self->before));
}

FIXTURE_TEARDOWN(stats)
{
	EXPECT_EQ(0, policy_write(SYSFS_DIR, &self->saved));
	EXPECT_EQ(0, remove_tree(self->dir));
}

/* Creates @name in @dir with mkdir(2); returns 0 or -errno. */
static int make(const char *dir, const char *name)
{
	char path[PATH_MAX];
	int len;

	len = snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (len < 0 || (size_t)len >= sizeof(path))
		return -ENAMETOOLONG;
	return mkdir(path, 0700) ? -errno : 0;
}

/* Expects each counter to have grown by the given amount since setup. */
static void expect_growth(struct __test_metadata *const _metadata,
			  const struct stats *before, const long delta[C_COUNT])
{
	struct stats after, other;
	int i;

	ASSERT_EQ(0, stats_read(SYSFS_DIR, &after));
	for (i = 0; i < C_COUNT; i++) {
		if (after.c[i] - before->c[i] != (unsigned long long)delta[i])
			TH_LOG("%s: %llu -> %llu, expected +%ld",
			       counter_names[i], before->c[i], after.c[i],
			       delta[i]);
		EXPECT_EQ(delta[i], (long)(after.c[i] - before->c[i]));
	}
	/* Both places serve the same counters. */
	ASSERT_EQ(0, stats_read(SECURITYFS_DIR, &other));
	EXPECT_EQ(0, memcmp(&after, &other, sizeof(after)));
}

TEST(files)
{
	static const char *const dirs[] = { SYSFS_DIR, SECURITYFS_DIR };
	struct stats stats;
	char path[256];
	struct stat st;
	size_t i;
	const char *why;

	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(path, sizeof(path), "%s/stats", dirs[i]);
		ASSERT_EQ(0, stat(path, &st));
		EXPECT_EQ(0444, st.st_mode & 07777);
		EXPECT_EQ(0, stats_read(dirs[i], &stats));
		/* Root cannot write it either. */
		EXPECT_EQ(-1, open(path, O_WRONLY | O_CLOEXEC));
		EXPECT_EQ(EACCES, errno);
	}
}

TEST_F(stats, each_rule_enforced)
{
	static const long delta[C_COUNT] = { 4, 4, 1, 1, 1, 1 };

	ASSERT_EQ(0, set_mode_for(TASK_PRIVILEGED, 3));
	EXPECT_EQ(-EPERM, make(self->dir, "-initial"));
	EXPECT_EQ(-EPERM, make(self->dir, "mid\x01\x64le"));
	EXPECT_EQ(-EPERM, make(self->dir, "final "));
	EXPECT_EQ(-EPERM, make(self->dir, "utf\xc3\x38"));
	EXPECT_EQ(0, make(self->dir, "valid-name"));
	expect_growth(_metadata, &self->before, delta);
}

TEST_F(stats, log_only_counts_no_denial)
{
	static const long delta[C_COUNT] = { 2, 0, 1, 0, 1, 0 };

	ASSERT_EQ(0, set_mode_for(TASK_PRIVILEGED, SAFENAME_MODE_LOG));
	EXPECT_EQ(0, make(self->dir, "~tilde"));
	EXPECT_EQ(0, make(self->dir, "trailing\t"));
	expect_growth(_metadata, &self->before, delta);
}

TEST_F(stats, enforce_without_log)
{
	static const long delta[C_COUNT] = { 1, 1, 0, 1, 0, 0 };

	ASSERT_EQ(0, set_mode_for(TASK_PRIVILEGED, SAFENAME_MODE_ENFORCE));
	EXPECT_EQ(-EPERM, make(self->dir, "a\nb"));
	expect_growth(_metadata, &self->before, delta);
}

TEST_F(stats, mode_zero_counts_nothing)
{
	static const long delta[C_COUNT] = { 0 };

	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	EXPECT_EQ(0, make(self->dir, "-dash"));
	EXPECT_EQ(0, make(self->dir, "bad\xff\x62yte"));
	expect_growth(_metadata, &self->before, delta);
}

/* Rate limiting drops log lines, never counts. */
TEST_F(stats, counts_beyond_the_log_rate_limit)
{
	static const long delta[C_COUNT] = { 30, 30, 30, 0, 0, 0 };
	char name[32];
	int i;

	ASSERT_EQ(0, set_mode_for(TASK_PRIVILEGED, 3));
	for (i = 0; i < 30; i++) {
		snprintf(name, sizeof(name), "-flood%d", i);
		EXPECT_EQ(-EPERM, make(self->dir, name));
	}
	expect_growth(_metadata, &self->before, delta);
}

/* run_as() wants a positive errno. */
static int make_bad(void *arg)
{
	return -make(arg, "-unprivileged");
}

TEST_F(stats, unprivileged_mode)
{
	static const long delta[C_COUNT] = { 1, 1, 1, 0, 0, 0 };

	/* Unprivileged enforce, privileged off: only the child counts. */
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "1"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	EXPECT_EQ(EPERM, run_as(TASK_NOBODY, make_bad, self->dir, NULL));
	EXPECT_EQ(0, make(self->dir, "-privileged"));
	expect_growth(_metadata, &self->before, delta);
}

TEST_HARNESS_MAIN
