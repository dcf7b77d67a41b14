// SPDX-License-Identifier: MIT
#include "cpipewire_glue.h"

#include <errno.h>
#include <string.h>

#include <spa/buffer/meta.h>
#include <spa/param/buffers.h>
#include <spa/param/format.h>
#include <spa/param/props.h>
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

int pinhole_pw_node_set_param(
  struct pw_node *node, uint32_t id, uint32_t flags, const struct spa_pod *param) {
  return pw_node_set_param(node, id, flags, param);
}

/* The values of a property's value pod, plain or a choice, with every size checked against
 * the pod's own (spa_pod_get_values trusts a choice's child header). */
static int pinhole_values_of(
  const struct spa_pod *value, uint32_t *choice, uint32_t *type, uint32_t *value_size,
  uint32_t *count, const uint8_t **body) {
  if (value->type != SPA_TYPE_Choice) {
    *choice = SPA_CHOICE_None;
    *type = value->type;
    *value_size = value->size;
    *count = 1;
    *body = SPA_POD_BODY_CONST(value);
    return 0;
  }
  if (value->size < sizeof(struct spa_pod_choice_body)) return -EINVAL;
  const struct spa_pod_choice *pod = (const struct spa_pod_choice *)value;
  uint32_t size = pod->body.child.size;
  if (size == 0) return -EINVAL;
  *choice = pod->body.type;
  *type = pod->body.child.type;
  *value_size = size;
  *count = (value->size - (uint32_t)sizeof(struct spa_pod_choice_body)) / size;
  *body = (const uint8_t *)SPA_POD_CONTENTS_CONST(struct spa_pod_choice, value);
  return 0;
}

/* One value of SPA type `type` and `size` bytes at `at`, as a whole number or a real. */
static int pinhole_number(
  uint32_t type, uint32_t size, const uint8_t *at, int64_t *integer, double *real) {
  *integer = 0;
  *real = 0;
  switch (type) {
  case SPA_TYPE_Int:
  case SPA_TYPE_Bool:
  case SPA_TYPE_Id: {
    if (size != sizeof(int32_t)) return -EINVAL;
    int32_t v;
    memcpy(&v, at, sizeof(v));
    *integer = type == SPA_TYPE_Id ? (int64_t)(uint32_t)v : (type == SPA_TYPE_Bool ? v != 0 : v);
    return 0;
  }
  case SPA_TYPE_Long: {
    if (size != sizeof(int64_t)) return -EINVAL;
    memcpy(integer, at, sizeof(*integer));
    return 0;
  }
  case SPA_TYPE_Float: {
    if (size != sizeof(float)) return -EINVAL;
    float v;
    memcpy(&v, at, sizeof(v));
    *real = v;
    return 0;
  }
  case SPA_TYPE_Double: {
    if (size != sizeof(double)) return -EINVAL;
    memcpy(real, at, sizeof(*real));
    return 0;
  }
  default:
    return -EINVAL;
  }
}

static const struct spa_pod_prop *pinhole_find(const struct spa_pod *pod, uint32_t key) {
  return spa_pod_find_prop(pod, NULL, key);
}

int pinhole_pw_parse_prop_info(const struct spa_pod *pod, pinhole_pw_prop_info *info) {
  memset(info, 0, sizeof(*info));
  if (pod == NULL || !spa_pod_is_object_type(pod, SPA_TYPE_OBJECT_PropInfo)) return -EINVAL;
  const struct spa_pod_prop *id = pinhole_find(pod, SPA_PROP_INFO_id);
  if (id == NULL || spa_pod_get_id(&id->value, &info->id) < 0) return -EINVAL;
  const struct spa_pod_prop *name = pinhole_find(pod, SPA_PROP_INFO_description);
  if (name == NULL || !spa_pod_is_string(&name->value)) name = pinhole_find(pod, SPA_PROP_INFO_name);
  if (name != NULL) spa_pod_copy_string(&name->value, sizeof(info->name), info->name);
  const struct spa_pod_prop *type = pinhole_find(pod, SPA_PROP_INFO_type);
  uint32_t choice, value_type, size, count;
  const uint8_t *body;
  if (type != NULL &&
      pinhole_values_of(&type->value, &choice, &value_type, &size, &count, &body) == 0) {
    uint32_t read = 0;
    for (; read < count && read < PINHOLE_PW_PROP_VALUES; read++) {
      if (pinhole_number(value_type, size, body + (size_t)read * size, &info->integers[read],
            &info->reals[read]) < 0)
        break;
    }
    if (read == count || read == PINHOLE_PW_PROP_VALUES) {
      info->type = value_type;
      info->choice = choice;
      info->count = read;
    }
  }
  const struct spa_pod_prop *labels = pinhole_find(pod, SPA_PROP_INFO_labels);
  if (labels != NULL && spa_pod_is_struct(&labels->value)) {
    const struct spa_pod *item;
    SPA_POD_STRUCT_FOREACH(&labels->value, item) info->label_count++;
    info->label_count /= 2;
  }
  return 0;
}

uint32_t pinhole_pw_prop_info_labels(
  const struct spa_pod *pod, pinhole_pw_label *labels, uint32_t capacity) {
  if (pod == NULL || !spa_pod_is_object_type(pod, SPA_TYPE_OBJECT_PropInfo)) return 0;
  const struct spa_pod_prop *prop = pinhole_find(pod, SPA_PROP_INFO_labels);
  if (prop == NULL || !spa_pod_is_struct(&prop->value)) return 0;
  uint32_t count = 0;
  const struct spa_pod *item, *value = NULL;
  SPA_POD_STRUCT_FOREACH(&prop->value, item) {
    if (count >= capacity) break;
    if (value == NULL) {
      value = item;
      continue;
    }
    int64_t number;
    double real;
    if (pinhole_number(value->type, value->size, SPA_POD_BODY_CONST(value), &number, &real) == 0
        && value->type != SPA_TYPE_Float && value->type != SPA_TYPE_Double
        && spa_pod_is_string(item)) {
      labels[count].value = number;
      spa_pod_copy_string(item, sizeof(labels[count].name), labels[count].name);
      count++;
    }
    value = NULL;
  }
  return count;
}

int pinhole_pw_parse_props(
  const struct spa_pod *pod, pinhole_pw_prop_value *values, uint32_t capacity) {
  if (pod == NULL || !spa_pod_is_object_type(pod, SPA_TYPE_OBJECT_Props)) return -EINVAL;
  const struct spa_pod_object *object = (const struct spa_pod_object *)pod;
  const struct spa_pod_prop *prop;
  uint32_t count = 0;
  SPA_POD_OBJECT_FOREACH(object, prop) {
    if (count >= capacity) break;
    const struct spa_pod *value = &prop->value;
    pinhole_pw_prop_value *out = &values[count];
    if (value->type == SPA_TYPE_Choice) continue;
    if (pinhole_number(value->type, value->size, SPA_POD_BODY_CONST(value), &out->integer,
          &out->real) < 0)
      continue;
    out->key = prop->key;
    out->type = value->type;
    count++;
  }
  return (int)count;
}

static int pinhole_write_number(
  struct spa_pod_builder *builder, uint32_t type, int64_t integer, double real) {
  switch (type) {
  case SPA_TYPE_Int: return spa_pod_builder_int(builder, (int32_t)integer);
  case SPA_TYPE_Long: return spa_pod_builder_long(builder, integer);
  case SPA_TYPE_Bool: return spa_pod_builder_bool(builder, integer != 0);
  case SPA_TYPE_Id: return spa_pod_builder_id(builder, (uint32_t)integer);
  case SPA_TYPE_Float: return spa_pod_builder_float(builder, (float)real);
  case SPA_TYPE_Double: return spa_pod_builder_double(builder, real);
  default: return -EINVAL;
  }
}

const struct spa_pod *pinhole_pw_build_prop_info(
  uint8_t *buffer, uint32_t size, uint32_t id, const char *name, uint32_t type, uint32_t choice,
  const int64_t *integers, const double *reals, uint32_t count, const int64_t *label_values,
  const char *label_names, uint32_t label_count) {
  struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, size);
  struct spa_pod_frame object, values, labels;
  spa_pod_builder_push_object(&builder, &object, SPA_TYPE_OBJECT_PropInfo, SPA_PARAM_PropInfo);
  spa_pod_builder_prop(&builder, SPA_PROP_INFO_id, 0);
  spa_pod_builder_id(&builder, id);
  spa_pod_builder_prop(&builder, SPA_PROP_INFO_description, 0);
  spa_pod_builder_string(&builder, name);
  spa_pod_builder_prop(&builder, SPA_PROP_INFO_type, 0);
  int is_plain = choice == SPA_CHOICE_None && count == 1;
  if (!is_plain) spa_pod_builder_push_choice(&builder, &values, choice, 0);
  for (uint32_t i = 0; i < count; i++) {
    if (pinhole_write_number(&builder, type, integers[i], reals[i]) == -EINVAL) return NULL;
  }
  if (!is_plain) spa_pod_builder_pop(&builder, &values);
  if (label_count > 0) {
    spa_pod_builder_prop(&builder, SPA_PROP_INFO_labels, 0);
    spa_pod_builder_push_struct(&builder, &labels);
    const char *label = label_names;
    for (uint32_t i = 0; i < label_count; i++) {
      spa_pod_builder_int(&builder, (int32_t)label_values[i]);
      spa_pod_builder_string(&builder, label);
      label += strlen(label) + 1;
    }
    spa_pod_builder_pop(&builder, &labels);
  }
  return spa_pod_builder_pop(&builder, &object);
}

const struct spa_pod *pinhole_pw_build_props(
  uint8_t *buffer, uint32_t size, const pinhole_pw_prop_value *values, uint32_t count) {
  struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, size);
  struct spa_pod_frame frame;
  spa_pod_builder_push_object(&builder, &frame, SPA_TYPE_OBJECT_Props, SPA_PARAM_Props);
  for (uint32_t i = 0; i < count; i++) {
    const pinhole_pw_prop_value *v = &values[i];
    spa_pod_builder_prop(&builder, v->key, 0);
    if (pinhole_write_number(&builder, v->type, v->integer, v->real) == -EINVAL) return NULL;
  }
  return spa_pod_builder_pop(&builder, &frame);
}
