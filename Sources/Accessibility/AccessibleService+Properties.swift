// SPDX-License-Identifier: MIT
import DesktopBus

extension AccessibleService {
  /// `org.freedesktop.DBus.Properties`: `Get`, `GetAll`, and `Set` of the one property a
  /// client writes, the `Application.Id` the registry hands out.
  mutating func property(_ member: String, of node: AccessibleNode, arguments: [BusValue])
    -> Answer
  {
    let texts = arguments.map { argument -> String? in
      if case .string(let text) = argument { return text }
      return nil
    }
    switch member {
    case "Get" where arguments.count == 2:
      guard let interface = texts[0], let name = texts[1] else { break }
      guard let value = properties(of: node, interface: interface)[name] else {
        return .error(
          name: "org.freedesktop.DBus.Error.UnknownProperty",
          message: "No property \(name) in interface \(interface) here")
      }
      return .reply([.variant(value)])
    case "GetAll" where arguments.count == 1:
      guard let interface = texts[0] else { break }
      return .reply([.options(properties(of: node, interface: interface))])
    case "Set" where arguments.count == 3:
      if node.role == .application, texts[0] == Interface.application, texts[1] == "Id",
        case .variant(.int32(let id)) = arguments[2]
      {
        applicationID = id
        return .reply([])
      }
      return .error(
        name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "The property is read-only")
    default: break
    }
    return .error(
      name: "org.freedesktop.DBus.Error.InvalidArgs",
      message: "Unexpected arguments for Properties.\(member)")
  }

  /// The properties `node` has in `interface`, by name.
  func properties(of node: AccessibleNode, interface: String) -> [String: BusValue] {
    switch interface {
    case Interface.accessible:
      return [
        "Name": .string(node.name), "Description": .string(node.details),
        "Parent": parentReference(of: node),
        "ChildCount": .int32(Int32(childKeys(of: node).count)), "Locale": .string("C"),
        "AccessibleId": .string(node.key), "HelpText": .string(""),
      ]
    case Interface.application where node.role == .application:
      return [
        "ToolkitName": .string(toolkitName), "Version": .string(version),
        "AtspiVersion": .string("2.1"), "Id": .int32(applicationID),
      ]
    case Interface.action where !node.actionNames.isEmpty:
      return ["NActions": .int32(Int32(node.actionNames.count))]
    case Interface.value:
      guard let range = node.range else { return [:] }
      return [
        "MinimumValue": .double(range.minimum), "MaximumValue": .double(range.maximum),
        "MinimumIncrement": .double(range.step), "CurrentValue": .double(range.current),
        "Text": .string(node.valueText ?? ""),
      ]
    default: return [:]
    }
  }
}
