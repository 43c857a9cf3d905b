/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Safename selftests: requests on the audit netlink socket
 */

#ifndef _SAFENAME_AUDIT_NL_H
#define _SAFENAME_AUDIT_NL_H

#include <linux/audit.h>
#include <linux/netlink.h>
#include <stdbool.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct audit_sock {
	int fd;
	__u32 seq;
	int reports;
};

/*
 * Sends a request and waits for its acknowledgment and, when @reply is not
 * NULL, for a reply of the request's type, copied there.  The kernel sends
 * replies from a thread of its own, so they may come after the
 * acknowledgment.  Returns 0 or -errno.
 */
static inline int audit_send(struct audit_sock *a, int type,
			     const void *data, size_t size, void *reply,
			     size_t reply_size)
{
	struct {
		struct nlmsghdr h;
		char data[256];
	} msg = { };
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK };
	bool acked = false, replied = !reply;
	char buf[1024];
	struct nlmsghdr *h;
	ssize_t len;
	int err;

	msg.h.nlmsg_len = NLMSG_LENGTH(size);
	msg.h.nlmsg_type = type;
	msg.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	msg.h.nlmsg_seq = ++a->seq;
	memcpy(msg.data, data, size);
	if (sendto(a->fd, &msg, msg.h.nlmsg_len, 0, (struct sockaddr *)&addr,
		   sizeof(addr)) < 0)
		return -errno;
	/* Records that come in between are dropped. */
	while (!acked || !replied) {
		len = recv(a->fd, buf, sizeof(buf), 0);
		if (len < 0)
			return -errno;
		h = (struct nlmsghdr *)buf;
		if (h->nlmsg_seq != a->seq)
			continue;
		if (h->nlmsg_type == type && reply) {
			memcpy(reply, NLMSG_DATA(h), reply_size);
			replied = true;
		} else if (h->nlmsg_type == NLMSG_ERROR) {
			err = ((struct nlmsgerr *)NLMSG_DATA(h))->error;
			acked = true;
			if (err)
				return err;
		}
	}
	return 0;
}

static inline int audit_set(struct audit_sock *a, __u32 enabled, __u32 pid)
{
	struct audit_status s = {
		.mask = AUDIT_STATUS_ENABLED | AUDIT_STATUS_PID,
		.enabled = enabled,
		.pid = pid,
	};

	return audit_send(a, AUDIT_SET, &s, sizeof(s), NULL, 0);
}

/* Turns audit on or off (auditctl -e), leaving the daemon as it is. */
static inline int audit_set_enabled(struct audit_sock *a, __u32 enabled)
{
	struct audit_status s = {
		.mask = AUDIT_STATUS_ENABLED,
		.enabled = enabled,
	};

	return audit_send(a, AUDIT_SET, &s, sizeof(s), NULL, 0);
}

/*
 * Whether audit is enabled, so that Safename reports through it instead of
 * the kernel log: 1 or 0, or -errno when audit cannot be asked (no
 * CONFIG_AUDIT, or audit=0: the socket cannot be made).
 */
static inline int audit_enabled(void)
{
	struct audit_sock a = { };
	struct audit_status s = { };
	int err;

	a.fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (a.fd < 0)
		return -errno;
	err = audit_send(&a, AUDIT_GET, &s, 0, &s, sizeof(s));
	close(a.fd);
	return err ? err : s.enabled != 0;
}

#endif /* _SAFENAME_AUDIT_NL_H */
