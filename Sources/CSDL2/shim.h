// SPDX-License-Identifier: MIT
// Thin C boundary for SDL2 and SDL2_ttf. Only what Swift cannot import by itself lives here.
#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H

// pkg-config's cflags point into the SDL2 folder, so the headers are included without it.
#include <SDL.h>
#include <SDL_ttf.h>
// The X11 window behind an SDL window (SDL_GetWindowWMInfo), and the few Xlib calls SDL 2.26
// leaves undone: WM_NAME as STRING or COMPOUND_TEXT, and completing startup notification.
#include <SDL_syswm.h>
#include <X11/Xutil.h>

// SDL_WINDOWPOS_CENTERED is a macro built from a function-like macro; Swift does not import it.
static const int CSDL2_WINDOWPOS_CENTERED = SDL_WINDOWPOS_CENTERED;

#endif
