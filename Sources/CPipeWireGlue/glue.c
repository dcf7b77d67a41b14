// SPDX-License-Identifier: MIT
#include "cpipewire_glue.h"

#include <errno.h>
#include <string.h>

#include <spa/buffer/meta.h>
#include <spa/param/buffers.h>
#include <spa/param/format.h>
#include <spa/param/video/format-utils.h>
#include <spa/pod/builder.h>
#include <spa/pod/iter.h>

int pinhole_pw_core_add_listener(
  struct pw_core *core, struct spa_hook *hook, const struct pw_core_events *events, void *data) {
  return pw_core_add_listener(core, hook, events, data);
}

int pinhole_pw_core_sync(struct pw_core *core, uint32_t id, int seq) {
  return pw_core_sync(core, id, seq);
}

int pinhole_pw_registry_add_listener(
  struct pw_registry *registry, struct spa_hook *hook, const struct pw_registry_events *events,
  void *data) {
  return pw_registry_add_listener(registry, hook, events, data);
}

int pinhole_pw_node_add_listener(
  struct pw_node *node, struct spa_hook *hook, const struct pw_node_events *events, void *data) {
  return pw_node_add_listener(node, hook, events, data);
}

int pinhole_pw_node_enum_params(struct pw_node *node, int seq, uint32_t id) {
  return pw_node_enum_params(node, seq, id, 0, UINT32_MAX, NULL);
}

const struct spa_pod *pinhole_pw_build_format(
  uint8_t *buffer, uint32_t size, const pinhole_pw_format *format) {
  struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, size);
  struct spa_rectangle rectangle = SPA_RECTANGLE(format->width, format->height);
  struct spa_fraction rate = SPA_FRACTION(format->rate_numerator, format->rate_denominator);
  if (format->media_subtype == SPA_MEDIA_SUBTYPE_raw) {
    return spa_pod_builder_add_object(
      &builder, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
      SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
      SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw),
      SPA_FORMAT_VIDEO_format, SPA_POD_Id(format->video_format),
      SPA_FORMAT_VIDEO_size, SPA_POD_Rectangle(&rectangle),
      SPA_FORMAT_VIDEO_framerate, SPA_POD_Fraction(&rate));
  }
  return spa_pod_builder_add_object(
    &builder, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
    SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
    SPA_FORMAT_mediaSubtype, SPA_POD_Id(format->media_subtype),
    SPA_FORMAT_VIDEO_size, SPA_POD_Rectangle(&rectangle),
    SPA_FORMAT_VIDEO_framerate, SPA_POD_Fraction(&rate));
}

uint32_t pinhole_pw_build_stream_params(
  uint8_t *buffer, uint32_t size, const struct spa_pod *params[2]) {
  struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, size);
  params[0] = spa_pod_builder_add_object(
    &builder, SPA_TYPE_OBJECT_ParamBuffers, SPA_PARAM_Buffers,
    SPA_PARAM_BUFFERS_dataType,
    SPA_POD_CHOICE_FLAGS_Int((1 << SPA_DATA_MemPtr) | (1 << SPA_DATA_MemFd)));
  params[1] = spa_pod_builder_add_object(
    &builder, SPA_TYPE_OBJECT_ParamMeta, SPA_PARAM_Meta,
    SPA_PARAM_META_type, SPA_POD_Id(SPA_META_Header),
    SPA_PARAM_META_size, SPA_POD_Int(sizeof(struct spa_meta_header)));
  return (params[0] != NULL) + (params[1] != NULL && params[0] != NULL);
}

int pinhole_pw_parse_format(const struct spa_pod *pod, pinhole_pw_format *format) {
  uint32_t media_type = 0, media_subtype = 0;
  if (pod == NULL || spa_format_parse(pod, &media_type, &media_subtype) < 0) return -EINVAL;
  if (media_type != SPA_MEDIA_TYPE_video) return -EINVAL;
  memset(format, 0, sizeof(*format));
  format->media_subtype = media_subtype;
  if (media_subtype == SPA_MEDIA_SUBTYPE_raw) {
    struct spa_video_info_raw raw;
    memset(&raw, 0, sizeof(raw));
    if (spa_format_video_raw_parse(pod, &raw) < 0) return -EINVAL;
    format->video_format = raw.format;
    format->width = raw.size.width;
    format->height = raw.size.height;
    format->rate_numerator = raw.framerate.num;
    format->rate_denominator = raw.framerate.denom;
    return 0;
  }
  if (media_subtype == SPA_MEDIA_SUBTYPE_mjpg) {
    struct spa_video_info_mjpg mjpg;
    memset(&mjpg, 0, sizeof(mjpg));
    if (spa_format_video_mjpg_parse(pod, &mjpg) < 0) return -EINVAL;
    format->width = mjpg.size.width;
    format->height = mjpg.size.height;
    format->rate_numerator = mjpg.framerate.num;
    format->rate_denominator = mjpg.framerate.denom;
    return 0;
  }
  return -EINVAL;
}

int pinhole_pw_property_values(
  const struct spa_pod *pod, uint32_t key, pinhole_pw_values *info, void *values,
  uint32_t value_size, uint32_t capacity) {
  if (pod == NULL || !spa_pod_is_object(pod)) return -EINVAL;
  const struct spa_pod_prop *prop = spa_pod_find_prop(pod, NULL, key);
  if (prop == NULL) return -ENOENT;
  // SPA checks that the property lies inside the object, but not that a choice's body holds
  // the values its child header claims: bound the count by the bytes there are.
  uint32_t available = prop->value.size;
  if (prop->value.type == SPA_TYPE_Choice) {
    if (available < sizeof(struct spa_pod_choice_body)) return -EINVAL;
    available -= sizeof(struct spa_pod_choice_body);
  }
  uint32_t count = 0, choice = 0;
  const struct spa_pod *first = spa_pod_get_values(&prop->value, &count, &choice);
  if (value_size == 0 || first->size != value_size) return -EINVAL;
  if (count > available / value_size) count = available / value_size;
  info->choice = choice;
  info->type = first->type;
  info->count = count;
  uint32_t copied = count < capacity ? count : capacity;
  memcpy(values, SPA_POD_BODY(first), (size_t)copied * value_size);
  return 0;
}

int pinhole_pw_buffer_header(
  struct spa_buffer *buffer, int64_t *pts, uint64_t *seq, uint32_t *flags) {
  struct spa_meta_header *header =
    spa_buffer_find_meta_data(buffer, SPA_META_Header, sizeof(*header));
  if (header == NULL) return -ENOENT;
  *pts = header->pts;
  *seq = header->seq;
  *flags = header->flags;
  return 0;
}
