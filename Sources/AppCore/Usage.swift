// SPDX-License-Identifier: MIT
import Localization

/// Pinhole's version, shown by `--version` and written into photos.
public let pinholeVersion = "0.1.0"

/// The line `pinhole --version` prints, in the GNU form "program (Package) version", which
/// help2man reads for the man page's NAME (the program) and footer (the version).
public let versionText = "pinhole (Pinhole) \(pinholeVersion)"

/// The text `pinhole --help` prints, in the user's language; help2man (run in the "C" locale)
/// turns it into the man page (the Usage line into SYNOPSIS, each option with its description
/// two or more spaces away, or on the next line). One message per section, for translators.
public var usageText: String {
  [
    tr(
      """
      Usage: pinhole [options]
      """),
    tr(
      """
      Pinhole %1$s, a camera for the Linux desktop: opens the first camera (or the
      built-in simulated camera when there is none) and shows a live preview.
      """, pinholeVersion),
    tr(
      """
      Cameras and modes:
        -d, --device DEVICE   open this V4L2 device (/dev/video2, or just 2), or this PipeWire
                              camera (pipewire:NODE_NAME, as --list shows it)
            --backend WAY     reach cameras through auto (V4L2, or PipeWire when the device is
                              busy or only PipeWire has the camera), v4l2 or pipewire
            --portal          ask the desktop's camera portal for the camera and use only the
                              PipeWire cameras it allows (always so inside Flatpak)
            --camera sim      open the built-in simulated camera
            --still-scene     the simulated camera's objects hold still
            --size WxH        frame size, e.g. 1280x720 (nearest available is used)
            --fps N           frame rate (nearest available is used)
            --format FOURCC   pixel format, e.g. YUYV, NV12 or MJPG
        -f, --fullscreen      start in fullscreen
            --mode MODE       open in photo, video or scan mode; when Pinhole is already
                              running, its window comes to the front in that mode
            --keep-camera-open
                              keep the camera streaming while the window is minimised or
                              hidden (by default it closes, and its light goes off, until the
                              window shows again)
            --new-window      open another window even when Pinhole is already running
            --scale N         draw the interface N times its normal size (0.5 to 4) instead
                              of the desktop's scale (GDK_SCALE, QT_SCALE_FACTOR, Xft.dpi)
      """),
    tr(
      """
      Testing a camera:
        -l, --list            list cameras with every format, size and frame rate, marking the mode
                              Pinhole would choose and why (only the camera -d or --camera names)
            --check           stream without a window and print measured fps, frame-interval
                              jitter, dropped frames and conversion time; exits non-zero when the
                              camera fails
            --seconds N       how long --check streams (default 5; 3 per mode with --all-modes)
            --all-modes       with --check: every format, size and frame rate in turn
            --json            print --check reports as JSON
            --report FILE     with --check: also write a self-contained HTML page with plots of
                              frame intervals, drops, frame sizes, conversion time and CPU
            --force           let --report replace an existing FILE
            --check --controls
                              set each control to its minimum, maximum and default (each menu
                              entry), read it back and count frames until the picture changes;
                              every control is put back afterwards, also after Ctrl+C;
                              --controls=NAME,NAME exercises only those
            --controls        list every control with its type, range, value and flags
            --set NAME=VALUE  set a control first, by its v4l2-ctl name (repeatable)
            --latency         open the window, flash a patch on it 30 times while the camera
                              looks at the screen, print the median and spread of the time until
                              the camera sees it, with the display refresh and frame interval
            --sim-screen-delay MS
                              the simulated camera sees the window's latency patch MS
                              milliseconds after it changes (0 to 5000), to check --latency
      """),
    tr(
      """
      Photos:
            --snapshot [PATH]
                              take one photo without a window, print its path and exit
                              (PATH: a folder, or a file ending in .jpg or .jpeg)
            --focus-at X,Y    focus and meter at this point (0..1) before --snapshot
            --burst N         photos per shutter press
            --quality Q       speed (one frame, the default), balanced (4 frames merged) or
                              quality (8 frames merged): less noise in dim light, for --snapshot
                              and the window's shutter; quality takes its frames in the camera's
                              largest mode when it is larger than the preview's (without --size)
        -o, --output-dir DIR  save photos and videos here instead of Pictures/Pinhole and
                              Videos/Pinhole
      """),
    tr(
      """
      Videos:
            --record [PATH]   record without a window until Ctrl+C (or --duration), then print
                              the path, frames, dropped frames, duration and average fps
            --duration S      stop --record after S seconds
            --no-audio        record without sound
            --sim-microphone  with --camera sim: a flash each second and a simulated microphone
                              clicking at the same instants, to measure A/V sync (in the
                              window too: its recordings use that microphone)
            --codec C         h264 (MP4 with AAC, the default) or mjpeg (the camera's own JPEGs in
                              Matroska, for MJPEG cameras)
            --video-quality Q high, standard (the default) or small: how much H.264 recordings
                              are compressed (in the window too, for this run)
            --video-size S    camera (the default), 1080p, 720p or 480p: the most lines an H.264
                              recording keeps; a larger picture is scaled down, aspect kept
      """),
    tr(
      """
      Codes:
            --scan [FILE...]  print the QR codes and bar codes in JPEG, PNG, PGM or PPM files, or,
                              without files, each new code the camera shows; exit status 1 when a
                              file holds no code, 2 when a file or the camera cannot be read
            --once            with --scan and a camera: exit after the first code
            --roi X,Y,W,H     scan only this rectangle (pixels, or fractions 0..1)
            --scene-code TEXT
                              the simulated camera shows a moving QR code of TEXT
      """),
    tr(
      """
        -h, --help            show this help
            --version         show the version
      """),
    tr(
      """
      In the window: F11 or double-click toggles fullscreen; Q scans codes; B shows the test-bench
      figures; Tab and Shift+Tab move a focus ring through the controls, Space or Return presses
      the one under it and the arrows change a slider or choice; Esc closes and cancels; ? or F1
      lists every key; Ctrl+Q quits.
      """),
  ].joined(separator: "\n\n")
}
