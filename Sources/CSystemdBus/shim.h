// SPDX-License-Identifier: MIT
// Thin C boundary for libsystemd's sd-bus, the D-Bus client DesktopBus is built on. Imported by
// DesktopBus only. Everything DesktopBus calls imports as is: the message builders and readers
// (sd_bus_message_append_basic, _open_container, _read_basic, _peek_type, _enter_container)
// are not variadic, unlike the sd_bus_call_method/sd_bus_message_append conveniences, which
// Swift cannot call and DesktopBus does not use.
#ifndef CSYSTEMDBUS_SHIM_H
#define CSYSTEMDBUS_SHIM_H

#include <systemd/sd-bus.h>

#endif
