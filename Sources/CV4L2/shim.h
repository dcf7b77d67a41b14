// SPDX-License-Identifier: MIT
// Thin C boundary for V4L2 and libv4l2. Only what Swift cannot import by itself lives here.
#ifndef CV4L2_SHIM_H
#define CV4L2_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <libv4l2.h>
#include <linux/videodev2.h>
#include <poll.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

// v4l2_open is variadic; Swift cannot call variadic C functions.
static inline int cv4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }

// v4l2_ioctl is variadic; Swift cannot call variadic C functions.
static inline int cv4l2_ioctl(int fd, unsigned long request, void *arg) {
  return v4l2_ioctl(fd, request, arg);
}

// libv4l2 prints its own errors ("libv4l2: error setting pixformat: Device or resource busy")
// to stderr unless v4l2_log_file is set; Pinhole reports the same failures in its own words.
// The global is mutable C state, which Swift 6 refuses to touch directly.
static inline void cv4l2_set_log_file(FILE *file) { v4l2_log_file = file; }

// MAP_FAILED is a cast macro ((void *)-1) that Swift does not import.
static inline int cv4l2_is_map_failed(void *p) { return p == MAP_FAILED; }

// VIDIOC_* request codes are function-like _IOWR macros that Swift does not import.
static const unsigned long CV4L2_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long CV4L2_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long CV4L2_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long CV4L2_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long CV4L2_VIDIOC_TRY_FMT = VIDIOC_TRY_FMT;
static const unsigned long CV4L2_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long CV4L2_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long CV4L2_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long CV4L2_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long CV4L2_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long CV4L2_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long CV4L2_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long CV4L2_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long CV4L2_VIDIOC_G_INPUT = VIDIOC_G_INPUT;
static const unsigned long CV4L2_VIDIOC_S_INPUT = VIDIOC_S_INPUT;
static const unsigned long CV4L2_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL;
static const unsigned long CV4L2_VIDIOC_QUERY_EXT_CTRL = VIDIOC_QUERY_EXT_CTRL;
static const unsigned long CV4L2_VIDIOC_QUERYMENU = VIDIOC_QUERYMENU;
static const unsigned long CV4L2_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long CV4L2_VIDIOC_S_CTRL = VIDIOC_S_CTRL;
static const unsigned long CV4L2_VIDIOC_G_EXT_CTRLS = VIDIOC_G_EXT_CTRLS;
static const unsigned long CV4L2_VIDIOC_S_EXT_CTRLS = VIDIOC_S_EXT_CTRLS;
static const unsigned long CV4L2_VIDIOC_SUBSCRIBE_EVENT = VIDIOC_SUBSCRIBE_EVENT;
static const unsigned long CV4L2_VIDIOC_DQEVENT = VIDIOC_DQEVENT;

// V4L2_PIX_FMT_* are v4l2_fourcc() function-like macros that Swift does not import.
static const unsigned int CV4L2_PIX_FMT_NV12 = V4L2_PIX_FMT_NV12;
static const unsigned int CV4L2_PIX_FMT_NV21 = V4L2_PIX_FMT_NV21;
static const unsigned int CV4L2_PIX_FMT_YUV420 = V4L2_PIX_FMT_YUV420;
static const unsigned int CV4L2_PIX_FMT_YVU420 = V4L2_PIX_FMT_YVU420;
static const unsigned int CV4L2_PIX_FMT_YUYV = V4L2_PIX_FMT_YUYV;
static const unsigned int CV4L2_PIX_FMT_UYVY = V4L2_PIX_FMT_UYVY;
static const unsigned int CV4L2_PIX_FMT_MJPEG = V4L2_PIX_FMT_MJPEG;
static const unsigned int CV4L2_PIX_FMT_JPEG = V4L2_PIX_FMT_JPEG;
static const unsigned int CV4L2_PIX_FMT_GREY = V4L2_PIX_FMT_GREY;

#endif
