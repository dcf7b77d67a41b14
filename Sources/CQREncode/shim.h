// SPDX-License-Identifier: MIT
// libqrencode (Debian libqrencode-dev, pkg-config libqrencode), imported by SimulatedCamera
// only: it draws a QR code whose text a test chooses into the simulated scene.
#ifndef CQRENCODE_SHIM_H
#define CQRENCODE_SHIM_H

#include <qrencode.h>

#endif
