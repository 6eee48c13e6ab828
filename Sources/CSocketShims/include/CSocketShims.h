#ifndef CSOCKETSHIMS_H
#define CSOCKETSHIMS_H

#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>

/// accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC: one syscall instead of accept + two fcntl.
int csocket_accept_nonblocking(int fd);

/// One readiness event. epoll_event is packed on x86-64, which Swift cannot import faithfully,
/// so events are copied into this plain struct.
typedef struct {
    uint32_t events;
    uint64_t data;
} csocket_event;

enum {
    CSOCKET_EPOLLIN = 0x001,
    CSOCKET_EPOLLOUT = 0x004,
    CSOCKET_EPOLLERR = 0x008,
    CSOCKET_EPOLLHUP = 0x010,
    CSOCKET_EPOLLRDHUP = 0x2000,
    CSOCKET_EPOLLEXCLUSIVE = 1u << 28,
    CSOCKET_EPOLLET = 1u << 31,
};

int csocket_epoll_create(void);
/// op: 1 add, 2 delete, 3 modify (EPOLL_CTL_*).
int csocket_epoll_control(int epfd, int op, int fd, uint32_t events, uint64_t data);
/// epoll_wait into `events` (at most `capacity`, which must be ≤ 1024).
int csocket_epoll_wait(int epfd, csocket_event *events, int capacity, int timeout_ms);

/// A non-blocking eventfd used to wake an event loop from another thread.
int csocket_eventfd(void);
void csocket_eventfd_signal(int fd);
void csocket_eventfd_drain(int fd);

/// Names the calling thread for top -H, perf and /proc (Linux keeps 15 bytes; a longer name is refused).
/// pthread_setname_np is a GNU extension that Swift's Glibc module does not declare.
void csocket_name_thread(const char *name);

#endif
