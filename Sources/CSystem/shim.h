// SPDX-License-Identifier: MIT
// Thin C boundary for the GNU and Linux system calls that Swift's Glibc module does not declare:
// Glibc declares them only under _GNU_SOURCE, which the Glibc module is built without. Each
// wrapper below is compiled here, where _GNU_SOURCE is defined, and only passes its arguments on.
// Imported by SystemCalls alone.
#ifndef CSYSTEM_SHIM_H
#define CSYSTEM_SHIM_H

#define _GNU_SOURCE 1
#include <fcntl.h>
#include <libintl.h>
#include <locale.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

// renameat2(2) with RENAME_NOREPLACE: one atomic "move unless the name exists" (glibc >= 2.28).
static inline int csystem_renameat2(int olddirfd, const char *oldpath, int newdirfd,
                                    const char *newpath, unsigned int flags) {
  return renameat2(olddirfd, oldpath, newdirfd, newpath, flags);
}

// pipe2(2): close-on-exec and non-blocking set atomically with the pipe's creation.
static inline int csystem_pipe2(int fds[2], int flags) { return pipe2(fds, flags); }

// memmem(3): the first occurrence of a byte string, for walking JPEG segments.
static inline void *csystem_memmem(const void *haystack, size_t haystacklen, const void *needle,
                                   size_t needlelen) {
  return memmem(haystack, haystacklen, needle, needlelen);
}

// pthread_setname_np(3) on the calling thread: names show in top -H, gdb and /proc/*/task.
static inline int csystem_name_current_thread(const char *name) {
  return pthread_setname_np(pthread_self(), name);
}

// pthread_getname_np(3) of the calling thread.
static inline int csystem_current_thread_name(char *name, size_t length) {
  return pthread_getname_np(pthread_self(), name, length);
}

// The write function of csystem_discarding_stream: takes every byte and keeps none.
static inline ssize_t csystem_discard_write(void *cookie, const char *bytes, size_t size) {
  (void)cookie;
  (void)bytes;
  return (ssize_t)size;
}

// fopencookie(3): a write-only stream that accepts and drops everything with no system call, for
// a library's log that must go somewhere quiet; NULL if stdio cannot make one.
static inline FILE *csystem_discarding_stream(void) {
  cookie_io_functions_t functions = {NULL, csystem_discard_write, NULL, NULL};
  return fopencookie(NULL, "w", functions);
}

// RENAME_NOREPLACE from <linux/fs.h>, part of the kernel ABI since Linux 3.15.
static const unsigned int CSYSTEM_RENAME_NOREPLACE = 1;
// eventfd(2) flags; the macros alias O_* values Swift cannot see through.
static const int CSYSTEM_EFD_CLOEXEC = EFD_CLOEXEC;
static const int CSYSTEM_EFD_NONBLOCK = EFD_NONBLOCK;

#endif
