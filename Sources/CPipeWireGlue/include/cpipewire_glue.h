// SPDX-License-Identifier: MIT
// What Swift cannot call in libpipewire-0.3 and SPA: the listener and method macros of the
// core, registry and node proxies, and the variadic POD builders and parsers. No decisions are
// made here: which format to ask for, and what an offered format means, is decided in Swift.
#ifndef CPIPEWIRE_GLUE_H
#define CPIPEWIRE_GLUE_H

#include <stdint.h>
#include <pipewire/pipewire.h>

/// One fixed video format: a media subtype (SPA_MEDIA_SUBTYPE_raw or _mjpg), for raw video the
/// SPA video format, the size and the frame rate as frames per `rate_denominator` seconds
/// (SPA's framerate fraction: 30/1 is thirty frames a second).
typedef struct pinhole_pw_format {
  uint32_t media_subtype;
  uint32_t video_format;
  uint32_t width;
  uint32_t height;
  uint32_t rate_numerator;
  uint32_t rate_denominator;
} pinhole_pw_format;

/// What one property of a format object holds: its SPA choice type (SPA_CHOICE_None, _Enum,
/// _Range, _Step, _Flags), the SPA type of each value (SPA_TYPE_Id, _Rectangle, _Fraction) and
/// how many values there are (for Enum the first is the default, then the alternatives).
typedef struct pinhole_pw_values {
  uint32_t choice;
  uint32_t type;
  uint32_t count;
} pinhole_pw_values;

/// pw_core_add_listener is a macro over the proxy's method table.
int pinhole_pw_core_add_listener(
  struct pw_core *core, struct spa_hook *hook, const struct pw_core_events *events, void *data);

/// pw_core_sync is a macro; the core answers with a `done` event carrying the returned seq.
int pinhole_pw_core_sync(struct pw_core *core, uint32_t id, int seq);

/// pw_registry_add_listener is a macro.
int pinhole_pw_registry_add_listener(
  struct pw_registry *registry, struct spa_hook *hook, const struct pw_registry_events *events,
  void *data);

/// pw_node_add_listener is a macro.
int pinhole_pw_node_add_listener(
  struct pw_node *node, struct spa_hook *hook, const struct pw_node_events *events, void *data);

/// pw_node_enum_params is a macro; asks for every param with `id` (SPA_PARAM_EnumFormat).
int pinhole_pw_node_enum_params(struct pw_node *node, int seq, uint32_t id);

/// Builds, in `buffer`, an SPA_PARAM_EnumFormat object offering exactly `format` (the
/// spa_pod_builder_add_object macro is variadic). NULL when the buffer is too small.
const struct spa_pod *pinhole_pw_build_format(
  uint8_t *buffer, uint32_t size, const pinhole_pw_format *format);

/// Builds the SPA_PARAM_Buffers object accepting memory Pinhole can map (MemPtr and MemFd,
/// not DmaBuf) and the SPA_PARAM_Meta object asking for a spa_meta_header (the frame's
/// timestamp and sequence). Writes both into `params`. Returns how many were built.
uint32_t pinhole_pw_build_stream_params(
  uint8_t *buffer, uint32_t size, const struct spa_pod *params[2]);

/// Reads a fixed video format (a negotiated SPA_PARAM_Format): raw or MJPEG, its size and
/// rate. Returns 0, or a negative errno when `pod` is no video format of those kinds.
int pinhole_pw_parse_format(const struct spa_pod *pod, pinhole_pw_format *format);

/// Copies the values of property `key` of the object `pod` into `values` (at most `capacity`
/// values of `value_size` bytes each) and says in `info` what they are. Returns 0, -ENOENT when
/// the object has no such property, -EINVAL when `pod` is no object or the values are not of
/// `value_size` bytes.
int pinhole_pw_property_values(
  const struct spa_pod *pod, uint32_t key, pinhole_pw_values *info, void *values,
  uint32_t value_size, uint32_t capacity);

/// The spa_meta_header of `buffer` (spa_buffer_find_meta_data is inline over a meta array):
/// the capture time in nanoseconds on CLOCK_MONOTONIC for V4L2 sources, the sequence and the
/// flags. Returns 0, or -ENOENT when the buffer carries no header.
int pinhole_pw_buffer_header(
  struct spa_buffer *buffer, int64_t *pts, uint64_t *seq, uint32_t *flags);

/// pw_node_set_param is a macro; sets param `id` (SPA_PARAM_Props: control values) on a node.
int pinhole_pw_node_set_param(
  struct pw_node *node, uint32_t id, uint32_t flags, const struct spa_pod *param);

/// How many values of a control's type and range are read (Step has four: default, min, max,
/// step; an Enum of booleans three: default and the two choices).
#define PINHOLE_PW_PROP_VALUES 8
/// How many bytes of a control's name or a menu label are kept, with the closing NUL.
#define PINHOLE_PW_NAME_SIZE 96

/// One control a node offers: an SPA_PARAM_PropInfo object. `id` is the property key it is
/// set by (SPA_PROP_brightness, or SPA_PROP_START_CUSTOM + the driver's own control id);
/// `type` the SPA type of its values (SPA_TYPE_Int, _Long, _Bool, _Id, _Float, _Double), or 0
/// when the object states none Pinhole reads; `choice` how they are given (SPA_CHOICE_None,
/// _Range and _Step: default, min, max[, step]; _Enum: the default, then the alternatives) and
/// `count` how many were read into `integers` (whole types) or `reals` (Float, Double).
/// `name` is the description (or the name) cut to fit; `label_count` how many menu labels the
/// object carries.
typedef struct pinhole_pw_prop_info {
  uint32_t id;
  uint32_t type;
  uint32_t choice;
  uint32_t count;
  int64_t integers[PINHOLE_PW_PROP_VALUES];
  double reals[PINHOLE_PW_PROP_VALUES];
  char name[PINHOLE_PW_NAME_SIZE];
  uint32_t label_count;
} pinhole_pw_prop_info;

/// One entry of a menu control: its value and label.
typedef struct pinhole_pw_label {
  int64_t value;
  char name[PINHOLE_PW_NAME_SIZE];
} pinhole_pw_label;

/// One control value, read from or written into an SPA_PARAM_Props object: the property key,
/// the SPA type of the value, and the value in `integer` (whole types) or `real` (Float,
/// Double).
typedef struct pinhole_pw_prop_value {
  uint32_t key;
  uint32_t type;
  int64_t integer;
  double real;
} pinhole_pw_prop_value;

/// Reads a PropInfo object. Returns 0, or -EINVAL when `pod` is no PropInfo object or has no
/// Id-typed `id`. Every size is checked against the object's.
int pinhole_pw_parse_prop_info(const struct spa_pod *pod, pinhole_pw_prop_info *info);

/// Reads up to `capacity` menu labels of a PropInfo object (its SPA_PROP_INFO_labels struct of
/// value, label pairs); pairs of other types are skipped. Returns how many were read.
uint32_t pinhole_pw_prop_info_labels(
  const struct spa_pod *pod, pinhole_pw_label *labels, uint32_t capacity);

/// Reads up to `capacity` numeric values of a Props object (strings such as the device path
/// are skipped). Returns how many were read, or -EINVAL when `pod` is no Props object.
int pinhole_pw_parse_props(
  const struct spa_pod *pod, pinhole_pw_prop_value *values, uint32_t capacity);

/// Builds, in `buffer`, an SPA_PARAM_Props object setting `count` values. NULL when the buffer
/// is too small or a value's type is not one of Int, Long, Bool, Id, Float, Double.
const struct spa_pod *pinhole_pw_build_props(
  uint8_t *buffer, uint32_t size, const pinhole_pw_prop_value *values, uint32_t count);

/// Builds, in `buffer`, a PropInfo object as PipeWire's camera plugins publish one: `id`, the
/// description `name`, the type as `choice` over `count` values of SPA `type` (from
/// `integers`, or `reals` for Float and Double; a None choice of one value is written as the
/// plain value) and, when `label_count` is not 0, the labels: `label_values` with the names
/// back to back in `label_names`, each ending in NUL. For tests and fuzz seeds. NULL when the
/// buffer is too small or the type is not one of Int, Long, Bool, Id, Float, Double.
const struct spa_pod *pinhole_pw_build_prop_info(
  uint8_t *buffer, uint32_t size, uint32_t id, const char *name, uint32_t type, uint32_t choice,
  const int64_t *integers, const double *reals, uint32_t count, const int64_t *label_values,
  const char *label_names, uint32_t label_count);

#endif
