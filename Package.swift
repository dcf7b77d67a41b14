// swift-tools-version:6.0
// SPDX-License-Identifier: MIT
import PackageDescription

let package = Package(
  name: "Pinhole",
  products: [
    .executable(name: "pinhole", targets: ["CameraApp"]),
    .executable(name: "pinhole-bench", targets: ["PinholeBench"]),
    // libFuzzer's entry point under .ci/fuzz; otherwise replays saved inputs.
    .executable(name: "pinhole-fuzz", targets: ["PinholeFuzz"]),
  ],
  targets: [
    // MARK: C shims (each imported by exactly one Swift module)
    .systemLibrary(
      name: "CV4L2", pkgConfig: "libv4l2",
      providers: [.apt(["libv4l-dev"])]),
    .systemLibrary(
      name: "CSDL2", pkgConfig: "sdl2",
      providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev"])]),
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CLibYUV", providers: [.apt(["libyuv-dev"])]),
    .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
    .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
    .systemLibrary(name: "CMedia", providers: [.apt(["linux-libc-dev"])]),
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]),
    // Headers only: the libraries are opened on first use by CFFmpegLoader, which defines
    // the functions Recording calls.
    .systemLibrary(
      name: "CFFmpeg", providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev"])]),
    .target(name: "CFFmpegLoader"),
    .systemLibrary(name: "CSystem"),
    // PNG files for --scan, and the overlay goldens of the tests.
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
    .systemLibrary(
      name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
    // ZXing-C++ is C++ only: one extern "C" function of glue (no logic) keeps C++ interop out
    // of the Swift modules.
    .target(name: "CZXingGlue", linkerSettings: [.linkedLibrary("ZXing")]),
    .systemLibrary(
      name: "CPipeWire", pkgConfig: "libpipewire-0.3",
      providers: [.apt(["libpipewire-0.3-dev"])]),
    // SPA's variadic POD builders and the proxies' method macros, which Swift cannot call.
    .target(name: "CPipeWireGlue", dependencies: ["CPipeWire"]),
    // sd-bus, the D-Bus client under DesktopBus (the desktop portals).
    .systemLibrary(
      name: "CSystemdBus", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),

    // MARK: Libraries
    .target(name: "SystemCalls", dependencies: ["CSystem"]),
    .target(name: "Localization", dependencies: ["SystemCalls"]),
    .target(name: "Workers", dependencies: ["SystemCalls"]),
    .target(name: "CameraModel", dependencies: ["Localization"]),
    .target(name: "DesktopBus", dependencies: ["CSystemdBus", "Localization"]),
    // Multi-frame noise reduction: align a burst, merge it robustly. Pure Swift, no devices.
    .target(name: "FrameMerge", dependencies: ["CameraModel"]),
    .target(
      name: "Imaging",
      dependencies: ["CameraModel", "CTurboJPEG", "CLibYUV", "CPNG", "Localization"]),
    .target(
      name: "Capture", dependencies: ["CameraModel", "CV4L2", "Metering", "SystemCalls", "Workers"]),
    .target(
      name: "PipeWireCapture",
      dependencies: [
        "CameraModel", "Capture", "CPipeWire", "CPipeWireGlue", "SystemCalls", "Workers",
      ]),
    .target(
      name: "SimulatedCamera",
      dependencies: ["CameraModel", "Capture", "Imaging", "Metering", "CQREncode", "Workers"]),
    // The library grid's model: items by day, selection, favourites index, layout maths.
    .target(name: "Library", dependencies: ["CameraModel", "Localization"]),
    .target(name: "Overlay", dependencies: ["CameraModel", "Library", "Localization"]),
    .target(
      name: "SDLPlatform",
      dependencies: ["CameraModel", "Overlay", "Workers", "CSDL2", "CFontconfig", "Localization"]),
    .target(
      name: "PhotoPipeline",
      dependencies: [
        "CameraModel", "Imaging", "MediaStore", "Recording", "SystemCalls", "Workers",
        "FrameMerge", "Localization",
      ]),
    .target(name: "Metering", dependencies: ["CameraModel"]),
    // The overlay's controls as an AT-SPI accessible tree, served on the accessibility bus.
    .target(
      name: "Accessibility",
      dependencies: ["CameraModel", "Overlay", "DesktopBus", "SystemCalls", "Workers"]),
    .target(name: "ViewfinderAids", dependencies: ["CameraModel", "Imaging"]),
    .target(
      name: "Hotplug",
      dependencies: ["CameraModel", "CUdev", "SystemCalls", "Workers", "Localization"]),
    .target(
      name: "MediaStore", dependencies: ["CameraModel", "CExif", "SystemCalls", "Localization"]),
    .target(name: "Scanning", dependencies: ["CameraModel", "CZBar", "CZXingGlue", "Workers"]),
    .target(
      name: "Lighting",
      dependencies: ["CameraModel", "Capture", "Metering", "CMedia", "Localization", "SystemCalls"]),
    .target(
      name: "Recording",
      dependencies: [
        "CameraModel", "Imaging", "MediaStore", "SystemCalls", "Workers", "CFFmpeg",
        "CFFmpegLoader", "Localization",
      ]),
    .target(
      name: "AppCore",
      dependencies: [
        "CameraModel", "Capture", "SimulatedCamera", "Imaging", "Overlay", "PhotoPipeline",
        "MediaStore", "FrameMerge",
        "Metering", "Lighting", "Hotplug", "Workers", "Scanning", "Recording", "SystemCalls",
        "PipeWireCapture", "DesktopBus", "Library", "Localization",
      ]),

    // The command-line actions: --snapshot, --record, --scan, --check, --list, --controls.
    .target(
      name: "Commands",
      dependencies: [
        "AppCore", "CameraModel", "Capture", "FrameMerge", "Imaging", "MediaStore", "Metering",
        "PhotoPipeline", "Recording", "Scanning", "SimulatedCamera", "SystemCalls", "Workers",
        "Localization",
      ]),

    // MARK: App
    .executableTarget(
      name: "CameraApp",
      dependencies: [
        "AppCore", "Commands", "Capture", "SimulatedCamera", "Overlay", "SDLPlatform", "Hotplug",
        "Accessibility",
        "Metering", "Library",
        "Lighting", "Scanning", "SystemCalls", "ViewfinderAids", "Localization",
      ]),
    .executableTarget(
      name: "PinholeBench",
      dependencies: [
        "Imaging", "SimulatedCamera", "CameraModel", "PhotoPipeline", "MediaStore", "Overlay",
        "Metering", "Scanning", "Workers", "FrameMerge", "ViewfinderAids",
      ],
      path: "Benchmarks/PinholeBench"),
    .executableTarget(name: "PinholeFuzz", dependencies: ["FuzzTargets"], path: "Fuzz/PinholeFuzz"),

    // MARK: Test support
    // Every parser of outside bytes as a fuzz target; run by FuzzTargetsTests and Fuzz/.
    .target(
      name: "FuzzTargets",
      dependencies: [
        "AppCore", "Commands", "CameraModel", "Hotplug", "Imaging", "MediaStore", "PhotoPipeline",
        "Recording",
        "Scanning", "SystemCalls", "PipeWireCapture", "Library",
      ]),
    .target(
      name: "CameraTestSupport",
      dependencies: [
        "CameraModel", "Capture", "Imaging", "Overlay", "SimulatedCamera", "Metering", "Workers",
        "SystemCalls",
      ]),

    // MARK: Tests
    .testTarget(name: "WorkersTests", dependencies: ["Workers", "SystemCalls"]),
    .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
    .testTarget(name: "DesktopBusTests", dependencies: ["DesktopBus", "CameraTestSupport"]),
    .testTarget(
      name: "AccessibilityTests",
      dependencies: [
        "Accessibility", "CameraModel", "DesktopBus", "Overlay", "CameraTestSupport",
      ]),
    .testTarget(name: "LibraryTests", dependencies: ["Library", "CameraModel"]),
    .testTarget(
      name: "CameraModelTests",
      dependencies: ["CameraModel", "CameraTestSupport", "Localization", "SystemCalls"]),
    .testTarget(name: "ImagingTests", dependencies: ["Imaging", "CameraTestSupport"]),
    .testTarget(
      name: "CaptureTests",
      dependencies: [
        "Capture", "Metering", "SimulatedCamera", "CameraTestSupport", "Workers", "SystemCalls",
      ]),
    .testTarget(
      name: "SimulatedCameraTests",
      dependencies: ["SimulatedCamera", "Imaging", "Metering", "CameraTestSupport"]),
    .testTarget(
      name: "OverlayTests", dependencies: ["Overlay", "CameraTestSupport"], exclude: ["Golden"]),
    .testTarget(
      name: "SDLPlatformTests", dependencies: ["SDLPlatform", "CameraTestSupport", "Workers"]),
    .testTarget(
      name: "PhotoPipelineTests",
      dependencies: [
        "PhotoPipeline", "MediaStore", "Imaging", "Recording", "SimulatedCamera",
        "CameraTestSupport",
        "Workers",
      ]),
    .testTarget(name: "MeteringTests", dependencies: ["Metering", "CameraTestSupport"]),
    .testTarget(
      name: "FrameMergeTests",
      dependencies: ["FrameMerge", "SimulatedCamera", "CameraModel", "CameraTestSupport"]),
    .testTarget(
      name: "ViewfinderAidsTests",
      dependencies: ["ViewfinderAids", "SimulatedCamera", "Imaging", "CameraTestSupport"],
      exclude: ["Golden"]),
    .testTarget(name: "HotplugTests", dependencies: ["Hotplug", "CameraTestSupport"]),
    .testTarget(
      name: "PipeWireCaptureTests",
      dependencies: ["PipeWireCapture", "Capture", "CPipeWire", "CPipeWireGlue", "Imaging"]),
    .testTarget(
      name: "LightingTests", dependencies: ["Lighting", "Capture", "CameraTestSupport"]),
    .testTarget(
      name: "ScanningTests", dependencies: ["Scanning", "SimulatedCamera", "CameraTestSupport"]),
    .testTarget(
      name: "MediaStoreTests", dependencies: ["MediaStore", "CameraTestSupport", "SystemCalls"]),
    .testTarget(
      name: "RecordingTests",
      dependencies: ["Recording", "Capture", "CameraTestSupport", "Workers"]),
    .testTarget(
      name: "AppCoreTests",
      dependencies: [
        "AppCore", "Commands", "Imaging", "SimulatedCamera", "Metering", "Lighting", "Recording",
        "Workers",
        "CameraTestSupport", "SystemCalls", "PipeWireCapture", "DesktopBus",
      ]),
    .testTarget(
      name: "CommandsTests",
      dependencies: [
        "Commands", "AppCore", "Imaging", "SimulatedCamera", "Metering", "Recording", "Scanning",
        "Workers", "CameraTestSupport", "SystemCalls",
      ]),
    .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "CameraTestSupport"]),
    // Runs against real /dev/video* nodes inside ../shared/vivid-vm; skips elsewhere.
    .testTarget(
      name: "DeviceTests",
      dependencies: [
        "Capture", "Imaging", "AppCore", "Commands", "Hotplug", "CameraTestSupport",
      ]),
  ],
  cxxLanguageStandard: .cxx17
)
