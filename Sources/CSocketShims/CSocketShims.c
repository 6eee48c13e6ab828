#define _GNU_SOURCE
#include <stddef.h>
#include "CSocketShims.h"

int csocket_accept_nonblocking(int fd) {
    return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
