// SPDX-License-Identifier: MIT
import SDLPlatform
import Testing

@Suite("Desktop scale")
struct DesktopScaleTests {
  private func resolve(
    override: Double? = nil, environment: [String: String] = [:], resources: String? = nil,
    dpi: Double? = nil, backing: Double = 1
  ) -> DesktopScale {
    DesktopScale.resolve(
      DesktopScale.Inputs(
        override: override, environment: environment, resources: resources, displayDPI: dpi,
        backingScale: backing))
  }

  @Test func nothingSetIsOne() {
    #expect(resolve() == DesktopScale(factor: 1, source: "default"))
    // An ordinary monitor's DPI never shrinks the interface.
    #expect(resolve(dpi: 72).factor == 1)
    #expect(resolve(dpi: 101).factor == 1)
  }

  @Test func xftDPIFromTheResourceManagerString() {
    let resources = "Xcursor.size:\t24\nXft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n"
    let scale = resolve(resources: resources)
    #expect(scale.factor == 2)
    #expect(scale.description == "2 (Xft.dpi 192)")
    #expect(resolve(resources: "Xft.dpi: 144").factor == 1.5)
    // The last line wins, as in Xlib's database; other names ending in dpi are not it.
    #expect(resolve(resources: "Xft.dpi: 96\nXft.dpi: 120\n").factor == 1.25)
    #expect(resolve(resources: "Foo.Xft.dpi: 192\nXft.dpix: 192").factor == 1)
  }

  @Test func environmentComesBeforeXResourcesAndGDKBeforeQt() {
    let resources = "Xft.dpi: 192"
    #expect(resolve(environment: ["GDK_SCALE": "3"], resources: resources).factor == 3)
    #expect(
      resolve(environment: ["QT_SCALE_FACTOR": "1.5", "GDK_SCALE": "2"]).source == "GDK_SCALE=2")
    #expect(resolve(environment: ["QT_SCALE_FACTOR": " 1.5 "]).factor == 1.5)
    #expect(resolve(environment: ["GDK_SCALE": ""], resources: resources).factor == 2)
  }

  @Test func outOfRangeOrUnreadableValuesAreSkippedAndSaid() {
    let scale = resolve(
      environment: ["GDK_SCALE": "0", "QT_SCALE_FACTOR": "nan"], resources: "Xft.dpi: 9600",
      dpi: 144)
    #expect(scale.factor == 1.5)
    #expect(scale.source == "display DPI 144")
    #expect(
      scale.rejected == [
        "GDK_SCALE=0 is not a scale from 0.5 to 4",
        "QT_SCALE_FACTOR=nan is not a scale from 0.5 to 4",
        "Xft.dpi 9600 is not a DPI from 48 to 384",
      ])
    #expect(resolve(environment: ["GDK_SCALE": "inf"]).factor == 1)
    #expect(resolve(environment: ["GDK_SCALE": "-2"]).factor == 1)
    #expect(resolve(resources: "Xft.dpi: -96").factor == 1)
    #expect(resolve(resources: "Xft.dpi:").factor == 1)
    #expect(resolve(dpi: .infinity).factor == 1)
    #expect(resolve(dpi: 1e9).factor == 1)
    #expect(resolve(backing: .nan).factor == 1)
  }

  @Test func theWindowSystemsOwnScalingIsNotAppliedTwice() {
    // Wayland at 2×: the drawable is twice the window; Xft.dpi for X clients says 2× too.
    let scale = resolve(environment: ["GDK_SCALE": "2"], resources: "Xft.dpi: 192", backing: 2)
    #expect(scale.factor == 2)
    #expect(scale.source == "window system 2")
    #expect(resolve(backing: 1.5).factor == 1.5)
    #expect(resolve(backing: 8).factor == 1)
  }

  @Test func theOptionWinsOverEverything() {
    let scale = resolve(
      override: 1.5, environment: ["GDK_SCALE": "2"], resources: "Xft.dpi: 192", backing: 2)
    #expect(scale == DesktopScale(factor: 1.5, source: "--scale"))
    // Out of range (the option parser refuses it first) falls through to the desktop's.
    #expect(resolve(override: 10, resources: "Xft.dpi: 192").factor == 2)
  }
}
