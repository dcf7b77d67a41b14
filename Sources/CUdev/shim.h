// SPDX-License-Identifier: MIT
// Thin C boundary for libudev, used to watch cameras come and go.
#ifndef CUDEV_SHIM_H
#define CUDEV_SHIM_H

#include <libudev.h>

#endif
