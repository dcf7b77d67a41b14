// SPDX-License-Identifier: MIT
// FFmpeg's libraries are opened on first use rather than by the program loader: Debian's
// libavcodec and libavformat bring about 130 shared libraries with them, and loading those at
// start-up cost every launch of the window, and every later dlopen (the GL driver's), time
// whether or not anything was ever recorded or played. `cffmpeg_load` opens them with
// RTLD_LOCAL, so their dependencies stay out of the global symbol scope.
#ifndef CFFMPEG_LOADER_H
#define CFFMPEG_LOADER_H

/// Opens libavutil, libavcodec and libavformat (the sonames the headers were built for) once
/// and resolves every function Pinhole calls. Returns 0 when all are there; otherwise -1, and
/// `*message` (if not NULL) points at a static sentence naming the library or function that
/// is missing. Safe to call from any thread, any number of times.
int cffmpeg_load(const char **message);

#endif
