// SPDX-License-Identifier: MIT
import CameraModel
import Testing

@Suite("Camera identity")
struct CameraIdentityTests {
  @Test func combinesVendorProductAndSerial() {
    #expect(
      CameraIdentity.usb(vendor: "046D", product: "085b", serial: "1A2B3C4D", busInfo: "usb-1")
        == "usb:046d:085b:1A2B3C4D")
  }

  @Test func theBusPositionStandsInForAMissingOrBlankSerial() {
    #expect(
      CameraIdentity.usb(
        vendor: "1d6b", product: "0104", serial: nil, busInfo: "usb-0000:00:14.0-1")
        == "usb:1d6b:0104:usb-0000:00:14.0-1")
    #expect(
      CameraIdentity.usb(vendor: "1d6b", product: "0104", serial: "   \n", busInfo: "usb-2")
        == "usb:1d6b:0104:usb-2")
    #expect(
      CameraIdentity.usb(vendor: "1d6b", product: "0104", serial: nil, busInfo: "")
        == "usb:1d6b:0104")
  }

  @Test func paddedAttributesAreTrimmed() {
    #expect(
      CameraIdentity.usb(vendor: " 0c45\n", product: "6366\n", serial: " SN 1 ", busInfo: "")
        == "usb:0c45:6366:SN 1")
  }

  @Test func missingVendorOrProductMeansNotUSB() {
    #expect(CameraIdentity.usb(vendor: nil, product: "0104", serial: "x", busInfo: "") == nil)
    #expect(CameraIdentity.usb(vendor: "1d6b", product: "", serial: "x", busInfo: "") == nil)
  }
}
