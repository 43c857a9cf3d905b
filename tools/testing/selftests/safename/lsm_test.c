// SPDX-License-Identifier: GPL-2.0
/*
 * Safename tests: Safename as one LSM among others.
 *
 * Whether Safename should be active is read from the lsm= parameter on the
 * kernel command line; on a boot without one (CONFIG_LSM decides, which user
 * space cannot read back) the cases that need to know SKIP.  Unlike the
 * other programs, this one also runs where Safename is not active: that is
 * what it checks.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <linux/limits.h>
#if __has_include("linux/lsm.h")
#include <linux/lsm.h>
#endif

#include "common.h"

#ifndef LSM_ID_SAFENAME
#define LSM_ID_SAFENAME 114
#endif

#ifndef __NR_lsm_list_modules
#define __NR_lsm_list_modules 461
#endif

static const struct {
	const char *name;
	__u64 id;
} lsm_ids[] = {
	{ "capability", 100 },
	{ "selinux", 101 },
	{ "smack", 102 },
	{ "tomoyo", 103 },
	{ "apparmor", 104 },
	{ "yama", 105 },
	{ "loadpin", 106 },
	{ "safesetid", 107 },
	{ "lockdown", 108 },
	{ "bpf", 109 },
	{ "landlock", 110 },
	{ "ima", 111 },
	{ "evm", 112 },
	{ "ipe", 113 },
	{ "safename", LSM_ID_SAFENAME },
};

#define MAX_LSMS 32

struct lsm_list {
	char text[PATH_MAX];
	char *names[MAX_LSMS];
	int count;
};

/* Splits @text, a comma-separated list, in place. */
static int split_list(struct lsm_list *list)
{
	char *save = NULL, *name;

	list->count = 0;
	for (name = strtok_r(list->text, ",\n", &save); name;
	     name = strtok_r(NULL, ",\n", &save)) {
		if (list->count == MAX_LSMS)
			return -E2BIG;
		list->names[list->count++] = name;
	}
	return 0;
}

static int list_index(const struct lsm_list *list, const char *name)
{
	int i;

	for (i = 0; i < list->count; i++) {
		if (!strcmp(list->names[i], name))
			return i;
	}
	return -1;
}

static int read_file(const char *path, char *buf, size_t size)
{
	ssize_t len;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = read(fd, buf, size - 1);
	close(fd);
	if (len < 0)
		return -errno;
	buf[len] = '\0';
	return 0;
}

/* The active LSMs, from securityfs. */
static int read_active(struct lsm_list *list)
{
	int err = read_file("/sys/kernel/security/lsm", list->text,
			    sizeof(list->text));

	return err ?: split_list(list);
}

/* The lsm= parameter of the command line: -ENOENT when there is none. */
static int read_cmdline_lsm(struct lsm_list *list)
{
	char cmdline[4096], *param, *save = NULL;
	int err;

	err = read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	if (err)
		return err;
	for (param = strtok_r(cmdline, " \t\n", &save); param;
	     param = strtok_r(NULL, " \t\n", &save)) {
		if (!strncmp(param, "lsm=", 4)) {
			/* The last one wins, as in the kernel. */
			snprintf(list->text, sizeof(list->text), "%s",
				 param + 4);
			err = 1;
		}
	}
	if (err != 1)
		return -ENOENT;
	return split_list(list);
}

#define NO_LSM_PARAM \
	"no lsm= on the command line: CONFIG_LSM decides, unknown here"

/*
 * Sets *@active to whether lsm= lists Safename.  Returns -ENOENT when the
 * command line has no lsm=.
 */
static int expected_active(bool *active)
{
	struct lsm_list cmdline;
	int err = read_cmdline_lsm(&cmdline);

	if (!err)
		*active = list_index(&cmdline, "safename") >= 0;
	return err;
}

/* The securityfs list and lsm_list_modules(2) agree, in order. */
TEST(securityfs_matches_syscall)
{
	__u64 ids[MAX_LSMS];
	__u32 size = sizeof(ids);
	struct lsm_list active;
	int count, i;
	size_t j;

	if (read_active(&active))
		SKIP(return, "cannot read " LSM_LIST " (is securityfs mounted?)");
	count = syscall(__NR_lsm_list_modules, ids, &size, 0);
	ASSERT_LT(0, count)
	{
		TH_LOG("lsm_list_modules: %s", strerror(errno));
	}
	ASSERT_EQ(active.count, count);
	ASSERT_EQ(count * sizeof(__u64), size);
	for (i = 0; i < count; i++) {
		for (j = 0; j < ARRAY_SIZE(lsm_ids); j++) {
			if (!strcmp(lsm_ids[j].name, active.names[i]))
				break;
		}
		ASSERT_GT(ARRAY_SIZE(lsm_ids), j)
		{
			TH_LOG("unknown LSM %s", active.names[i]);
		}
		EXPECT_EQ(lsm_ids[j].id, ids[i])
		{
			TH_LOG("%s at %d", active.names[i], i);
		}
	}
}

/* Safename is active iff lsm= lists it, and at the place listed. */
TEST(presence_matches_cmdline)
{
	struct lsm_list cmdline, active;
	int i, last = -1, at;

	if (read_cmdline_lsm(&cmdline))
		SKIP(return, NO_LSM_PARAM);
	if (read_active(&active))
		SKIP(return, "cannot read " LSM_LIST " (is securityfs mounted?)");
	EXPECT_EQ(list_index(&cmdline, "safename") >= 0,
		  list_index(&active, "safename") >= 0);

	/*
	 * Every active LSM but capability (always first) is listed, in the
	 * order of the list.
	 */
	for (i = 0; i < active.count; i++) {
		if (!strcmp(active.names[i], "capability")) {
			EXPECT_EQ(0, i);
			continue;
		}
		at = list_index(&cmdline, active.names[i]);
		EXPECT_LE(0, at)
		{
			TH_LOG("%s is active but not in lsm=", active.names[i]);
		}
		EXPECT_LT(last, at)
		{
			TH_LOG("%s is out of the order of lsm=",
			       active.names[i]);
		}
		last = at;
	}
}

TEST(syscall_lists_safename_iff_active)
{
	__u64 ids[MAX_LSMS];
	__u32 size = sizeof(ids);
	bool listed = false, active;
	int count, i;

	if (expected_active(&active))
		SKIP(return, NO_LSM_PARAM);
	count = syscall(__NR_lsm_list_modules, ids, &size, 0);
	ASSERT_LT(0, count);
	for (i = 0; i < count; i++)
		listed |= ids[i] == LSM_ID_SAFENAME;
	EXPECT_EQ(active, listed);
}

/* The knobs exist in both places iff Safename is active. */
TEST(knobs_exist_iff_active)
{
	static const char *const dirs[] = { SYSFS_DIR, SECURITYFS_DIR };
	char path[PATH_MAX];
	struct stat st;
	bool active;
	size_t i;
	int knob;

	if (expected_active(&active))
		SKIP(return, NO_LSM_PARAM);
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		EXPECT_EQ(active ? 0 : -1, stat(dirs[i], &st))
		{
			TH_LOG("%s", dirs[i]);
		}
		if (!active) {
			EXPECT_EQ(ENOENT, errno);
			continue;
		}
		EXPECT_TRUE(S_ISDIR(st.st_mode));
		for (knob = 0; knob < KNOB_COUNT; knob++) {
			ASSERT_EQ(0, knob_path(path, sizeof(path), dirs[i],
					       knob));
			EXPECT_EQ(0, stat(path, &st))
			{
				TH_LOG("%s", path);
			}
		}
	}
}

struct names_ctx {
	int dirfd;
	int err;
};

static const char *const bad_names[] = {
	"-dash", "new\nline", "space ", "\x1b", "\xff", "\xc0\xaf",
};

/* Creates every bad name; returns 0 when each gave ctx->err. */
static int make_bad_names(void *arg)
{
	const struct names_ctx *ctx = arg;
	int err;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad_names); i++) {
		err = mkdirat(ctx->dirfd, bad_names[i], 0755) ? errno : 0;
		if (err != ctx->err)
			return 100 + i;
	}
	return 0;
}

/*
 * Without Safename nothing is refused.  With it, its modes turned on
 * refuse the same names (so the boot really has it).
 */
TEST(enforced_iff_active)
{
	static const enum task_kind kinds[] = {
		TASK_PRIVILEGED, TASK_NO_MAC_ADMIN, TASK_NOBODY,
	};
	struct names_ctx ctx = {};
	struct policy saved, policy;
	char dir[PATH_MAX];
	bool active;
	size_t i;
	const char *why;

	if (expected_active(&active))
		SKIP(return, NO_LSM_PARAM);
	why = active ? safename_unusable() : NULL;
	if (why)
		SKIP(return, "%s", why);
	if (!active && (geteuid() || !cap_effective(CAP_SYS_ADMIN)))
		SKIP(return, "needs root with CAP_SYS_ADMIN");
	ASSERT_EQ(0, private_test_dir(dir, sizeof(dir)));
	ctx.dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, ctx.dirfd);

	if (active) {
		ASSERT_EQ(0, policy_read(SYSFS_DIR, &saved));
		policy_set_defaults(&policy);
		policy_set_text(&policy, KNOB_UTF8, "1\n");
		ASSERT_EQ(0, policy_write(SYSFS_DIR, &policy));
	}
	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		/* Off by default, or absent. */
		ctx.err = 0;
		EXPECT_EQ(0, run_as(kinds[i], make_bad_names, &ctx, NULL))
		{
			TH_LOG("as %s", task_kind_name(kinds[i]));
		}
		ASSERT_EQ(0, empty_dir(dir));
		if (!active)
			continue;
		ASSERT_EQ(0, set_mode_for(kinds[i], SAFENAME_MODE_ENFORCE));
		ctx.err = EPERM;
		EXPECT_EQ(0, run_as(kinds[i], make_bad_names, &ctx, NULL))
		{
			TH_LOG("as %s", task_kind_name(kinds[i]));
		}
		ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
		ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED,
					"0"));
		ASSERT_EQ(0, empty_dir(dir));
	}
	if (active)
		EXPECT_EQ(0, policy_write(SYSFS_DIR, &saved));
	close(ctx.dirfd);
	EXPECT_EQ(0, remove_tree(dir));
}

TEST_HARNESS_MAIN
