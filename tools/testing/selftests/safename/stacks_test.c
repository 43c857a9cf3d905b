// SPDX-License-Identifier: GPL-2.0
/*
 * Safename tests: the promise on real stacks.  Existing names are never
 * checked, refused or counted: on overlayfs (mounted by root or by a user
 * in a user namespace), under an editor's atomic save, for an uncached
 * open(O_CREAT), on a file system with atomic_open; new names on an
 * overlay are checked once, with the credentials of the task that creates
 * them.
 *
 * Each existing-name case asserts that the counters in stats did not move
 * and that the kernel log got no Safename line.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <linux/btrfs.h>
#include <linux/fs.h>
#include <sched.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/swap.h>

#include "common.h"

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE 0x2
#endif

#define STACKS_TIMEOUT	180

/* From <linux/fs.h>, which cannot come with <sys/mount.h>. */
#ifndef FS_IOC_GETFLAGS
#define FS_IOC_GETFLAGS	_IOR('f', 1, long)
#define FS_IOC_SETFLAGS	_IOW('f', 2, long)
#endif
#ifndef FS_CASEFOLD_FL
#define FS_CASEFOLD_FL	0x40000000
#endif

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t ret;

	if (fd < 0)
		return -errno;
	ret = write(fd, text, strlen(text));
	close(fd);
	return ret == (ssize_t)strlen(text) ? 0 : -EIO;
}

static int touch_at(int dirfd, const char *name)
{
	int fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/* The bad names the lower layer holds, made while Safename is off. */
#define BAD_FILE	"-foo"
#define BAD_DIR		"a\nb"
#define BAD_EMPTY_DIR	"trailing "

FIXTURE(stacks)
{
	char base[PATH_MAX];
	char lower[PATH_MAX + 8], upper[PATH_MAX + 8], work[PATH_MAX + 8];
	char merged[PATH_MAX + 8];
	struct policy saved;
	bool ready;
};

FIXTURE_SETUP(stacks)
{
	struct policy defaults;
	int dirfd;
	const char *why;

	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &self->saved));
	self->ready = true;
	policy_set_defaults(&defaults);
	ASSERT_EQ(0, policy_write(SYSFS_DIR, &defaults));

	ASSERT_EQ(0, unshare(CLONE_NEWNS));
	ASSERT_EQ(0, mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL));
	snprintf(self->base, sizeof(self->base), "/tmp/safename-stacks.%d",
		 getpid());
	ASSERT_EQ(0, mkdir(self->base, 0755));
	ASSERT_EQ(0, mount("safename-stacks", self->base, "tmpfs", 0,
			   "mode=0755"));
	snprintf(self->lower, sizeof(self->lower), "%s/lower", self->base);
	snprintf(self->upper, sizeof(self->upper), "%s/upper", self->base);
	snprintf(self->work, sizeof(self->work), "%s/work", self->base);
	snprintf(self->merged, sizeof(self->merged), "%s/merged", self->base);
	ASSERT_EQ(0, mkdir(self->lower, 0755));
	ASSERT_EQ(0, mkdir(self->upper, 0777));
	/* Writable by everyone, so that only Safename refuses uid 65534. */
	ASSERT_EQ(0, chmod(self->upper, 0777));
	ASSERT_EQ(0, mkdir(self->work, 0755));
	ASSERT_EQ(0, mkdir(self->merged, 0755));

	/* The image's bad names, made while both modes are 0. */
	dirfd = open(self->lower, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, dirfd);
	ASSERT_EQ(0, touch_at(dirfd, BAD_FILE));
	ASSERT_EQ(0, mkdirat(dirfd, BAD_DIR, 0777));
	ASSERT_EQ(0, mkdirat(dirfd, BAD_EMPTY_DIR, 0777));
	ASSERT_EQ(0, touch_at(dirfd, BAD_DIR "/inside"));
	ASSERT_EQ(0, fchmodat(dirfd, BAD_FILE, 0666, 0));
	close(dirfd);
}

FIXTURE_TEARDOWN(stacks)
{
	if (!self->ready)
		return;
	umount2(self->merged, MNT_DETACH);
	umount2(self->base, MNT_DETACH);
	rmdir(self->base);
	EXPECT_EQ(0, policy_write(SYSFS_DIR, &self->saved));
}

static int mount_overlay(const char *lower, const char *upper,
			 const char *work, const char *merged, const char *more)
{
	char opts[4 * PATH_MAX];

	snprintf(opts, sizeof(opts), "lowerdir=%s,upperdir=%s,workdir=%s%s",
		 lower, upper, work, more);
	return mount("overlay", merged, "overlay", 0, opts) ? errno : 0;
}

/*
 * Everything a container does to its image's existing bad names: each
 * forces a copy-up or a whiteout of the name on the upper layer.
 * Returns 0 or the errno of the first failure.
 */
/* Says what failed, on stderr (the child has no test metadata). */
static int failed(const char *what)
{
	int err = errno;

	fprintf(stderr, "# %s: %s\n", what, strerror(err));
	return err;
}

static int use_existing(const char *merged)
{
	int dirfd, fd;

	dirfd = open(merged, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dirfd < 0)
		return failed("open the overlay");
	fd = openat(dirfd, BAD_FILE, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0 || write(fd, "x", 1) != 1)
		return failed("write " BAD_FILE);
	close(fd);
	if (fchmodat(dirfd, BAD_FILE, 0644, 0))
		return failed("chmod");
	if (touch_at(dirfd, BAD_DIR "/new"))
		return failed("create inside a bad directory");
	if (unlinkat(dirfd, BAD_DIR "/inside", 0))
		return failed("delete inside a bad directory");
	if (renameat(dirfd, BAD_FILE, dirfd, "renamed-away"))
		return failed("rename away");
	if (unlinkat(dirfd, "renamed-away", 0))
		return failed("delete");
	if (unlinkat(dirfd, BAD_DIR "/new", 0))
		return failed("delete the new file");
	if (unlinkat(dirfd, BAD_DIR, AT_REMOVEDIR))
		return failed("rmdir a bad directory");
	if (unlinkat(dirfd, BAD_EMPTY_DIR, AT_REMOVEDIR))
		return failed("rmdir an empty bad directory");
	close(dirfd);
	return 0;
}

static int create_bad(const char *merged)
{
	char path[PATH_MAX + 64];
	int fd;

	snprintf(path, sizeof(path), "%s/-new", merged);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static int create_bad_fn(void *arg)
{
	return create_bad(arg);
}

/* Root mounts the overlay; both modes enforce and log. */
TEST_F_TIMEOUT(stacks, overlay_rootful, STACKS_TIMEOUT)
{
	unsigned long long v0, d0, v1, d1;
	int kmsg;

	ASSERT_EQ(0, mount_overlay(self->lower, self->upper, self->work,
				   self->merged, ""));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	kmsg = kmsg_open();
	ASSERT_LE(0, kmsg);
	ASSERT_EQ(0, read_counters(&v0, &d0));
	EXPECT_EQ(0, use_existing(self->merged));
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0, v1);
	EXPECT_EQ(d0, d1);
	EXPECT_FALSE(kmsg_has(kmsg, "safename: "));
	close(kmsg);

	/* A new bad name on the overlay: refused once, counted once. */
	EXPECT_EQ(EPERM, create_bad(self->merged));
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0 + 1, v1);
	EXPECT_EQ(d0 + 1, d1);
	EXPECT_EQ(EPERM, run_as(TASK_NOBODY, create_bad_fn, self->merged,
				NULL));
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0 + 2, v1);
	EXPECT_EQ(d0 + 2, d1);
}

/*
 * Overlay's work-directory temporaries are named "#N": a policy without "#"
 * as a first byte still mounts and copies up.
 */
TEST_F_TIMEOUT(stacks, overlay_without_hash, STACKS_TIMEOUT)
{
	unsigned long long v0, d0, v1, d1;

	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_INITIAL,
				"33,36-44,46-57,59-125,128-254"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	ASSERT_EQ(0, read_counters(&v0, &d0));
	ASSERT_EQ(0, mount_overlay(self->lower, self->upper, self->work,
				   self->merged, ""));
	EXPECT_EQ(0, use_existing(self->merged));
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0, v1);
	EXPECT_EQ(d0, d1);
}

/*
 * Root mounts, an unprivileged user creates: the user's mode (0) judges,
 * not the mounter's (1), although overlayfs creates the name on the upper
 * layer with the mounter's credentials.
 */
TEST_F_TIMEOUT(stacks, overlay_judges_the_creator, STACKS_TIMEOUT)
{
	unsigned long long v0, d0, v1, d1;

	ASSERT_EQ(0, mount_overlay(self->lower, self->upper, self->work,
				   self->merged, ""));
	ASSERT_EQ(0, chmod(self->merged, 0777));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "1"));
	ASSERT_EQ(0, read_counters(&v0, &d0));
	EXPECT_EQ(0, run_as(TASK_NOBODY, create_bad_fn, self->merged, NULL));
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0, v1);
	EXPECT_EQ(d0, d1);
}

struct rootless_ctx {
	const char *lower;
	const char *base;
};

static int rootless(void *arg)
{
	const struct rootless_ctx *ctx = arg;
	char dir[PATH_MAX + 32], upper[PATH_MAX + 48], work[PATH_MAX + 48];
	char merged[PATH_MAX + 48], map[64];
	uid_t uid = getuid();
	gid_t gid = getgid();
	int err;

	/* Leaving uid 0 made the task undumpable: its maps would be root's. */
	if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0))
		return errno;
	if (unshare(CLONE_NEWUSER | CLONE_NEWNS))
		return errno;
	snprintf(map, sizeof(map), "0 %u 1", uid);
	err = write_file("/proc/self/uid_map", map);
	if (!err)
		err = write_file("/proc/self/setgroups", "deny");
	snprintf(map, sizeof(map), "0 %u 1", gid);
	if (!err)
		err = write_file("/proc/self/gid_map", map);
	if (err) {
		errno = -err;
		return failed("user namespace maps");
	}
	snprintf(dir, sizeof(dir), "%s/upper/%s", ctx->base, "rootless");
	if (mount("rootless", dir, "tmpfs", 0, NULL))
		return errno;
	snprintf(upper, sizeof(upper), "%s/u", dir);
	snprintf(work, sizeof(work), "%s/w", dir);
	snprintf(merged, sizeof(merged), "%s/m", dir);
	if (mkdir(upper, 0755) || mkdir(work, 0755) || mkdir(merged, 0755))
		return errno;
	/* As rootless podman mounts it: user.* xattrs in a user namespace */
	err = mount_overlay(ctx->lower, upper, work, merged, ",userxattr");
	if (err)
		return err;
	err = use_existing(merged);
	if (err)
		return err;
	/* Root of the user namespace is unprivileged: refused. */
	return create_bad(merged) == EPERM ? 0 : EEXIST;
}

/* A user mounts the overlay in a user namespace (a rootless container). */
TEST_F_TIMEOUT(stacks, overlay_rootless, STACKS_TIMEOUT)
{
	struct rootless_ctx ctx = { .lower = self->lower, .base = self->base };
	unsigned long long v0, d0, v1, d1;
	char dir[PATH_MAX + 32];

	static const char *const owned[] = {
		"", "/" BAD_FILE, "/" BAD_DIR, "/" BAD_DIR "/inside",
		"/" BAD_EMPTY_DIR,
	};
	size_t i;

	/* The image belongs to the user, as a rootless container's does. */
	for (i = 0; i < ARRAY_SIZE(owned); i++) {
		snprintf(dir, sizeof(dir), "%s%s", self->lower, owned[i]);
		ASSERT_EQ(0, lchown(dir, NOBODY_ID, NOBODY_ID));
	}
	snprintf(dir, sizeof(dir), "%s/upper/rootless", self->base);
	ASSERT_EQ(0, mkdir(dir, 0777));
	ASSERT_EQ(0, chmod(self->base, 0755));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	ASSERT_EQ(0, read_counters(&v0, &d0));
	EXPECT_EQ(0, run_as(TASK_NOBODY, rootless, &ctx, NULL));
	ASSERT_EQ(0, read_counters(&v1, &d1));
	/* Only the one new name. */
	EXPECT_EQ(v0 + 1, v1);
	EXPECT_EQ(d0 + 1, d1);
}

/* sed -i and editors: rename a temporary over an existing bad name. */
TEST_F_TIMEOUT(stacks, atomic_save_and_exchange, STACKS_TIMEOUT)
{
	unsigned long long v0, d0, v1, d1;
	int dirfd, kmsg;

	dirfd = open(self->lower, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, dirfd);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	kmsg = kmsg_open();
	ASSERT_LE(0, kmsg);
	ASSERT_EQ(0, read_counters(&v0, &d0));
	ASSERT_EQ(0, touch_at(dirfd, "tmp.save"));
	EXPECT_EQ(0, renameat(dirfd, "tmp.save", dirfd, BAD_FILE));
	EXPECT_EQ(0, syscall(SYS_renameat2, dirfd, BAD_FILE, dirfd, BAD_DIR,
			     RENAME_EXCHANGE));
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0, v1);
	EXPECT_EQ(d0, d1);
	EXPECT_FALSE(kmsg_has(kmsg, "safename: "));
	close(kmsg);
	close(dirfd);
}

/*
 * open(O_CREAT | O_APPEND) of an existing bad name that is not in the
 * dentry cache: it opens, and nothing is reported.  Needs a file system
 * that can forget its dentries: ext2 on a loop device, given by
 * SAFENAME_EXT2_DIR.
 */
TEST_F_TIMEOUT(stacks, uncached_open_creat, STACKS_TIMEOUT)
{
	unsigned long long v0, d0, v1, d1;
	const char *ext2 = getenv("SAFENAME_EXT2_DIR");
	char dir[PATH_MAX];
	int dirfd, fd, kmsg;

	if (!ext2)
		SKIP(return, "no disk file system: set SAFENAME_EXT2_DIR to a directory on ext2");
	ASSERT_EQ(0, make_test_dir(ext2, dir, sizeof(dir)));
	dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, dirfd);
	ASSERT_EQ(0, touch_at(dirfd, "-log"));
	sync();
	ASSERT_EQ(0, write_file("/proc/sys/vm/drop_caches", "2"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	kmsg = kmsg_open();
	ASSERT_LE(0, kmsg);
	ASSERT_EQ(0, read_counters(&v0, &d0));
	fd = openat(dirfd, "-log", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC,
		    0644);
	EXPECT_LE(0, fd);
	if (fd >= 0)
		close(fd);
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0, v1);
	EXPECT_EQ(d0, d1);
	EXPECT_FALSE(kmsg_has(kmsg, "safename: "));
	close(kmsg);
	/* A new one, uncached too, is refused and counted once. */
	fd = openat(dirfd, "-new", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC,
		    0644);
	EXPECT_EQ(-1, fd);
	EXPECT_EQ(EPERM, errno);
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0 + 1, v1);
	EXPECT_EQ(d0 + 1, d1);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "0"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	close(dirfd);
	EXPECT_EQ(0, remove_tree(dir));
}

/* Sets both modes; returns 0 or the error of the first write. */
static int set_modes(const char *unprivileged, const char *privileged)
{
	return knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, unprivileged) ?:
	       knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, privileged);
}

/*
 * open(O_CREAT) on a file system with atomic_open (9p here; NFS, FUSE and
 * SMB have it too), where the check comes before the name is looked up
 * and its report waits for the end of the open.  A bad name that the open creates
 * in a mode that only logs (alone, or beside an enforcing one as in the
 * usual rollout) is counted once and not denied; one refused in a mode
 * that enforces is counted and denied once; an existing bad name opened
 * with O_CREAT is never counted.  The test runs as root, with the
 * privileged mode.  Needs the 9p share, given by SAFENAME_9P_DIR.
 */
/*
 * In a casefolded directory ext4 leaves the negative dentry of a missing
 * name unhashed: a refused open(O_CREAT) of a name not looked up yet is
 * still reported and counted once, and one that exists in another case
 * is not.
 */
TEST_F_TIMEOUT(stacks, casefold_open_creat, STACKS_TIMEOUT)
{
	const char *casefold = getenv("SAFENAME_CASEFOLD_DIR");
	unsigned long long v0, d0, v1, d1;
	char dir[PATH_MAX];
	int dirfd, fd, kmsg;
	unsigned int flags;

	if (!casefold)
		SKIP(return, "no casefolding ext4: set SAFENAME_CASEFOLD_DIR");
	ASSERT_EQ(0, make_test_dir(casefold, dir, sizeof(dir)));
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ioctl(fd, FS_IOC_GETFLAGS, &flags));
	flags |= FS_CASEFOLD_FL;
	ASSERT_EQ(0, ioctl(fd, FS_IOC_SETFLAGS, &flags))
	{
		TH_LOG("chattr +F %s: %s", dir, strerror(errno));
	}
	close(fd);
	dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, dirfd);
	ASSERT_EQ(0, touch_at(dirfd, "-Old"));
	sync();
	ASSERT_EQ(0, write_file("/proc/sys/vm/drop_caches", "2"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	/* Let the log's rate limit (10 lines in 5 s) forget earlier tests. */
	sleep(6);
	kmsg = kmsg_open();
	ASSERT_LE(0, kmsg);

	/* The existing name, asked for in another case: no report. */
	ASSERT_EQ(0, read_counters(&v0, &d0));
	fd = openat(dirfd, "-OLD", O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	EXPECT_LE(0, fd);
	if (fd >= 0)
		close(fd);
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0, v1);
	EXPECT_FALSE(kmsg_has(kmsg, "safename: "));

	/* A new one: refused, reported and counted once. */
	fd = openat(dirfd, "-New", O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	EXPECT_EQ(-1, fd);
	EXPECT_EQ(EPERM, errno);
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0 + 1, v1);
	EXPECT_EQ(d0 + 1, d1);
	EXPECT_TRUE(kmsg_has(kmsg, "safename: denied create rule=initial offset=0 name=\"-New\""));
	close(kmsg);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "0"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	close(dirfd);
	EXPECT_EQ(0, remove_tree(dir));
}

TEST_F_TIMEOUT(stacks, atomic_open_counts_once, STACKS_TIMEOUT)
{
	static const char *const modes[][2] = { { "2", "2" }, { "3", "2" } };
	const char *share = getenv("SAFENAME_9P_DIR");
	unsigned long long v0, d0, v1, d1;
	char dir[PATH_MAX], name[16];
	struct stat st;
	size_t i;
	int dirfd;

	if (!share)
		SKIP(return, "no atomic_open: set SAFENAME_9P_DIR to a directory on 9p");
	ASSERT_EQ(0, make_test_dir(share, dir, sizeof(dir)));
	dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, dirfd);
	ASSERT_EQ(0, touch_at(dirfd, "-old"));

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		ASSERT_EQ(0, set_modes(modes[i][0], modes[i][1]));
		snprintf(name, sizeof(name), "-made%zu", i);
		ASSERT_EQ(0, read_counters(&v0, &d0));
		EXPECT_EQ(0, touch_at(dirfd, name));
		ASSERT_EQ(0, read_counters(&v1, &d1));
		EXPECT_EQ(v0 + 1, v1)
		{
			TH_LOG("modes %s %s: a created name not counted once",
			       modes[i][0], modes[i][1]);
		}
		EXPECT_EQ(d0, d1);
		/* Now it exists, as "-old" does: not new, not counted. */
		EXPECT_EQ(0, touch_at(dirfd, name));
		EXPECT_EQ(0, touch_at(dirfd, "-old"));
		ASSERT_EQ(0, read_counters(&v0, &d0));
		EXPECT_EQ(v1, v0);
		EXPECT_EQ(d1, d0);
	}

	ASSERT_EQ(0, set_modes("3", "3"));
	ASSERT_EQ(0, read_counters(&v0, &d0));
	EXPECT_EQ(EPERM, touch_at(dirfd, "-denied"));
	ASSERT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(v0 + 1, v1);
	EXPECT_EQ(d0 + 1, d1);
	EXPECT_EQ(-1, fstatat(dirfd, "-denied", &st, AT_SYMLINK_NOFOLLOW));
	EXPECT_EQ(0, touch_at(dirfd, "-old"));
	ASSERT_EQ(0, read_counters(&v0, &d0));
	EXPECT_EQ(v1, v0);
	EXPECT_EQ(d1, d0);

	ASSERT_EQ(0, set_modes("0", "0"));
	close(dirfd);
	EXPECT_EQ(0, remove_tree(dir));
}

#define SUBVOL_LOG_LINE \
	"safename: denied subvol rule=initial offset=0 name=2D7375620A "

/* Makes a subvolume, or a snapshot of @src_fd; returns 0 or an errno. */
static int subvol(int dirfd, const char *name, int src_fd, bool v2)
{
	unsigned long cmd;
	int ret;

	if (v2) {
		struct btrfs_ioctl_vol_args_v2 args = { .fd = src_fd };

		snprintf(args.name, sizeof(args.name), "%s", name);
		cmd = src_fd < 0 ? BTRFS_IOC_SUBVOL_CREATE_V2 :
		      BTRFS_IOC_SNAP_CREATE_V2;
		ret = ioctl(dirfd, cmd, &args);
	} else {
		struct btrfs_ioctl_vol_args args = { .fd = src_fd };

		snprintf(args.name, sizeof(args.name), "%s", name);
		cmd = src_fd < 0 ? BTRFS_IOC_SUBVOL_CREATE :
		      BTRFS_IOC_SNAP_CREATE;
		ret = ioctl(dirfd, cmd, &args);
	}
	return ret ? errno : 0;
}

/*
 * btrfs subvolume and snapshot creation, in all four ioctls: a bad name is
 * refused, counted and logged as op subvol; a good one is made.
 */
TEST_F_TIMEOUT(stacks, btrfs_subvolumes, STACKS_TIMEOUT)
{
	const char *btrfs = getenv("SAFENAME_BTRFS_DIR");
	unsigned long long v0, d0, v1, d1;
	char dir[PATH_MAX], name[32];
	int dirfd, src, kmsg, i;
	struct stat st;

	if (!btrfs)
		SKIP(return, "no btrfs: set SAFENAME_BTRFS_DIR to a directory on one");
	ASSERT_EQ(0, make_test_dir(btrfs, dir, sizeof(dir)));
	dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, dirfd);
	ASSERT_EQ(0, subvol(dirfd, "source", -1, false));
	src = openat(dirfd, "source", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, src);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "3"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	/* Let the log's rate limit (10 lines in 5 s) forget earlier tests. */
	sleep(6);
	kmsg = kmsg_open();
	ASSERT_LE(0, kmsg);

	for (i = 0; i < 4; i++) {
		bool v2 = i & 1;
		int from = i & 2 ? src : -1;

		ASSERT_EQ(0, read_counters(&v0, &d0));
		EXPECT_EQ(EPERM, subvol(dirfd, "-sub\n", from, v2))
		{
			TH_LOG("%s%s", from < 0 ? "SUBVOL_CREATE" :
			       "SNAP_CREATE", v2 ? "_V2" : "");
		}
		EXPECT_EQ(-1, fstatat(dirfd, "-sub\n", &st, 0));
		ASSERT_EQ(0, read_counters(&v1, &d1));
		EXPECT_EQ(v0 + 1, v1);
		EXPECT_EQ(d0 + 1, d1);
		snprintf(name, sizeof(name), "good%d", i);
		EXPECT_EQ(0, subvol(dirfd, name, from, v2));
		EXPECT_EQ(0, fstatat(dirfd, name, &st, 0));
	}
	EXPECT_TRUE(kmsg_has(kmsg, SUBVOL_LOG_LINE));
	close(kmsg);

	/* An ordinary mkdir on btrfs stays a mkdir. */
	EXPECT_EQ(-1, mkdirat(dirfd, "-evil", 0755));
	EXPECT_EQ(EPERM, errno);
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED, "0"));
	ASSERT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	close(src);
	close(dirfd);
}

/* Writes @page bytes of @buf at @offset of @fd; returns 0 or -errno. */
static int write_page(int fd, const char *buf, size_t page, off_t offset)
{
	ssize_t done = pwrite(fd, buf, page, offset);

	if (done < 0)
		return -errno;
	return (size_t)done == page ? 0 : -EIO;
}

/*
 * Makes @path a swap file of @size bytes that btrfs can swap on: no
 * copy-on-write, every block written, a version 1 swap header.  Returns 0
 * or -errno.
 */
static int make_swap_file(const char *path, size_t size)
{
	size_t page = sysconf(_SC_PAGESIZE), done;
	int fd, flags = FS_NOCOW_FL, err = 0;
	uint32_t *header;
	char *buf;

	buf = calloc(1, page);
	if (!buf)
		return -ENOMEM;
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		err = -errno;
		goto out;
	}
	if (ioctl(fd, FS_IOC_SETFLAGS, &flags))
		err = -errno;
	for (done = 0; !err && done < size; done += page)
		err = write_page(fd, buf, page, done);
	/* version, then the last page, at 1024; the magic ends the page */
	header = (uint32_t *)(buf + 1024);
	header[0] = 1;
	header[1] = size / page - 1;
	memcpy(buf + page - 10, "SWAPSPACE2", 10);
	if (!err)
		err = write_page(fd, buf, page, 0);
	if (!err && fsync(fd))
		err = -errno;
	close(fd);
out:
	free(buf);
	return err;
}

/*
 * A snapshot of a subvolume that holds an active swap file: btrfs's own
 * ETXTBSY, nothing reported; once the swap is off, Safename refuses the
 * same snapshot.
 */
TEST_F_TIMEOUT(stacks, btrfs_snapshot_refusal_first, STACKS_TIMEOUT)
{
	const char *btrfs = getenv("SAFENAME_BTRFS_DIR");
	unsigned long long v0, d0, v1, d1, v2, d2;
	char dir[PATH_MAX], swap[PATH_MAX + 32];
	int dirfd, src, kmsg;

	if (!btrfs)
		SKIP(return, "no btrfs: set SAFENAME_BTRFS_DIR to a directory on one");
	if (access("/proc/swaps", F_OK))
		SKIP(return, "no swap (CONFIG_SWAP)");
	ASSERT_EQ(0, make_test_dir(btrfs, dir, sizeof(dir)));
	dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, dirfd);
	ASSERT_EQ(0, subvol(dirfd, "swapvol", -1, false));
	src = openat(dirfd, "swapvol", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT_LE(0, src);
	snprintf(swap, sizeof(swap), "%s/swapvol/swap", dir);
	ASSERT_EQ(0, make_swap_file(swap, 1 << 20));
	ASSERT_EQ(0, swapon(swap, 0))
	{
		TH_LOG("swapon %s: %s", swap, strerror(errno));
	}

	/* Nothing may stop the test before swapoff: EXPECT only. */
	EXPECT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "3"));
	kmsg = kmsg_open();
	EXPECT_LE(0, kmsg);
	EXPECT_EQ(0, read_counters(&v0, &d0));
	EXPECT_EQ(ETXTBSY, subvol(dirfd, "-snap\n", src, false));
	EXPECT_EQ(0, read_counters(&v1, &d1));
	EXPECT_EQ(0, swapoff(swap));

	EXPECT_EQ(v0, v1);
	EXPECT_EQ(d0, d1);
	EXPECT_FALSE(kmsg_has(kmsg, "safename: "));
	/* Control: without the swap, Safename refuses the same snapshot. */
	EXPECT_EQ(EPERM, subvol(dirfd, "-snap\n", src, false));
	EXPECT_EQ(0, read_counters(&v2, &d2));
	EXPECT_EQ(v1 + 1, v2);
	EXPECT_EQ(d1 + 1, d2);

	EXPECT_EQ(0, knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED, "0"));
	EXPECT_EQ(0, unlink(swap));
	if (kmsg >= 0)
		close(kmsg);
	close(src);
	close(dirfd);
}

TEST_HARNESS_MAIN
