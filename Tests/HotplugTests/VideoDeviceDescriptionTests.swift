// SPDX-License-Identifier: MIT
import Testing

@testable import Hotplug

@Suite("USB identity")
struct VideoDeviceDescriptionTests {
  @Test func combinesVendorProductAndSerial() {
    #expect(
      VideoDeviceDescription.usbIdentity(vendor: "046D", product: "085b", serial: "1A2B3C4D")
        == "usb:046d:085b:1A2B3C4D")
  }

  @Test func blankOrMissingSerialLeavesVendorAndProduct() {
    #expect(
      VideoDeviceDescription.usbIdentity(vendor: "1d6b", product: "0104", serial: nil)
        == "usb:1d6b:0104")
    #expect(
      VideoDeviceDescription.usbIdentity(vendor: "1d6b", product: "0104", serial: "   \n")
        == "usb:1d6b:0104")
  }

  @Test func paddedAttributesAreTrimmed() {
    #expect(
      VideoDeviceDescription.usbIdentity(vendor: " 0c45\n", product: "6366\n", serial: " SN 1 ")
        == "usb:0c45:6366:SN 1")
  }

  @Test func missingVendorOrProductMeansNotUSB() {
    #expect(VideoDeviceDescription.usbIdentity(vendor: nil, product: "0104", serial: "x") == nil)
    #expect(VideoDeviceDescription.usbIdentity(vendor: "1d6b", product: "", serial: "x") == nil)
  }
}
