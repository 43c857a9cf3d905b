// SPDX-License-Identifier: GPL-2.0
/*
 * Nothing Safename holds outlives the call that asked for a name: a file
 * system detached (umount2(MNT_DETACH)) while open(O_CREAT) of a bad name
 * is under way on it goes away whole once the open is over, and nothing
 * is left to touch it afterwards.
 *
 * Each round mounts a file system, starts a thread that opens bad names
 * with O_CREAT in a directory of it that is not looked up yet (both modes
 * enforce: every open fails), and detaches the mount from under it; for a
 * bounded time.  On ext4, a loop device is released at once when the
 * last round is over only if no superblock is left behind.  The kernel
 * log must show no VFS complaint ("still in use") nor any BUG; the
 * sanitizer kernel (make check-debug) finds a use after free too.
 */

#include <linux/loop.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <time.h>

#include "../kselftest_harness.h"
#include "common.h"

/* Rounds run for this long, per file system. */
#define RACE_SECONDS	5

FIXTURE(umount)
{
	char base[PATH_MAX];
	struct policy saved;
	int kmsg;
	bool ready;
};

FIXTURE_SETUP(umount)
{
	const char *why;

	self->kmsg = -1;
	why = safename_unusable();
	if (why)
		SKIP(return, "%s", why);
	ASSERT_EQ(0, unshare(CLONE_NEWNS));
	ASSERT_EQ(0, mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL));
	snprintf(self->base, sizeof(self->base), "/tmp/safename-umount.%d",
		 getpid());
	ASSERT_EQ(0, mkdir(self->base, 0755));
	ASSERT_EQ(0, policy_read(SYSFS_DIR, &self->saved));
	self->ready = true;
	ASSERT_EQ(0, policy_write_defaults("3"));
	self->kmsg = kmsg_open();
	ASSERT_LE(0, self->kmsg);
}

FIXTURE_TEARDOWN(umount)
{
	if (!self->ready)
		return;
	EXPECT_EQ(0, policy_write(SYSFS_DIR, &self->saved));
	rmdir(self->base);
	if (self->kmsg >= 0)
		close(self->kmsg);
}

struct opener {
	char dir[PATH_MAX + 16];
	int round;
	/* An open that succeeded, or failed but with EPERM or ENOENT. */
	int unexpected;
};

/* Opens bad names in the directory until it is gone from under it. */
static void *opener(void *arg)
{
	struct opener *o = arg;
	char path[PATH_MAX + 64];
	int i, fd;

	for (i = 0; i < 64; i++) {
		snprintf(path, sizeof(path), "%s/-bad-%d-%d", o->dir, o->round,
			 i);
		fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
		if (fd >= 0) {
			close(fd);
			o->unexpected = EEXIST;
		} else if (errno == ENOENT) {
			break;	/* detached */
		} else if (errno != EPERM) {
			o->unexpected = errno;
		}
	}
	return NULL;
}

/*
 * Mounts with @mount_fs at @mnt, runs the opener in @mnt/d and detaches
 * the mount after a delay that changes from round to round, for
 * RACE_SECONDS.  With @cold, the file system is mounted afresh once d
 * exists, so that nothing of it is cached.  Returns the number of rounds.
 */
static int race(struct __test_metadata *const _metadata,
		const char *mnt, int (*mount_fs)(const char *mnt, void *arg),
		void *arg, bool cold)
{
	struct opener o = { };
	struct timespec start, now;
	pthread_t thread;
	int rounds = 0;

	snprintf(o.dir, sizeof(o.dir), "%s/d", mnt);
	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		ASSERT_EQ(0, mkdir(mnt, 0755));
		ASSERT_EQ(0, mount_fs(mnt, arg));
		if (mkdir(o.dir, 0777))
			ASSERT_EQ(EEXIST, errno);
		if (cold) {
			ASSERT_EQ(0, umount(mnt));
			ASSERT_EQ(0, mount_fs(mnt, arg));
		}
		o.round = rounds;
		ASSERT_EQ(0, pthread_create(&thread, NULL, opener, &o));
		usleep(rounds % 50 * 20);
		ASSERT_EQ(0, umount2(mnt, MNT_DETACH));
		ASSERT_EQ(0, pthread_join(thread, NULL));
		ASSERT_EQ(0, rmdir(mnt));
		EXPECT_EQ(0, o.unexpected)
		{
			TH_LOG("round %d: %s", rounds, strerror(o.unexpected));
		}
		rounds++;
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec - start.tv_sec < RACE_SECONDS);
	return rounds;
}

static int mount_tmpfs(const char *mnt, void *arg)
{
	return mount("safename-race", mnt, "tmpfs", 0, "mode=0755") ? errno : 0;
}

/* No complaint of the VFS about a dentry or inode left in use, no BUG. */
static void check_kmsg(struct __test_metadata *const _metadata, int kmsg)
{
	char rec[2048];
	ssize_t len;

	while ((len = read(kmsg, rec, sizeof(rec) - 1)) > 0 ||
	       (len < 0 && errno == EPIPE)) {
		if (len <= 0)
			continue;
		rec[len] = '\0';
		EXPECT_EQ(NULL, strstr(rec, "still in use"))
		{
			TH_LOG("%s", rec);
		}
		EXPECT_EQ(NULL, strstr(rec, "BUG"))
		{
			TH_LOG("%s", rec);
		}
	}
}

TEST_F_TIMEOUT(umount, tmpfs, 120)
{
	char mnt[PATH_MAX + 16];
	int rounds;

	snprintf(mnt, sizeof(mnt), "%s/tmpfs", self->base);
	rounds = race(_metadata, mnt, mount_tmpfs, NULL, false);
	TH_LOG("%d rounds", rounds);
	check_kmsg(_metadata, self->kmsg);
}

static int mount_ext4(const char *mnt, void *arg)
{
	return mount(arg, mnt, "ext4", 0, NULL) ? errno : 0;
}

/* Attaches @image to a free loop device, named in @dev; its fd or -errno. */
static int loop_attach(const char *image, char *dev, size_t size)
{
	int ctl, n, fd, img, err = 0;

	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (ctl < 0)
		return -errno;
	n = ioctl(ctl, LOOP_CTL_GET_FREE);
	err = n < 0 ? -errno : 0;
	close(ctl);
	if (err)
		return err;
	snprintf(dev, size, "/dev/loop%d", n);
	fd = open(dev, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	img = open(image, O_RDWR | O_CLOEXEC);
	if (img < 0 || ioctl(fd, LOOP_SET_FD, img)) {
		err = -errno;
		close(fd);
		fd = err;
	}
	if (img >= 0)
		close(img);
	return fd;
}

/*
 * On ext4, whose lookups read the disk, through a loop device that must
 * be released as soon as the rounds are over.
 */
TEST_F_TIMEOUT(umount, ext4, 120)
{
	const char *image = getenv("SAFENAME_RACE_IMAGE");
	struct loop_info64 info;
	char mnt[PATH_MAX + 16], dev[32];
	int loop, rounds;

	if (!image)
		SKIP(return, "no ext4 image: set SAFENAME_RACE_IMAGE to an unmounted one");
	loop = loop_attach(image, dev, sizeof(dev));
	ASSERT_LE(0, loop)
	{
		TH_LOG("loop device for %s: %s", image, strerror(-loop));
	}
	snprintf(mnt, sizeof(mnt), "%s/ext4", self->base);
	rounds = race(_metadata, mnt, mount_ext4, dev, true);
	TH_LOG("%d rounds", rounds);
	/* Released at once: no superblock holds the device any more. */
	EXPECT_EQ(0, ioctl(loop, LOOP_CLR_FD));
	EXPECT_EQ(-1, ioctl(loop, LOOP_GET_STATUS64, &info));
	EXPECT_EQ(ENXIO, errno);
	close(loop);
	check_kmsg(_metadata, self->kmsg);
}

TEST_HARNESS_MAIN
