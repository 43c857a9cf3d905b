// SPDX-License-Identifier: GPL-2.0
/*
 * Scopes: the mount option safename=on|log|off (SPEC section 7).
 *
 * Each case mounts what it needs in a mount namespace of its own, with
 * both modes at 3 (enforce and log), and checks what a bad name gets on
 * a file system of each scope: refused and counted ("on"), made and
 * counted ("log"), made and not counted ("off"); who may ask for a scope;
 * and how the scope shows and lasts.
 */

#include <linux/mount.h>
#include <sys/syscall.h>
#include <sys/xattr.h>

#include "../kselftest_harness.h"
#include "audit_nl.h"
#include "common.h"

#define BAD_NAME	"-x"
/* Where each test mounts the file system whose scope it sets. */
#define SCOPE_MNT	TMPFS_DIR "/mnt"

FIXTURE(scope)
{
	char mnt[PATH_MAX];
	struct policy saved;
	int kmsg;
	bool ready;
};

FIXTURE_SETUP(scope)
{
	const char *why;

	self->kmsg = -1;
	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	ASSERT_EQ(0, private_tmpfs());
	snprintf(self->mnt, sizeof(self->mnt), "%s", SCOPE_MNT);
	ASSERT_EQ(0, mkdir(self->mnt, 0755));
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &self->saved));
	self->ready = true;
	ASSERT_EQ(0, policy_write_defaults("3"));
	self->kmsg = kmsg_open();
	ASSERT_LE(0, self->kmsg);
}

FIXTURE_TEARDOWN(scope)
{
	if (!self->ready)
		return;
	EXPECT_EQ(0, policy_write(SYSFS_DIR, &self->saved));
	if (self->kmsg >= 0)
		close(self->kmsg);
}

/* Reports are kernel log lines, which the tests read, only without audit. */
static bool reports_in_kmsg(void)
{
	return audit_enabled() != 1;
}

/*
 * The kernel log lines of names are rate-limited (10 in 5 s, as printk's),
 * and the tests run before this one may have used them up: a test that
 * looks for one waits for a full allowance first.  Those of scopes have
 * an allowance of their own, which the cases before the ones that look
 * for them do not use up.
 */
static void report_allowance(void)
{
	if (reports_in_kmsg())
		sleep(6);
}

/* What a bad name gets in @dir: 0 when made (and removed), else errno. */
static int try_bad_name(const char *dir)
{
	char path[PATH_MAX + 8];
	int fd;

	snprintf(path, sizeof(path), "%s/" BAD_NAME, dir);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		return errno;
	close(fd);
	unlink(path);
	return 0;
}

/* The violations counted while a bad name is tried in @dir. */
static int counted(struct __test_metadata *const _metadata, const char *dir,
		   int *err)
{
	unsigned long long before, after, denied;

	EXPECT_EQ(0, read_counters(&before, &denied));
	*err = try_bad_name(dir);
	EXPECT_EQ(0, read_counters(&after, &denied));
	return after - before;
}

/* A mount's type, source and super options, as mountinfo shows them. */
struct mnt_entry {
	char type[64];
	char source[PATH_MAX];
	char opts[1024];
};

/* The last mount at @mnt, from mountinfo: 0 or -errno (-ENOENT: none). */
static int mnt_entry_read(const char *mnt, struct mnt_entry *e)
{
	char line[4096], point[PATH_MAX];
	FILE *f = fopen("/proc/self/mountinfo", "re");
	int found = -ENOENT;
	char *sep;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*s %*s %*s %*s %4095s", point) != 1 ||
		    strcmp(point, mnt))
			continue;
		/* "... - TYPE SOURCE SUPER_OPTIONS" */
		sep = strstr(line, " - ");
		if (sep && sscanf(sep, " - %63s %4095s %1023s", e->type,
				  e->source, e->opts) == 3)
			found = 0;
	}
	fclose(f);
	return found;
}

/* The super options of the mount at @mnt, in @buf. */
static int super_options(const char *mnt, char *buf, size_t size)
{
	struct mnt_entry e;
	int err = mnt_entry_read(mnt, &e);

	if (!err)
		snprintf(buf, size, "%s", e.opts);
	return err;
}

TEST_F(scope, on_by_default)
{
	int err;

	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0, NULL));
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(EPERM, err);
	ASSERT_EQ(0, umount(self->mnt));
	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0, "safename=on"));
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(EPERM, err);
}

TEST_F(scope, log_reports_without_refusing)
{
	char opts[1024];
	int err;

	report_allowance();
	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0, "mode=0755,safename=log"));
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(0, err);
	if (reports_in_kmsg())
		EXPECT_TRUE(kmsg_has(self->kmsg, "reported create rule=initial"));
	ASSERT_EQ(0, super_options(self->mnt, opts, sizeof(opts)));
	EXPECT_NE(NULL, strstr(opts, "safename=log")) TH_LOG("%s", opts);
	/* The file system's own option was left to it. */
	EXPECT_NE(NULL, strstr(opts, "mode=755")) TH_LOG("%s", opts);
}

/* Under "log", a mode that enforces without logging (1) reports too. */
TEST_F(scope, log_turns_enforce_only_into_report)
{
	int err;

	ASSERT_EQ(0, policy_write_defaults("1"));
	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0, "safename=log"));
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(0, err);
	ASSERT_EQ(0, umount(self->mnt));
	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0, NULL));
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(EPERM, err);
}

TEST_F(scope, off_neither_checks_nor_counts)
{
	char opts[1024];
	int err;

	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0, "safename=off"));
	EXPECT_EQ(0, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(0, err);
	ASSERT_EQ(0, super_options(self->mnt, opts, sizeof(opts)));
	EXPECT_NE(NULL, strstr(opts, "safename=off")) TH_LOG("%s", opts);
	if (reports_in_kmsg())
		EXPECT_TRUE(kmsg_has_both(self->kmsg, "knob=scope fstype=tmpfs",
					  "new=\"off\""));
}

/* tmpfs refuses an unknown key with EINVAL too: the log line is ours. */
TEST_F(scope, bad_value)
{
	EXPECT_EQ(-1, mount("t", self->mnt, "tmpfs", 0, "safename=maybe"));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_TRUE(kmsg_has(self->kmsg, "mount option safename="));
	EXPECT_EQ(-1, mount("t", self->mnt, "tmpfs", 0, "safename"));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_TRUE(kmsg_has(self->kmsg, "mount option safename="));
}

TEST_F(scope, bind_mounts_share_it)
{
	char bind[PATH_MAX + 8];
	int err;

	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0, "safename=off"));
	snprintf(bind, sizeof(bind), "%s/../bind", self->mnt);
	ASSERT_EQ(0, mkdir(bind, 0755));
	ASSERT_EQ(0, mount(self->mnt, bind, NULL, MS_BIND, NULL));
	EXPECT_EQ(0, counted(_metadata, bind, &err));
	EXPECT_EQ(0, err);
}

TEST_F(scope, remount_keeps_or_changes)
{
	int err;

	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0, "safename=off"));
	/* Without the option, the scope stays. */
	ASSERT_EQ(0, mount(NULL, self->mnt, NULL, MS_REMOUNT, "size=50%"));
	EXPECT_EQ(0, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(0, err);
	ASSERT_EQ(0, mount(NULL, self->mnt, NULL, MS_REMOUNT, "safename=on"));
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(EPERM, err);
	ASSERT_EQ(0, mount(NULL, self->mnt, NULL, MS_REMOUNT, "safename=log"));
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(0, err);
}

/* fsopen(2), fsconfig(2), fsmount(2), move_mount(2): the new mount API. */
static int fsconfig_mount(const char *mnt, const char *scope)
{
	int fs, m, ret = 0;

	fs = syscall(__NR_fsopen, "tmpfs", FSOPEN_CLOEXEC);
	if (fs < 0)
		return -errno;
	if (syscall(__NR_fsconfig, fs, FSCONFIG_SET_STRING, "safename", scope,
		    0) ||
	    syscall(__NR_fsconfig, fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0)) {
		ret = -errno;
		goto out;
	}
	m = syscall(__NR_fsmount, fs, FSMOUNT_CLOEXEC, 0);
	if (m < 0) {
		ret = -errno;
		goto out;
	}
	if (syscall(__NR_move_mount, m, "", AT_FDCWD, mnt,
		    MOVE_MOUNT_F_EMPTY_PATH))
		ret = -errno;
	close(m);
out:
	close(fs);
	return ret;
}

TEST_F(scope, fsconfig)
{
	int err;

	ASSERT_EQ(0, fsconfig_mount(self->mnt, "off"));
	EXPECT_EQ(0, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(0, err);
	ASSERT_EQ(0, umount(self->mnt));
	EXPECT_EQ(-EINVAL, fsconfig_mount(self->mnt, "of"));
	EXPECT_TRUE(kmsg_has(self->kmsg, "mount option safename="));
}

/* In a mount namespace of its own, a tmpfs on SCOPE_MNT with @data. */
static int mount_scoped(void *data)
{
	if (unshare(CLONE_NEWNS))
		return errno;
	if (mount("t", SCOPE_MNT, "tmpfs", 0, data))
		return errno;
	return 0;
}

TEST_F(scope, container_cannot_loosen)
{
	if (!can_become(TASK_CONTAINER_ROOT))
		SKIP(return, "no user namespaces");
	EXPECT_EQ(EPERM, run_as(TASK_CONTAINER_ROOT, mount_scoped,
				"safename=off", NULL));
	if (reports_in_kmsg())
		EXPECT_TRUE(kmsg_has_both(self->kmsg, "knob=scope fstype=tmpfs",
					  "res=0"));
	EXPECT_EQ(0, run_as(TASK_CONTAINER_ROOT, mount_scoped, "safename=on",
			    NULL));
	EXPECT_EQ(EPERM, run_as(TASK_NO_MAC_ADMIN, mount_scoped,
				"safename=off", NULL));
	EXPECT_EQ(0, run_as(TASK_NO_MAC_ADMIN, mount_scoped, "safename=on",
			    NULL));
}

/* A remount refused leaves the scope as it was. */
TEST_F(scope, refused_remount_changes_nothing)
{
	char opts[1024];
	int err;

	if (!can_become(TASK_NO_MAC_ADMIN))
		SKIP(return, "cannot drop CAP_MAC_ADMIN");
	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0, NULL));
	ASSERT_EQ(0, cap_set_effective(CAP_MAC_ADMIN, false));
	EXPECT_EQ(-1, mount(NULL, self->mnt, NULL, MS_REMOUNT, "safename=off"));
	EXPECT_EQ(EPERM, errno);
	ASSERT_EQ(0, cap_set_effective(CAP_MAC_ADMIN, true));
	ASSERT_EQ(0, super_options(self->mnt, opts, sizeof(opts)));
	EXPECT_EQ(NULL, strstr(opts, "safename=")) TH_LOG("%s", opts);
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(EPERM, err);
}

/*
 * A file system context can pass from task to task (fork, SCM_RIGHTS):
 * "log" or "off" needs a privileged task both where it is given and where
 * the file system is made, whichever of the two is not.
 */
TEST_F(scope, fsconfig_privileged_at_both_ends)
{
	int fs, i;

	if (!can_become(TASK_NO_MAC_ADMIN))
		SKIP(return, "cannot drop CAP_MAC_ADMIN");
	for (i = 0; i < 2; i++) {
		fs = syscall(__NR_fsopen, "tmpfs", FSOPEN_CLOEXEC);
		ASSERT_LE(0, fs);
		ASSERT_EQ(0, cap_set_effective(CAP_MAC_ADMIN, i));
		EXPECT_EQ(0, syscall(__NR_fsconfig, fs, FSCONFIG_SET_STRING,
				     "safename", "off", 0));
		ASSERT_EQ(0, cap_set_effective(CAP_MAC_ADMIN, !i));
		EXPECT_EQ(-1, syscall(__NR_fsconfig, fs, FSCONFIG_CMD_CREATE,
				      NULL, NULL, 0)) TH_LOG("given %s",
							     i ? "privileged" :
							     "unprivileged");
		EXPECT_EQ(EPERM, errno);
		ASSERT_EQ(0, cap_set_effective(CAP_MAC_ADMIN, true));
		close(fs);
	}
}

/* fspick(2) and FSCONFIG_CMD_RECONFIGURE: a remount by the new API. */
TEST_F(scope, fspick_reconfigure)
{
	char opts[1024];
	int fs, err;

	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0, NULL));
	fs = syscall(__NR_fspick, AT_FDCWD, self->mnt, FSPICK_CLOEXEC);
	ASSERT_LE(0, fs);
	ASSERT_EQ(0, syscall(__NR_fsconfig, fs, FSCONFIG_SET_STRING,
			     "safename", "log", 0));
	ASSERT_EQ(0, syscall(__NR_fsconfig, fs, FSCONFIG_CMD_RECONFIGURE,
			     NULL, NULL, 0));
	close(fs);
	ASSERT_EQ(0, super_options(self->mnt, opts, sizeof(opts)));
	EXPECT_NE(NULL, strstr(opts, "safename=log")) TH_LOG("%s", opts);
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(0, err);
}

/*
 * A remount that Safename allows but the kernel refuses after it (here a
 * file open for writing keeps tmpfs from going read-only) leaves the
 * scope as it was.
 */
TEST_F(scope, remount_failing_later_changes_nothing)
{
	char opts[1024], path[PATH_MAX + 8];
	int fd, err;

	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0, NULL));
	snprintf(path, sizeof(path), "%s/open", self->mnt);
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, mount(NULL, self->mnt, NULL, MS_REMOUNT | MS_RDONLY,
			    "safename=off"));
	EXPECT_EQ(EBUSY, errno);
	close(fd);
	ASSERT_EQ(0, super_options(self->mnt, opts, sizeof(opts)));
	EXPECT_EQ(NULL, strstr(opts, "safename=")) TH_LOG("%s", opts);
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(EPERM, err);
}

/* Remounts @dir with @data, keeping it read-write. */
static int remount(const char *dir, const char *data)
{
	return mount(NULL, dir, NULL, MS_REMOUNT, data) ? errno : 0;
}

/*
 * A mount of devtmpfs cannot take a scope: every mount of it reconfigures
 * the one superblock the kernel made at boot, without the LSM hooks of a
 * remount, so the option is not applied (7.3 ignores it; 6.12 refuses the
 * mount with EBUSY, since the superblock has a scope already).  A remount
 * of it is an ordinary one, and changes the scope.
 */
TEST_F(scope, devtmpfs_cannot_take_it)
{
	char opts[1024];
	int ret;

	ret = mount("d", self->mnt, "devtmpfs", 0, "safename=off");
	if (ret && errno == ENODEV)
		SKIP(return, "no devtmpfs in this kernel");
	if (ret) {
		ASSERT_EQ(EBUSY, errno);
		ASSERT_EQ(0, mount("d", self->mnt, "devtmpfs", 0, NULL));
	}
	ASSERT_EQ(0, super_options(self->mnt, opts, sizeof(opts)));
	EXPECT_EQ(NULL, strstr(opts, "safename=")) TH_LOG("%s", opts);

	ASSERT_EQ(0, remount(self->mnt, "safename=log"));
	ASSERT_EQ(0, super_options(self->mnt, opts, sizeof(opts)));
	EXPECT_NE(NULL, strstr(opts, "safename=log")) TH_LOG("%s", opts);
	ASSERT_EQ(0, remount(self->mnt, "safename=on"));
	ASSERT_EQ(0, super_options(self->mnt, opts, sizeof(opts)));
	EXPECT_EQ(NULL, strstr(opts, "safename=")) TH_LOG("%s", opts);
	EXPECT_EQ(0, umount(self->mnt));
}

/* The overlay's own option governs names made on it, not its layers'. */
TEST_F(scope, overlay_has_its_own)
{
	static const char *const dirs[] = {
		TMPFS_DIR "/ovl", TMPFS_DIR "/ovl/lower", TMPFS_DIR "/ovl/upper",
		TMPFS_DIR "/ovl/work",
	};
	char layers[256], data[512], opts[1024];
	int ret, err;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dirs); i++)
		ASSERT_EQ(0, mkdir(dirs[i], 0755));
	snprintf(layers, sizeof(layers),
		 "lowerdir=%s/ovl/lower,upperdir=%s/ovl/upper,workdir=%s/ovl/work",
		 TMPFS_DIR, TMPFS_DIR, TMPFS_DIR);
	/* An overlay with safename=off on a tmpfs with "on". */
	snprintf(data, sizeof(data), "%s,safename=off", layers);
	ret = mount("o", self->mnt, "overlay", 0, data);
	if (ret && errno == ENODEV)
		SKIP(return, "no overlayfs in this kernel");
	ASSERT_EQ(0, ret);
	EXPECT_EQ(0, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(0, err);
	ASSERT_EQ(0, super_options(self->mnt, opts, sizeof(opts)));
	EXPECT_NE(NULL, strstr(opts, "safename=off")) TH_LOG("%s", opts);
	EXPECT_EQ(1, counted(_metadata, TMPFS_DIR "/ovl/upper", &err));
	EXPECT_EQ(EPERM, err);
	ASSERT_EQ(0, umount(self->mnt));

	/* An overlay without the option on a tmpfs with safename=off. */
	ASSERT_EQ(0, remount(TMPFS_DIR, "safename=off"));
	EXPECT_EQ(0, counted(_metadata, TMPFS_DIR "/ovl/upper", &err));
	EXPECT_EQ(0, err);
	ASSERT_EQ(0, mount("o", self->mnt, "overlay", 0, layers));
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(EPERM, err);
}

/*
 * On file systems the tests do not make themselves: the scope of an ext4
 * or btrfs file system is changed by a remount and shared by every mount
 * of it, and a second mount of its device must ask for the scope it has.
 * The file system is shared with the rest of the system: each case puts
 * "on" back.  The test's own overlay changes alike (that its scope is its
 * own, whatever its layers', is overlay_has_its_own's).
 */
FIXTURE(scope_fs)
{
	char dir[PATH_MAX];
	char mnt2[PATH_MAX];
	struct mnt_entry fs;
	struct policy saved;
	bool ready, remounted;
};

FIXTURE_VARIANT(scope_fs)
{
	const char *type;
	const char *env;
};

FIXTURE_VARIANT_ADD(scope_fs, ext4) {
	.type = "ext4",
	.env = "SAFENAME_EXT4_DIR",
};

FIXTURE_VARIANT_ADD(scope_fs, btrfs) {
	.type = "btrfs",
	.env = "SAFENAME_BTRFS_DIR",
};

FIXTURE_VARIANT_ADD(scope_fs, overlay) {
	.type = "overlay",
};

FIXTURE_SETUP(scope_fs)
{
	const char *why, *base;
	int err;

	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	ASSERT_EQ(0, private_tmpfs());
	if (variant->env) {
		base = getenv(variant->env);
		if (!base)
			SKIP(return, "no %s: set %s to the mount point of one",
			     variant->type, variant->env);
		snprintf(self->dir, sizeof(self->dir), "%s", base);
		/* The mount point itself: a remount needs it. */
		ASSERT_EQ(0, mnt_entry_read(self->dir, &self->fs))
			TH_LOG("%s is not a mount point", self->dir);
		ASSERT_STREQ(variant->type, self->fs.type);
	} else {
		err = private_overlay();
		if (err == -ENODEV)
			SKIP(return, "no overlayfs in this kernel");
		ASSERT_EQ(0, err);
		snprintf(self->dir, sizeof(self->dir), "%s", OVERLAY_DIR);
	}
	snprintf(self->mnt2, sizeof(self->mnt2), "%s/mnt2", TMPFS_DIR);
	ASSERT_EQ(0, mkdir(self->mnt2, 0755));
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &self->saved));
	self->ready = true;
	ASSERT_EQ(0, policy_write_defaults("3"));
}

FIXTURE_TEARDOWN(scope_fs)
{
	if (!self->ready)
		return;
	if (self->remounted)
		EXPECT_EQ(0, mount(NULL, self->dir, NULL, MS_REMOUNT,
				   "safename=on"));
	EXPECT_EQ(0, policy_write(SYSFS_DIR, &self->saved));
}

TEST_F(scope_fs, remount_changes_it_for_every_mount)
{
	char opts[1024];
	int err, kmsg;

	EXPECT_EQ(1, counted(_metadata, self->dir, &err));
	EXPECT_EQ(EPERM, err);
	self->remounted = true;
	ASSERT_EQ(0, remount(self->dir, "safename=log"));
	ASSERT_EQ(0, super_options(self->dir, opts, sizeof(opts)));
	EXPECT_NE(NULL, strstr(opts, "safename=log")) TH_LOG("%s", opts);
	EXPECT_EQ(1, counted(_metadata, self->dir, &err));
	EXPECT_EQ(0, err);

	if (!variant->env)
		goto back_on;
	/*
	 * A second mount of the device is the same file system: without
	 * the option it shares the scope, and it may not ask for another.
	 */
	ASSERT_EQ(0, mount(self->fs.source, self->mnt2, self->fs.type, 0,
			   NULL));
	EXPECT_EQ(1, counted(_metadata, self->mnt2, &err));
	EXPECT_EQ(0, err);
	ASSERT_EQ(0, umount(self->mnt2));
	EXPECT_EQ(-1, mount(self->fs.source, self->mnt2, self->fs.type, 0,
			    "safename=off"));
	EXPECT_EQ(EBUSY, errno);
	EXPECT_EQ(-1, mount(self->fs.source, self->mnt2, self->fs.type, 0,
			    "safename=on"));
	EXPECT_EQ(EBUSY, errno);
	report_allowance();
	kmsg = kmsg_open();
	ASSERT_LE(0, kmsg);
	ASSERT_EQ(0, mount(self->fs.source, self->mnt2, self->fs.type, 0,
			   "safename=log"));
	EXPECT_EQ(1, counted(_metadata, self->mnt2, &err));
	EXPECT_EQ(0, err);

	ASSERT_EQ(0, remount(self->dir, "safename=off"));
	EXPECT_EQ(0, counted(_metadata, self->mnt2, &err));
	EXPECT_EQ(0, err);
	/* A join that asks for the scope it finds changes nothing: no report. */
	if (reports_in_kmsg())
		EXPECT_EQ(1, kmsg_count(kmsg, "knob=scope fstype=", NULL));
	close(kmsg);
	ASSERT_EQ(0, super_options(self->mnt2, opts, sizeof(opts)));
	EXPECT_NE(NULL, strstr(opts, "safename=off")) TH_LOG("%s", opts);
	EXPECT_EQ(0, umount(self->mnt2));

back_on:
	ASSERT_EQ(0, remount(self->dir, "safename=on"));
	self->remounted = false;
	EXPECT_EQ(1, counted(_metadata, self->dir, &err));
	EXPECT_EQ(EPERM, err);
	ASSERT_EQ(0, super_options(self->dir, opts, sizeof(opts)));
	EXPECT_EQ(NULL, strstr(opts, "safename=")) TH_LOG("%s", opts);
}

/*
 * With Smack stacked (it needs no policy), its option and Safename's on
 * one mount, by both mount APIs: each LSM takes its own.
 */
TEST_F(scope, beside_smack)
{
	char opts[1024], label[64];
	int fs, m, err;
	ssize_t len;

	if (lsm_active("smack") != 1)
		SKIP(return, "Smack is not active");
	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0,
			   "smackfsroot=Pop,safename=off"));
	len = getxattr(self->mnt, "security.SMACK64", label,
		       sizeof(label) - 1);
	ASSERT_LT(0, len);
	label[len] = '\0';
	EXPECT_STREQ("Pop", label);
	EXPECT_EQ(0, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(0, err);
	ASSERT_EQ(0, super_options(self->mnt, opts, sizeof(opts)));
	EXPECT_NE(NULL, strstr(opts, "safename=off")) TH_LOG("%s", opts);
	ASSERT_EQ(0, umount(self->mnt));

	fs = syscall(__NR_fsopen, "tmpfs", FSOPEN_CLOEXEC);
	ASSERT_LE(0, fs);
	ASSERT_EQ(0, syscall(__NR_fsconfig, fs, FSCONFIG_SET_STRING,
			     "safename", "log", 0));
	ASSERT_EQ(0, syscall(__NR_fsconfig, fs, FSCONFIG_SET_STRING,
			     "smackfsroot", "Snap", 0));
	ASSERT_EQ(0, syscall(__NR_fsconfig, fs, FSCONFIG_CMD_CREATE, NULL,
			     NULL, 0));
	m = syscall(__NR_fsmount, fs, FSMOUNT_CLOEXEC, 0);
	ASSERT_LE(0, m);
	ASSERT_EQ(0, syscall(__NR_move_mount, m, "", AT_FDCWD, self->mnt,
			     MOVE_MOUNT_F_EMPTY_PATH));
	close(m);
	close(fs);
	len = getxattr(self->mnt, "security.SMACK64", label,
		       sizeof(label) - 1);
	ASSERT_LT(0, len);
	label[len] = '\0';
	EXPECT_STREQ("Snap", label);
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(0, err);
	ASSERT_EQ(0, umount(self->mnt));

	/* Smack's option alone leaves Safename's scope on. */
	ASSERT_EQ(0, mount("t", self->mnt, "tmpfs", 0, "smackfsroot=Pop"));
	ASSERT_EQ(0, super_options(self->mnt, opts, sizeof(opts)));
	EXPECT_EQ(NULL, strstr(opts, "safename=")) TH_LOG("%s", opts);
	len = getxattr(self->mnt, "security.SMACK64", label,
		       sizeof(label) - 1);
	ASSERT_LT(0, len);
	label[len] = '\0';
	EXPECT_STREQ("Pop", label);
	EXPECT_EQ(1, counted(_metadata, self->mnt, &err));
	EXPECT_EQ(EPERM, err);
}

TEST_HARNESS_MAIN
