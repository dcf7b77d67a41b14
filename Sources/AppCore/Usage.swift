// SPDX-License-Identifier: MIT

/// Pinhole's version, shown by `--version` and written into photos.
public let pinholeVersion = "0.1.0"

/// The text `pinhole --help` prints.
public let usageText = """
  Pinhole \(pinholeVersion) — a camera for the Linux desktop.

  Usage: pinhole [options]

  Opens the first camera (or the built-in simulated camera when there is none) and shows a live
  preview.

  Cameras and modes:
    -d, --device DEVICE   open this V4L2 device (/dev/video2, or just 2)
        --camera sim      open the built-in simulated camera
        --size WxH        frame size, e.g. 1280x720 (nearest available is used)
        --fps N           frame rate (nearest available is used)
        --format FOURCC   pixel format, e.g. YUYV, NV12 or MJPG
    -f, --fullscreen      start in fullscreen

  Testing a camera:
    -l, --list            list cameras with every format, size and frame rate, marking the mode
                          Pinhole would choose and why
        --check           stream without a window and print measured fps, frame-interval
                          jitter, dropped frames and conversion time; exits non-zero when the
                          camera fails
        --seconds N       how long --check streams (default 5)

    -h, --help            show this help
        --version         show the version

  In the window: F11 or double-click toggles fullscreen; Esc or Ctrl+Q quits.
  """
