/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Safename test helpers: the policy knobs, the three kinds of task the
 * tests run as, and the test directories.
 *
 * We cannot put such helpers in a library because of kselftest_harness.h .
 */

#ifndef _SAFENAME_SELFTEST_COMMON_H
#define _SAFENAME_SELFTEST_COMMON_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <grp.h>
#include <sched.h>
#include <limits.h>
#include <linux/capability.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#if __has_include("linux/safename.h")
#include <linux/safename.h>
#endif

#include "../kselftest_harness.h"

#ifndef SAFENAME_MODE_ENFORCE
#define SAFENAME_MODE_ENFORCE	0x1
#define SAFENAME_MODE_LOG	0x2
#endif

/* The longest write a knob file accepts (documented, not in the uapi). */
#define SAFENAME_WRITE_MAX	4096

#define SYSFS_DIR	"/sys/fs/safename"
#define SECURITYFS_DIR	"/sys/kernel/security/safename"
#define LSM_LIST	"/sys/kernel/security/lsm"

/*
 * Where the tests mount a tmpfs of their own, in a mount namespace of their
 * own (see private_tmpfs()): the /tmp of the rest of the system is never
 * touched.
 */
#define TMPFS_DIR	"/tmp"
#define OVERLAY_DIR	TMPFS_DIR "/overlay"

#define NOBODY_ID	65534

/* The defaults of SPEC 2. */
#define DEFAULT_INITIAL	"33-44,46-125,128-254\n"
#define DEFAULT_MIDDLE	"32-126,128-254\n"
#define DEFAULT_FINAL	"33-126,128-254\n"

/* Room for any canonical byte set (the longest one is 457 bytes). */
#define KNOB_TEXT_MAX	1024

enum knob {
	KNOB_MODE_UNPRIVILEGED,
	KNOB_MODE_PRIVILEGED,
	KNOB_UTF8,
	KNOB_INITIAL,
	KNOB_MIDDLE,
	KNOB_FINAL,
	KNOB_COUNT,
};

static const char *const knob_names[KNOB_COUNT] = {
	[KNOB_MODE_UNPRIVILEGED] = "mode_for_unprivileged",
	[KNOB_MODE_PRIVILEGED] = "mode_for_privileged",
	[KNOB_UTF8] = "utf8",
	[KNOB_INITIAL] = "permitted_bytes_initial",
	[KNOB_MIDDLE] = "permitted_bytes_middle",
	[KNOB_FINAL] = "permitted_bytes_final",
};

struct policy {
	char text[KNOB_COUNT][KNOB_TEXT_MAX];
};

/* The kinds of task a name can be created by. */
enum task_kind {
	/* root with every capability: privileged */
	TASK_PRIVILEGED,
	/* root without CAP_MAC_ADMIN in its effective set: unprivileged */
	TASK_NO_MAC_ADMIN,
	/* uid and gid 65534, no capability: unprivileged */
	TASK_NOBODY,
	/* root of a user namespace of its own, as in a container: unprivileged */
	TASK_CONTAINER_ROOT,
};

static inline const char *task_kind_name(enum task_kind kind)
{
	switch (kind) {
	case TASK_PRIVILEGED:
		return "privileged";
	case TASK_NO_MAC_ADMIN:
		return "no CAP_MAC_ADMIN";
	case TASK_NOBODY:
		return "uid 65534";
	case TASK_CONTAINER_ROOT:
		return "container root";
	}
	return "?";
}

static inline bool task_kind_privileged(enum task_kind kind)
{
	return kind == TASK_PRIVILEGED;
}

/*
 * Renders @len bytes at @text with every byte outside 0x21..0x7e (and the
 * backslash) as \xNN, for messages.
 */
static inline const char *printable_len(const char *text, size_t len,
					char *buf, size_t size)
{
	size_t out = 0, i;

	for (i = 0; i < len && out + 5 < size; i++) {
		unsigned char c = text[i];

		if (c > 0x20 && c < 0x7f && c != '\\')
			buf[out++] = c;
		else
			out += snprintf(buf + out, size - out, "\\x%02x", c);
	}
	buf[out] = '\0';
	return buf;
}

static inline const char *printable(const char *text, char *buf,
				    size_t size)
{
	return printable_len(text, strlen(text), buf, size);
}

static inline int knob_path(char *path, size_t size, const char *dir,
			    enum knob knob)
{
	int len = snprintf(path, size, "%s/%s", dir, knob_names[knob]);

	return (len < 0 || (size_t)len >= size) ? -ENAMETOOLONG : 0;
}

/*
 * Reads a whole small file into @buf, NUL-terminated, at most @size - 1
 * bytes.  Returns its length or -errno.
 */
static inline int read_text(const char *path, char *buf, size_t size)
{
	ssize_t len, total = 0;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	do {
		len = read(fd, buf + total, size - 1 - total);
		if (len < 0) {
			err = -errno;
			close(fd);
			return err;
		}
		total += len;
	} while (len > 0 && (size_t)total < size - 1);
	buf[total] = '\0';
	close(fd);
	return total;
}

/*
 * Whether one of the words of @text, separated by any of @seps, is @word
 * (or, with @prefix, starts with it).  @text is cut up on the way.
 */
static inline bool has_word(char *text, const char *seps, const char *word,
			    bool prefix)
{
	char *w, *save = NULL;

	for (w = strtok_r(text, seps, &save); w;
	     w = strtok_r(NULL, seps, &save)) {
		if (prefix ? !strncmp(w, word, strlen(word)) : !strcmp(w, word))
			return true;
	}
	return false;
}

/* Reads a whole knob file.  Returns its length or -errno. */
static inline int knob_read(const char *dir, enum knob knob,
			    char *buf, size_t size)
{
	char path[256];
	int err;

	err = knob_path(path, sizeof(path), dir, knob);
	if (err)
		return err;
	return read_text(path, buf, size);
}

/*
 * Writes a knob file: one open(2) and one write(2) of @len bytes at offset 0.
 * Returns 0 when the whole text was taken, -errno otherwise.
 */
static inline int knob_write_len(const char *dir, enum knob knob,
				 const char *text, size_t len)
{
	char path[256];
	ssize_t ret;
	int fd, err;

	err = knob_path(path, sizeof(path), dir, knob);
	if (err)
		return err;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = write(fd, text, len);
	err = ret < 0 ? -errno : ((size_t)ret == len ? 0 : -EIO);
	close(fd);
	return err;
}

static inline int knob_write(const char *dir, enum knob knob,
			     const char *text)
{
	return knob_write_len(dir, knob, text, strlen(text));
}

static inline int policy_read(const char *dir, struct policy *policy)
{
	int knob, ret;

	for (knob = 0; knob < KNOB_COUNT; knob++) {
		ret = knob_read(dir, knob, policy->text[knob],
				sizeof(policy->text[knob]));
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* Writes every knob, the modes last so that a rule is never half set. */
static inline int policy_write(const char *dir,
			       const struct policy *policy)
{
	static const enum knob order[] = {
		KNOB_MODE_UNPRIVILEGED, KNOB_MODE_PRIVILEGED, KNOB_UTF8,
		KNOB_INITIAL, KNOB_MIDDLE, KNOB_FINAL,
		KNOB_MODE_UNPRIVILEGED, KNOB_MODE_PRIVILEGED,
	};
	size_t i;
	int err;

	for (i = 0; i < ARRAY_SIZE(order); i++) {
		/* The modes are turned off first, then restored last. */
		if (i < 2)
			err = knob_write(dir, order[i], "0");
		else
			err = knob_write(dir, order[i],
					 policy->text[order[i]]);
		if (err)
			return err;
	}
	return 0;
}

static inline void policy_set_text(struct policy *policy, enum knob knob,
				   const char *text)
{
	snprintf(policy->text[knob], sizeof(policy->text[knob]), "%s", text);
}

static inline void policy_set_defaults(struct policy *policy)
{
	policy_set_text(policy, KNOB_MODE_UNPRIVILEGED, "0\n");
	policy_set_text(policy, KNOB_MODE_PRIVILEGED, "0\n");
	policy_set_text(policy, KNOB_UTF8, "0\n");
	policy_set_text(policy, KNOB_INITIAL, DEFAULT_INITIAL);
	policy_set_text(policy, KNOB_MIDDLE, DEFAULT_MIDDLE);
	policy_set_text(policy, KNOB_FINAL, DEFAULT_FINAL);
}

/* Writes the default policy, with @mode for both classes of task. */
static inline int policy_write_defaults(const char *mode)
{
	struct policy policy;

	policy_set_defaults(&policy);
	policy_set_text(&policy, KNOB_MODE_UNPRIVILEGED, mode);
	policy_set_text(&policy, KNOB_MODE_PRIVILEGED, mode);
	return policy_write(SYSFS_DIR, &policy);
}

/*
 * Sets the mode of the class of @kind to @mode, and the mode of the other
 * class to @mode with the enforce bit flipped, so that a task put in the
 * wrong class gets the wrong verdict.
 */
static inline int set_mode_for(enum task_kind kind, int mode)
{
	char own[4], other[4];
	int err;

	snprintf(own, sizeof(own), "%d", mode);
	snprintf(other, sizeof(other), "%d", mode ^ SAFENAME_MODE_ENFORCE);
	err = knob_write(SYSFS_DIR, KNOB_MODE_PRIVILEGED,
			 task_kind_privileged(kind) ? own : other);
	if (err)
		return err;
	return knob_write(SYSFS_DIR, KNOB_MODE_UNPRIVILEGED,
			  task_kind_privileged(kind) ? other : own);
}

/*
 * Reads the first two counters of stats, violations and denied.  Returns 0
 * or -errno.
 */
static inline int read_counters(unsigned long long *violations,
				unsigned long long *denied)
{
	char buf[512];
	ssize_t len;
	int fd;

	fd = open(SYSFS_DIR "/stats", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (len < 0)
		return -errno;
	buf[len] = '\0';
	return sscanf(buf, "violations %llu\ndenied %llu\n", violations,
		      denied) == 2 ? 0 : -EINVAL;
}

/* Raw capget/capset: no libcap in the VM. */
static inline int cap_get(struct __user_cap_data_struct data[2])
{
	struct __user_cap_header_struct header = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};

	return syscall(SYS_capget, &header, data);
}

static inline int cap_set(struct __user_cap_data_struct data[2])
{
	struct __user_cap_header_struct header = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};

	return syscall(SYS_capset, &header, data);
}

static inline bool cap_effective(int cap)
{
	struct __user_cap_data_struct data[2];

	if (cap_get(data))
		return false;
	return data[CAP_TO_INDEX(cap)].effective & CAP_TO_MASK(cap);
}

/* Raises or lowers @cap in the effective set.  Returns 0 or -errno. */
static inline int cap_set_effective(int cap, bool raise)
{
	struct __user_cap_data_struct data[2];

	if (cap_get(data))
		return -errno;
	if (raise)
		data[CAP_TO_INDEX(cap)].effective |= CAP_TO_MASK(cap);
	else
		data[CAP_TO_INDEX(cap)].effective &= ~CAP_TO_MASK(cap);
	if (cap_set(data))
		return -errno;
	return 0;
}

/* Maps root of a new user namespace to root, as a container runtime would. */
static inline int become_container_root(void)
{
	int fd, len, ok;

	if (unshare(CLONE_NEWUSER))
		return errno;
	fd = open("/proc/self/uid_map", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	len = strlen("0 0 1");
	ok = write(fd, "0 0 1", len) == len;
	close(fd);
	return ok ? 0 : EIO;
}

/* Turns the calling process into a task of @kind.  Returns 0 or -errno. */
static inline int become(enum task_kind kind)
{
	int err;

	switch (kind) {
	case TASK_PRIVILEGED:
		return cap_effective(CAP_MAC_ADMIN) ? 0 : -EPERM;
	case TASK_NO_MAC_ADMIN:
		return cap_set_effective(CAP_MAC_ADMIN, false);
	case TASK_NOBODY:
		if (setgroups(0, NULL) ||
		    setresgid(NOBODY_ID, NOBODY_ID, NOBODY_ID) ||
		    setresuid(NOBODY_ID, NOBODY_ID, NOBODY_ID))
			return -errno;
		/* Leaving uid 0 cleared every capability. */
		return cap_effective(CAP_MAC_ADMIN) ? -EPERM : 0;
	case TASK_CONTAINER_ROOT:
		err = become_container_root();
		if (err)
			return -err;
		/* Every capability, in its own namespace only. */
		return cap_effective(CAP_MAC_ADMIN) ? 0 : -EPERM;
	}
	return -EINVAL;
}

/*
 * Reads a number from a /proc file, as audit's loginuid and sessionid; (-1
 * as an unsigned int, "unset") when the file is missing, as without audit.
 */
static inline unsigned int read_proc_uint(const char *path)
{
	char buf[32] = "";
	FILE *f = fopen(path, "r");

	if (!f)
		return (unsigned int)-1;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	return strtoul(buf, NULL, 10);
}

/* A child exits with this when it could not become the task asked for. */
#define CHILD_SETUP_FAILED	255

/*
 * Runs @fn(@arg) in a child process turned into a task of @kind, so that the
 * caller keeps its credentials.  @fn returns 0 or an errno value, which is
 * returned here; CHILD_SETUP_FAILED when the child could not be set up.  The
 * child's pid goes to *@pid when @pid is not NULL.
 */
static inline int run_as(enum task_kind kind, int (*fn)(void *arg),
			 void *arg, pid_t *pid)
{
	pid_t child;
	int status;

	fflush(stdout);
	fflush(stderr);
	child = fork();
	if (child < 0)
		return CHILD_SETUP_FAILED;
	if (child == 0) {
		if (become(kind))
			_exit(CHILD_SETUP_FAILED);
		_exit(fn(arg) & 0xff);
	}
	if (pid)
		*pid = child;
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status))
		return CHILD_SETUP_FAILED;
	return WEXITSTATUS(status);
}

static inline int remove_one(const char *path, const struct stat *st, int flag,
			     struct FTW *ftw)
{
	return remove(path) ? -1 : 0;
}

/* Removes @path and everything below it. */
static inline int remove_tree(const char *path)
{
	return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static inline int remove_child(const char *path, const struct stat *st, int flag,
			       struct FTW *ftw)
{
	if (ftw->level == 0)
		return 0;
	return remove(path) ? -1 : 0;
}

/* Removes what is inside the directory @dir, leaving @dir. */
static inline int empty_dir(const char *dir)
{
	return nftw(dir, remove_child, 16, FTW_DEPTH | FTW_PHYS);
}

/*
 * Puts in @type the type of the file system that holds @path, as the mount
 * table names it ("tmpfs", "ext2", "9p"...).  statfs(2) would not do: 9p
 * reports the type of the host's file system.  Returns 0 or -errno.
 */
static inline int fs_type(const char *path, char *type, size_t size)
{
	char real[PATH_MAX], mnt[PATH_MAX], fstype[64];
	size_t len, best = 0;
	char *line = NULL;
	size_t line_size = 0;
	bool found = false;
	FILE *mounts;

	if (!realpath(path, real))
		return -errno;
	mounts = fopen("/proc/self/mounts", "re");
	if (!mounts)
		return -errno;
	while (getline(&line, &line_size, mounts) > 0) {
		if (sscanf(line, "%*s %4095s %63s", mnt, fstype) != 2)
			continue;
		len = strlen(mnt);
		if (strcmp(mnt, "/") &&
		    (strncmp(real, mnt, len) ||
		     (real[len] != '/' && real[len] != '\0')))
			continue;
		/* The deepest mount point wins, then the latest mount. */
		if (len >= best) {
			best = len;
			snprintf(type, size, "%s", fstype);
			found = true;
		}
	}
	free(line);
	fclose(mounts);
	return found ? 0 : -ENOENT;
}

/*
 * Makes a new directory under @base, writable by every kind of task, and
 * puts its path in @dir.
 */
static inline int make_test_dir(const char *base, char *dir,
				size_t size)
{
	int len;

	len = snprintf(dir, size, "%s/safename.%d", base, getpid());
	if (len < 0 || (size_t)len >= size)
		return -ENAMETOOLONG;
	if (mkdir(dir, 0777))
		return -errno;
	/* Not sticky: uid 65534 may rename over root's files here. */
	if (chmod(dir, 0777))
		return -errno;
	return 0;
}

/*
 * Creates the regular file @name in the directory @dirfd with open(2) and
 * O_CREAT | O_EXCL.  Returns 0 or an errno value.
 */
static inline int create_at(int dirfd, const char *name)
{
	int fd;

	fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/*
 * Binds a unix socket to @name in the directory @dirfd, which becomes the
 * working directory.  Returns 0 or an errno value.
 */
static inline int bind_unix_at(int dirfd, const char *name)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int sock, err = 0;

	if (fchdir(dirfd))
		return errno;
	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s", name);
	sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (sock < 0)
		return errno;
	if (bind(sock, (struct sockaddr *)&addr, sizeof(addr)))
		err = errno;
	close(sock);
	return err;
}

/*
 * Reads the kernel log from @fd on, counting the records that hold @text
 * and, unless it is NULL, @also.
 */
static inline int kmsg_count(int fd, const char *text, const char *also)
{
	char rec[2048];
	ssize_t len;
	int found = 0;

	while ((len = read(fd, rec, sizeof(rec) - 1)) > 0 || errno == EPIPE) {
		if (len <= 0)
			continue;
		rec[len] = '\0';
		if (strstr(rec, text) && (!also || strstr(rec, also)))
			found++;
	}
	return found;
}

/* kmsg_count(), true if a record was found. */
static inline bool kmsg_has_both(int fd, const char *text, const char *also)
{
	return kmsg_count(fd, text, also) > 0;
}

/* Reads the kernel log from @fd on, looking for @text; true if found. */
static inline bool kmsg_has(int fd, const char *text)
{
	return kmsg_has_both(fd, text, NULL);
}

/* Opens the kernel log at its end. */
static inline int kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0 && lseek(fd, 0, SEEK_END) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Whether LSM @name is among the active LSMs of /sys/kernel/security/lsm: 1
 * or 0, -errno when the list cannot be read (no securityfs).
 */
static inline int lsm_active(const char *name)
{
	char list[4096];
	int len = read_text(LSM_LIST, list, sizeof(list));

	if (len < 0)
		return len;
	return has_word(list, ",\n", name, false);
}

/* lsm_active() for Safename. */
static inline int safename_active(void)
{
	return lsm_active("safename");
}

/* Whether a parameter of the kernel command line starts with @prefix. */
static inline bool cmdline_has(const char *prefix)
{
	char cmdline[4096];

	return read_text("/proc/cmdline", cmdline, sizeof(cmdline)) > 0 &&
	       has_word(cmdline, " \t\n", prefix, true);
}

/* Whether the policy is sealed until reboot (locked reads 1). */
static inline bool policy_locked(void)
{
	char buf[8];

	return read_text(SYSFS_DIR "/locked", buf, sizeof(buf)) > 0 &&
	       buf[0] == '1';
}

/*
 * Why the calling task cannot test Safename here, or NULL when it can:
 * Safename must be active, and the task root with CAP_SYS_ADMIN (for its
 * mounts) and CAP_MAC_ADMIN (for the knobs), and the policy not sealed.
 * A test SKIPs with the reason:
 *
 *	const char *why = safename_unusable();
 *
 *	if (why)
 *		SKIP(return, "%s", why);
 */
static inline const char *safename_unusable(void)
{
	int active = safename_active();

	if (active < 0)
		return "cannot read " LSM_LIST " (is securityfs mounted?)";
	if (!active)
		return "Safename is not active (not in " LSM_LIST ")";
	if (geteuid())
		return "needs root";
	if (!cap_effective(CAP_SYS_ADMIN))
		return "needs CAP_SYS_ADMIN";
	if (!cap_effective(CAP_MAC_ADMIN))
		return "needs CAP_MAC_ADMIN";
	if (access(SYSFS_DIR, F_OK))
		return "Safename is active but " SYSFS_DIR " is missing";
	if (policy_locked())
		return "the policy is sealed until reboot (locked is 1)";
	return NULL;
}

/*
 * Mounts a new tmpfs at TMPFS_DIR in a mount namespace of the calling
 * process's own, with every mount private, so that nothing the test does
 * there is seen outside and everything goes away with the process.
 * Returns 0 or -errno.
 */
static inline int private_tmpfs(void)
{
	if (unshare(CLONE_NEWNS))
		return -errno;
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		return -errno;
	if (mount("safename-tmpfs", TMPFS_DIR, "tmpfs", 0, "mode=0755"))
		return -errno;
	return 0;
}

/* private_tmpfs(), then a new directory on it in @dir; 0 or -errno. */
static inline int private_test_dir(char *dir, size_t size)
{
	int err = private_tmpfs();

	return err ? err : make_test_dir(TMPFS_DIR, dir, size);
}

/*
 * Mounts an overlay, lower, upper and work directories on the tmpfs of
 * private_tmpfs(), at OVERLAY_DIR, as container runtimes do.  Returns 0 or
 * -errno (-ENODEV: no overlayfs in this kernel).
 */
static inline int private_overlay(void)
{
	static const char *const dirs[] = {
		TMPFS_DIR "/ovl", TMPFS_DIR "/ovl/lower", TMPFS_DIR "/ovl/upper",
		TMPFS_DIR "/ovl/work", OVERLAY_DIR,
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		if (mkdir(dirs[i], 0755))
			return -errno;
	}
	if (mount("safename-overlay", OVERLAY_DIR, "overlay", 0,
		  "lowerdir=" TMPFS_DIR "/ovl/lower,upperdir=" TMPFS_DIR
		  "/ovl/upper,workdir=" TMPFS_DIR "/ovl/work"))
		return -errno;
	return 0;
}

static inline int try_container_root(void *arg)
{
	return 0;
}

/*
 * Whether a child can become a task of @kind here; a container's root needs
 * user namespaces (CONFIG_USER_NS, and no sysctl forbidding them).
 */
static inline bool can_become(enum task_kind kind)
{
	return run_as(kind, try_container_root, NULL, NULL) == 0;
}

/*
 * The policy as the program found it, put back when it ends (the test
 * processes end with _exit(), only the harness's main process gets here),
 * even when a test failed before its teardown could restore it.  Each
 * fixture saves and restores it too, so that one test never sees another's.
 */
static struct policy policy_at_start;
static pid_t policy_saver;

static void __attribute__((constructor)) policy_save_at_start(void)
{
	if (!safename_unusable() && !policy_read(SYSFS_DIR, &policy_at_start))
		policy_saver = getpid();
}

static void __attribute__((destructor)) policy_restore_at_end(void)
{
	struct policy now;
	int knob;

	if (policy_saver != getpid() || policy_locked())
		return;
	if (!policy_read(SYSFS_DIR, &now)) {
		for (knob = 0; knob < KNOB_COUNT; knob++) {
			if (strcmp(now.text[knob], policy_at_start.text[knob]))
				break;
		}
		if (knob == KNOB_COUNT)
			return;
	}
	if (policy_write(SYSFS_DIR, &policy_at_start))
		fprintf(stderr, "# could not restore the policy found at start\n");
	else
		fprintf(stderr, "# restored the policy found at start\n");
}

#endif /* _SAFENAME_SELFTEST_COMMON_H */
