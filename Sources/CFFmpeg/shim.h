// SPDX-License-Identifier: MIT
// Thin C boundary for FFmpeg 5.1 (libavformat, libavcodec, libavutil), imported only by the
// Recording module. Functions and plain integer macros import as they are; what follows are the
// macros Swift cannot import (casts, function-like macros, FFERRTAG arithmetic), copied into
// constants with the module prefix. No logic lives here. The module links no library: the
// functions are defined by CFFmpegLoader, which opens FFmpeg on first use.
#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/opt.h>

// AV_NOPTS_VALUE is `((int64_t)UINT64_C(0x8000000000000000))`: a cast, which Swift skips.
static const int64_t CFFMPEG_NOPTS_VALUE = AV_NOPTS_VALUE;

// AVERROR(e) is a function-like macro; these are the codes Recording tells apart.
// "Feed more input" / "take output first" from the send/receive encoding API.
static const int CFFMPEG_ERROR_EAGAIN = AVERROR(EAGAIN);
// The disk is full: the recording stops and keeps what was written.
static const int CFFMPEG_ERROR_ENOSPC = AVERROR(ENOSPC);
// AVERROR_EOF is built with FFERRTAG (shifts of character literals and a negation).
static const int CFFMPEG_ERROR_EOF = AVERROR_EOF;
// AVERROR_ENCODER_NOT_FOUND, FFERRTAG as well.
static const int CFFMPEG_ERROR_ENCODER_NOT_FOUND = AVERROR_ENCODER_NOT_FOUND;

// Flag macros written as shifts, which Swift does not import.
static const int CFFMPEG_CODEC_FLAG_GLOBAL_HEADER = AV_CODEC_FLAG_GLOBAL_HEADER;

#endif
