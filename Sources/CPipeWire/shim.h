// SPDX-License-Identifier: MIT
// Thin C boundary for libpipewire-0.3 and its SPA headers, used to capture from PipeWire camera
// nodes. Imported by PipeWireCapture and by the CPipeWireGlue helpers.
#ifndef CPIPEWIRE_SHIM_H
#define CPIPEWIRE_SHIM_H

#include <pipewire/pipewire.h>
#include <spa/buffer/meta.h>
#include <spa/param/param.h>
#include <spa/param/props.h>
#include <spa/param/video/format-utils.h>
#include <spa/utils/dict.h>

#endif
