// SPDX-License-Identifier: MIT
// A PipeWire camera node for .ci/pipewire-test-guest: a Video/Source stream that offers one
// raw format at one size, 30 frames a second, with rows padded to STRIDE bytes, as libcamera's
// nodes deliver them. With PLANES 1 the planes follow each other in one data block (the V4L2
// layout: NV12's chroma rows are STRIDE long, I420's STRIDE/2); with PLANES > 1 each plane is
// its own data block of STRIDE-long rows (I420's chroma rows STRIDE/2), as libcamera's SPA
// plugin hands out a frame buffer's planes.
//
// The picture: the left half grey (Y 128, U 128, V 128), the right half blue (BT.601 limited:
// Y 41, U 240, V 110), split at the even column nearest the middle. Row padding is filled with
// white luma and saturated chroma, so a reader that misses the stride sees a sheared split and
// stray colour.
//   pipewire-test-source NAME NV12|I420|YUY2 WIDTH HEIGHT STRIDE PLANES
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pipewire/pipewire.h>
#include <spa/param/buffers.h>
#include <spa/param/video/format-utils.h>

struct source {
  struct pw_main_loop *loop;
  struct pw_stream *stream;
  struct spa_source *timer;
  uint32_t format, width, height, stride, planes;
};

/* Rows and bytes per row of plane `plane`, and its stride in the buffer. */
static void plane_shape(
  const struct source *s, uint32_t plane, uint32_t *rows, uint32_t *row_bytes, uint32_t *stride) {
  uint32_t cw = (s->width + 1) / 2, ch = (s->height + 1) / 2;
  switch (s->format) {
  case SPA_VIDEO_FORMAT_YUY2:
    *rows = s->height, *row_bytes = cw * 4, *stride = s->stride;
    return;
  case SPA_VIDEO_FORMAT_NV12:
    if (plane == 0) *rows = s->height, *row_bytes = s->width, *stride = s->stride;
    else *rows = ch, *row_bytes = cw * 2, *stride = s->stride;
    return;
  default: /* I420 */
    if (plane == 0) *rows = s->height, *row_bytes = s->width, *stride = s->stride;
    else *rows = ch, *row_bytes = cw, *stride = (s->stride + 1) / 2;
    return;
  }
}

static uint32_t plane_count(const struct source *s) {
  return s->format == SPA_VIDEO_FORMAT_YUY2 ? 1 : s->format == SPA_VIDEO_FORMAT_NV12 ? 2 : 3;
}

/* Fills plane `plane` at `at`: each row's pixels, then its padding. */
static void fill_plane(const struct source *s, uint32_t plane, uint8_t *at) {
  uint32_t rows, row_bytes, stride;
  plane_shape(s, plane, &rows, &row_bytes, &stride);
  uint32_t split = (s->width / 2) & ~1u;
  for (uint32_t y = 0; y < rows; y++) {
    uint8_t *row = at + (size_t)y * stride;
    for (uint32_t x = 0; x < row_bytes; x++) {
      uint8_t value;
      if (s->format == SPA_VIDEO_FORMAT_YUY2) {
        static const uint8_t blue[4] = {41, 240, 41, 110};
        value = (x / 4) * 2 >= split ? blue[x % 4] : 128;
      } else if (plane == 0) {
        value = x >= split ? 41 : 128;
      } else if (s->format == SPA_VIDEO_FORMAT_NV12) {
        int right = (x / 2) * 2 >= split;
        value = right ? (x % 2 == 0 ? 240 : 110) : 128;
      } else {
        int right = x * 2 >= split;
        value = right ? (plane == 1 ? 240 : 110) : 128;
      }
      row[x] = value;
    }
    memset(row + row_bytes, plane == 0 ? 255 : 0, stride - row_bytes);
  }
}

static void on_process(void *data) {
  struct source *s = data;
  struct pw_buffer *b = pw_stream_dequeue_buffer(s->stream);
  if (b == NULL) return;
  struct spa_buffer *buf = b->buffer;
  uint32_t planes = plane_count(s);
  if (s->planes == 1) {
    struct spa_data *d = &buf->datas[0];
    size_t used = 0;
    for (uint32_t p = 0; p < planes; p++) {
      uint32_t rows, row_bytes, stride;
      plane_shape(s, p, &rows, &row_bytes, &stride);
      if (d->data != NULL && used + (size_t)rows * stride <= d->maxsize)
        fill_plane(s, p, (uint8_t *)d->data + used);
      used += (size_t)rows * stride;
    }
    d->chunk->offset = 0;
    d->chunk->size = used <= d->maxsize ? used : 0;
    d->chunk->stride = s->stride;
    d->chunk->flags = 0;
  } else {
    for (uint32_t p = 0; p < planes && p < buf->n_datas; p++) {
      struct spa_data *d = &buf->datas[p];
      uint32_t rows, row_bytes, stride;
      plane_shape(s, p, &rows, &row_bytes, &stride);
      size_t size = (size_t)rows * stride;
      if (d->data != NULL && size <= d->maxsize) fill_plane(s, p, d->data);
      d->chunk->offset = 0;
      d->chunk->size = size <= d->maxsize ? size : 0;
      d->chunk->stride = stride;
      d->chunk->flags = 0;
    }
  }
  pw_stream_queue_buffer(s->stream, b);
}

static void on_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
  struct source *s = data;
  if (param == NULL || id != SPA_PARAM_Format) return;
  uint8_t buffer[1024];
  struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, sizeof(buffer));
  uint32_t rows, row_bytes, stride, total = 0;
  for (uint32_t p = 0; p < plane_count(s); p++) {
    plane_shape(s, p, &rows, &row_bytes, &stride);
    total += rows * stride;
  }
  plane_shape(s, 0, &rows, &row_bytes, &stride);
  uint32_t block = s->planes == 1 ? total : rows * stride;
  const struct spa_pod *params[1];
  params[0] = spa_pod_builder_add_object(
    &b, SPA_TYPE_OBJECT_ParamBuffers, SPA_PARAM_Buffers,
    SPA_PARAM_BUFFERS_buffers, SPA_POD_CHOICE_RANGE_Int(4, 2, 8),
    SPA_PARAM_BUFFERS_blocks, SPA_POD_Int(s->planes == 1 ? 1 : plane_count(s)),
    SPA_PARAM_BUFFERS_size, SPA_POD_Int(block),
    SPA_PARAM_BUFFERS_stride, SPA_POD_Int(s->stride),
    SPA_PARAM_BUFFERS_dataType,
    SPA_POD_CHOICE_FLAGS_Int((1 << SPA_DATA_MemPtr) | (1 << SPA_DATA_MemFd)));
  pw_stream_update_params(s->stream, params, 1);
}

static void on_timeout(void *data, uint64_t expirations) {
  struct source *s = data;
  (void)expirations;
  pw_stream_trigger_process(s->stream);
}

static void on_state_changed(
  void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
  struct source *s = data;
  (void)old;
  struct timespec interval = {0, 33333333}, start = {0, 1};
  if (state == PW_STREAM_STATE_STREAMING)
    pw_loop_update_timer(pw_main_loop_get_loop(s->loop), s->timer, &start, &interval, false);
  else
    pw_loop_update_timer(pw_main_loop_get_loop(s->loop), s->timer, NULL, NULL, false);
  if (state == PW_STREAM_STATE_ERROR) fprintf(stderr, "source: %s\n", error ? error : "error");
}

static const struct pw_stream_events events = {
  PW_VERSION_STREAM_EVENTS,
  .state_changed = on_state_changed,
  .param_changed = on_param_changed,
  .process = on_process,
};

static void on_signal(void *data, int number) {
  (void)number;
  pw_main_loop_quit(((struct source *)data)->loop);
}

int main(int argc, char *argv[]) {
  if (argc != 7) {
    fprintf(stderr, "usage: %s NAME NV12|I420|YUY2 WIDTH HEIGHT STRIDE PLANES\n", argv[0]);
    return 2;
  }
  struct source s = {0};
  s.format = strcmp(argv[2], "NV12") == 0 ? SPA_VIDEO_FORMAT_NV12
    : strcmp(argv[2], "I420") == 0        ? SPA_VIDEO_FORMAT_I420
    : strcmp(argv[2], "YUY2") == 0        ? SPA_VIDEO_FORMAT_YUY2
                                          : 0;
  s.width = (uint32_t)atoi(argv[3]);
  s.height = (uint32_t)atoi(argv[4]);
  s.stride = (uint32_t)atoi(argv[5]);
  s.planes = (uint32_t)atoi(argv[6]);
  uint32_t rows, row_bytes, stride;
  plane_shape(&s, 0, &rows, &row_bytes, &stride);
  if (s.format == 0 || s.width < 2 || s.height < 2 || s.width > 4096 || s.height > 4096
      || s.stride < row_bytes || s.stride > 16384 || (s.planes != 1 && s.planes != plane_count(&s))) {
    fprintf(stderr, "pipewire-test-source: bad arguments\n");
    return 2;
  }
  pw_init(&argc, &argv);
  s.loop = pw_main_loop_new(NULL);
  pw_loop_add_signal(pw_main_loop_get_loop(s.loop), SIGTERM, on_signal, &s);
  pw_loop_add_signal(pw_main_loop_get_loop(s.loop), SIGINT, on_signal, &s);
  s.timer = pw_loop_add_timer(pw_main_loop_get_loop(s.loop), on_timeout, &s);
  s.stream = pw_stream_new_simple(
    pw_main_loop_get_loop(s.loop), argv[1],
    pw_properties_new(
      PW_KEY_MEDIA_CLASS, "Video/Source", PW_KEY_MEDIA_TYPE, "Video", PW_KEY_MEDIA_CATEGORY,
      "Capture", PW_KEY_MEDIA_ROLE, "Camera", PW_KEY_NODE_NAME, argv[1],
      PW_KEY_NODE_DESCRIPTION, argv[1], NULL),
    &events, &s);
  uint8_t buffer[1024];
  struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, sizeof(buffer));
  struct spa_rectangle size = SPA_RECTANGLE(s.width, s.height);
  struct spa_fraction rate = SPA_FRACTION(30, 1);
  const struct spa_pod *params[1];
  params[0] = spa_pod_builder_add_object(
    &b, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
    SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
    SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw),
    SPA_FORMAT_VIDEO_format, SPA_POD_Id(s.format),
    SPA_FORMAT_VIDEO_size, SPA_POD_Rectangle(&size),
    SPA_FORMAT_VIDEO_framerate, SPA_POD_Fraction(&rate));
  int res = pw_stream_connect(
    s.stream, PW_DIRECTION_OUTPUT, PW_ID_ANY,
    PW_STREAM_FLAG_DRIVER | PW_STREAM_FLAG_MAP_BUFFERS, params, 1);
  if (res < 0) {
    fprintf(stderr, "pipewire-test-source: connect: %s\n", strerror(-res));
    return 1;
  }
  pw_main_loop_run(s.loop);
  pw_stream_destroy(s.stream);
  pw_main_loop_destroy(s.loop);
  pw_deinit();
  return 0;
}
