// SPDX-License-Identifier: MIT
// Thin C boundary for the kernel's media controller API (/dev/mediaN). Only what Swift cannot
// import by itself lives here.
#ifndef CMEDIA_SHIM_H
#define CMEDIA_SHIM_H

#include <linux/media.h>
#include <sys/ioctl.h>

// ioctl is variadic; Swift cannot call variadic C functions.
static inline int cmedia_ioctl(int fd, unsigned long request, void *arg) {
  return ioctl(fd, request, arg);
}

// MEDIA_IOC_* request codes are function-like _IOWR macros that Swift does not import.
static const unsigned long CMEDIA_IOC_G_TOPOLOGY = MEDIA_IOC_G_TOPOLOGY;

// MEDIA_ENT_F_* and MEDIA_LNK_FL_* are built from other macros with arithmetic; Swift imports
// some of them, but one spelling for all keeps the Swift side uniform.
static const unsigned int CMEDIA_ENT_F_FLASH = MEDIA_ENT_F_FLASH;
static const unsigned int CMEDIA_LNK_FL_LINK_TYPE = MEDIA_LNK_FL_LINK_TYPE;
static const unsigned int CMEDIA_LNK_FL_INTERFACE_LINK = MEDIA_LNK_FL_INTERFACE_LINK;

#endif
