// SPDX-License-Identifier: MIT
// Thin C boundary for fontconfig, used to find the system sans-serif font.
#ifndef CFONTCONFIG_SHIM_H
#define CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

#endif
