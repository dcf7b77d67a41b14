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

// SDL opens ALSA with dlopen when no sound server answers, and ALSA's library prints every
// failed probe ("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'") to stderr through
// its error handler, a variadic C function type Swift cannot define. SDL's own error says what
// failed. Loading the library here first (the same handle SDL gets later) and giving it a handler
// that drops the lines keeps the terminal clear; without libasound it does nothing.
#include <dlfcn.h>
static inline void csdl2_alsa_discard_error(
    const char *file, int line, const char *function, int err, const char *format, ...) {
  (void)file; (void)line; (void)function; (void)err; (void)format;
}
static inline void csdl2_silence_alsa_errors(void) {
  void *library = dlopen("libasound.so.2", RTLD_NOW | RTLD_GLOBAL);
  if (library == NULL) return;
  typedef void (*handler_t)(const char *, int, const char *, int, const char *, ...);
  int (*set_handler)(handler_t) = (int (*)(handler_t))dlsym(library, "snd_lib_error_set_handler");
  if (set_handler != NULL) set_handler(csdl2_alsa_discard_error);
}

#endif
