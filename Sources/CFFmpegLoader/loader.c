// SPDX-License-Identifier: MIT
// One forwarding definition for each FFmpeg function Pinhole calls. The Swift code calls them
// by their usual names; each forwards to the function resolved from the library opened by
// `cffmpeg_load`, or, when the library could not be opened, returns the failure FFmpeg itself
// would (a negative error code, NULL) so that no caller can crash on a missing library.
#include "cffmpeg_loader.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/display.h>
#include <libavutil/frame.h>
#include <libavutil/log.h>

#define SONAME(name, major) "lib" name ".so." AV_STRINGIFY(major)

enum library { UTIL, CODEC, FORMAT, LIBRARY_COUNT };

static const char *const sonames[LIBRARY_COUNT] = {
  SONAME("avutil", LIBAVUTIL_VERSION_MAJOR),
  SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR),
  SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR),
};

// X(library, result, name, parameters, arguments, result when missing)
// V(library, name, parameters, arguments) for functions that return nothing.
#define CFFMPEG_FUNCTIONS(X, V)                                                                 \
  X(UTIL, int, av_channel_layout_copy, (AVChannelLayout * dst, const AVChannelLayout *src),      \
    (dst, src), AVERROR(ENOSYS))                                                                 \
  V(UTIL, av_channel_layout_default, (AVChannelLayout * layout, int channels), (layout, channels)) \
  V(UTIL, av_display_rotation_set, (int32_t matrix[9], double angle), (matrix, angle))          \
  V(UTIL, av_dict_free, (AVDictionary * *dictionary), (dictionary))                              \
  X(UTIL, int, av_dict_set,                                                                      \
    (AVDictionary * *dictionary, const char *key, const char *value, int flags),                 \
    (dictionary, key, value, flags), AVERROR(ENOSYS))                                            \
  X(UTIL, AVBufferRef *, av_buffer_create,                                                     \
    (uint8_t * data, size_t size, void (*free)(void *opaque, uint8_t *data), void *opaque,       \
     int flags),                                                                                 \
    (data, size, free, opaque, flags), NULL)                                                     \
  X(UTIL, AVFrame *, av_frame_alloc, (void), (), NULL)                                           \
  V(UTIL, av_frame_free, (AVFrame * *frame), (frame))                                            \
  X(UTIL, int, av_frame_get_buffer, (AVFrame * frame, int align), (frame, align), AVERROR(ENOSYS)) \
  X(UTIL, int, av_frame_make_writable, (AVFrame * frame), (frame), AVERROR(ENOSYS))              \
  V(UTIL, av_frame_unref, (AVFrame * frame), (frame))                                            \
  V(UTIL, av_log_set_level, (int level), (level))                                                \
  X(UTIL, int, av_strerror, (int code, char *buffer, size_t size), (code, buffer, size), -1)     \
  X(CODEC, AVPacket *, av_packet_alloc, (void), (), NULL)                                        \
  V(CODEC, av_packet_free, (AVPacket * *packet), (packet))                                       \
  V(CODEC, av_packet_rescale_ts, (AVPacket * packet, AVRational from, AVRational to),            \
    (packet, from, to))                                                                          \
  V(CODEC, av_packet_unref, (AVPacket * packet), (packet))                                       \
  V(CODEC, av_packet_move_ref, (AVPacket * to, AVPacket * from), (to, from))                     \
  X(CODEC, int, av_new_packet, (AVPacket * packet, int size), (packet, size), AVERROR(ENOSYS))   \
  X(CODEC, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec), NULL)     \
  X(CODEC, const AVCodec *, avcodec_find_decoder, (enum AVCodecID id), (id), NULL)              \
  X(CODEC, const AVCodec *, avcodec_find_encoder, (enum AVCodecID id), (id), NULL)              \
  X(CODEC, const AVCodec *, avcodec_find_encoder_by_name, (const char *name), (name), NULL)     \
  V(CODEC, avcodec_flush_buffers, (AVCodecContext * context), (context))                         \
  V(CODEC, avcodec_free_context, (AVCodecContext * *context), (context))                         \
  X(CODEC, const char *, avcodec_get_name, (enum AVCodecID id), (id), "unknown")                \
  X(CODEC, int, avcodec_open2,                                                                   \
    (AVCodecContext * context, const AVCodec *codec, AVDictionary **options),                    \
    (context, codec, options), AVERROR(ENOSYS))                                                  \
  X(CODEC, AVCodecParameters *, avcodec_parameters_alloc, (void), (), NULL)                      \
  X(CODEC, int, avcodec_parameters_copy,                                                         \
    (AVCodecParameters * to, const AVCodecParameters *from), (to, from), AVERROR(ENOSYS))        \
  V(CODEC, avcodec_parameters_free, (AVCodecParameters * *parameters), (parameters))             \
  X(CODEC, int, avcodec_parameters_from_context,                                                 \
    (AVCodecParameters * parameters, const AVCodecContext *context), (parameters, context),      \
    AVERROR(ENOSYS))                                                                             \
  X(CODEC, int, avcodec_parameters_to_context,                                                   \
    (AVCodecContext * context, const AVCodecParameters *parameters), (context, parameters),      \
    AVERROR(ENOSYS))                                                                             \
  X(CODEC, int, avcodec_receive_frame, (AVCodecContext * context, AVFrame *frame),               \
    (context, frame), AVERROR(ENOSYS))                                                           \
  X(CODEC, int, avcodec_receive_packet, (AVCodecContext * context, AVPacket *packet),            \
    (context, packet), AVERROR(ENOSYS))                                                          \
  X(CODEC, int, avcodec_send_frame, (AVCodecContext * context, const AVFrame *frame),            \
    (context, frame), AVERROR(ENOSYS))                                                           \
  X(CODEC, int, avcodec_send_packet, (AVCodecContext * context, const AVPacket *packet),         \
    (context, packet), AVERROR(ENOSYS))                                                          \
  X(FORMAT, int, av_find_best_stream,                                                            \
    (AVFormatContext * context, enum AVMediaType type, int wanted, int related,                  \
     const AVCodec **decoder, int flags),                                                        \
    (context, type, wanted, related, decoder, flags), AVERROR(ENOSYS))                           \
  X(FORMAT, int, av_interleaved_write_frame, (AVFormatContext * context, AVPacket *packet),      \
    (context, packet), AVERROR(ENOSYS))                                                          \
  X(FORMAT, int, av_read_frame, (AVFormatContext * context, AVPacket *packet), (context, packet), \
    AVERROR(ENOSYS))                                                                             \
  X(FORMAT, int, av_seek_frame,                                                                  \
    (AVFormatContext * context, int stream, int64_t timestamp, int flags),                       \
    (context, stream, timestamp, flags), AVERROR(ENOSYS))                                        \
  X(FORMAT, int, av_write_trailer, (AVFormatContext * context), (context), AVERROR(ENOSYS))      \
  X(FORMAT, int, avformat_alloc_output_context2,                                                 \
    (AVFormatContext * *context, const AVOutputFormat *format, const char *name,                 \
     const char *file),                                                                          \
    (context, format, name, file), AVERROR(ENOSYS))                                              \
  V(FORMAT, avformat_close_input, (AVFormatContext * *context), (context))                       \
  X(FORMAT, int, avformat_find_stream_info, (AVFormatContext * context, AVDictionary **options), \
    (context, options), AVERROR(ENOSYS))                                                         \
  V(FORMAT, avformat_free_context, (AVFormatContext * context), (context))                       \
  X(FORMAT, uint8_t *, av_stream_get_side_data,                                                 \
    (const AVStream *stream, enum AVPacketSideDataType type, size_t *size), (stream, type, size), \
    NULL)                                                                                        \
  X(FORMAT, uint8_t *, av_stream_new_side_data,                                                 \
    (AVStream * stream, enum AVPacketSideDataType type, size_t size), (stream, type, size), NULL) \
  X(FORMAT, AVStream *, avformat_new_stream, (AVFormatContext * context, const AVCodec *codec),  \
    (context, codec), NULL)                                                                      \
  X(FORMAT, int, avformat_open_input,                                                            \
    (AVFormatContext * *context, const char *url, const AVInputFormat *format,                   \
     AVDictionary **options),                                                                    \
    (context, url, format, options), AVERROR(ENOSYS))                                           \
  X(FORMAT, int, avformat_write_header, (AVFormatContext * context, AVDictionary **options),     \
    (context, options), AVERROR(ENOSYS))                                                         \
  X(FORMAT, int, avio_closep, (AVIOContext * *context), (context), AVERROR(ENOSYS))             \
  X(FORMAT, int, avio_open, (AVIOContext * *context, const char *url, int flags),                \
    (context, url, flags), AVERROR(ENOSYS))

#define DECLARE_POINTER(library, result, name, parameters, arguments, missing) \
  result(*name) parameters;
#define DECLARE_VOID_POINTER(library, name, parameters, arguments) void(*name) parameters;

static struct {
  CFFMPEG_FUNCTIONS(DECLARE_POINTER, DECLARE_VOID_POINTER)
} resolved;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[256];

static int resolve(void *const handles[], enum library library, const char *name, void **slot) {
  *slot = dlsym(handles[library], name);
  if (*slot != NULL) return 0;
  snprintf(failure, sizeof failure, "%s has no function %s", sonames[library], name);
  return -1;
}

static void load_libraries(void) {
  void *handles[LIBRARY_COUNT];
  for (int library = 0; library < LIBRARY_COUNT; library++) {
    handles[library] = dlopen(sonames[library], RTLD_LAZY | RTLD_LOCAL);
    if (handles[library] == NULL) {
      snprintf(failure, sizeof failure, "%s could not be opened: %s", sonames[library],
               dlerror());
      return;
    }
  }
  // Every slot is filled before any is published: on a failure all are cleared again.
#define RESOLVE(library, result, name, parameters, arguments, missing) \
  if (resolve(handles, library, #name, (void **)&resolved.name) != 0) goto missing_function;
#define RESOLVE_VOID(library, name, parameters, arguments) \
  if (resolve(handles, library, #name, (void **)&resolved.name) != 0) goto missing_function;
  CFFMPEG_FUNCTIONS(RESOLVE, RESOLVE_VOID)
  return;
missing_function:;
#define CLEAR(library, result, name, parameters, arguments, missing) resolved.name = NULL;
#define CLEAR_VOID(library, name, parameters, arguments) resolved.name = NULL;
  CFFMPEG_FUNCTIONS(CLEAR, CLEAR_VOID)
}

int cffmpeg_load(const char **message) {
  pthread_once(&once, load_libraries);
  if (failure[0] == '\0') return 0;
  if (message != NULL) *message = failure;
  return -1;
}

#define FORWARD(library, result, name, parameters, arguments, missing) \
  result name parameters {                                               \
    pthread_once(&once, load_libraries);                                 \
    return resolved.name != NULL ? resolved.name arguments : missing;    \
  }
#define FORWARD_VOID(library, name, parameters, arguments) \
  void name parameters {                                     \
    pthread_once(&once, load_libraries);                     \
    if (resolved.name != NULL) resolved.name arguments;      \
  }
CFFMPEG_FUNCTIONS(FORWARD, FORWARD_VOID)
