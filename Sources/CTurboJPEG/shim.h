// SPDX-License-Identifier: MIT
// Thin C boundary for libturbojpeg.
// Everything Imaging uses imports as is: the tj* functions, the TJSAMP/TJCS/TJERR enums (as
// structs with rawValue) and the TJFLAG_* values (plain integer #defines). Add an entry here
// only for what Swift cannot see, with the reason.
#ifndef CTURBOJPEG_SHIM_H
#define CTURBOJPEG_SHIM_H

#include <turbojpeg.h>

#endif
