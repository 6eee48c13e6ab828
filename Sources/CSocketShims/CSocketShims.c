#define _GNU_SOURCE
#include <stddef.h>
#include <errno.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <pthread.h>
#include <unistd.h>
#include "CSocketShims.h"

int csocket_accept_nonblocking(int fd) {
    return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int csocket_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

int csocket_epoll_control(int epfd, int op, int fd, uint32_t events, uint64_t data) {
    struct epoll_event event = { .events = events, .data = { .u64 = data } };
    return epoll_ctl(epfd, op, fd, &event);
}

int csocket_epoll_wait(int epfd, csocket_event *events, int capacity, int timeout_ms) {
    struct epoll_event raw[1024];
    if (capacity > 1024) capacity = 1024;
    int n;
    do {
        n = epoll_wait(epfd, raw, capacity, timeout_ms);
    } while (n < 0 && errno == EINTR);
    for (int i = 0; i < n; i++) {
        events[i].events = raw[i].events;
        events[i].data = raw[i].data.u64;
    }
    return n;
}

int csocket_eventfd(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

void csocket_eventfd_signal(int fd) {
    uint64_t one = 1;
    ssize_t ignored = write(fd, &one, sizeof one);
    (void)ignored;
}

void csocket_eventfd_drain(int fd) {
    uint64_t value;
    ssize_t ignored = read(fd, &value, sizeof value);
    (void)ignored;
}

void csocket_name_thread(const char *name) {
    (void)pthread_setname_np(pthread_self(), name);
}
