#ifndef CSOCKETSHIMS_H
#define CSOCKETSHIMS_H

#include <sys/types.h>
#include <sys/socket.h>

/// accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC: one syscall instead of accept + two fcntl.
int csocket_accept_nonblocking(int fd);

#endif
