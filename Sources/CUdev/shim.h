// SPDX-License-Identifier: MIT
// Thin C boundary for libudev, used to watch cameras come and go. Imported by Hotplug only.
#ifndef CUDEV_SHIM_H
#define CUDEV_SHIM_H

#include <libudev.h>

// Glibc's Swift module does not include <sys/sysmacros.h>, and its major()/minor() are macros
// Swift cannot call; the header also declares the functions behind them, gnu_dev_major() and
// gnu_dev_minor(), which import. Hotplug splits st_rdev and udev's dev_t with them.
#include <sys/sysmacros.h>

#endif
