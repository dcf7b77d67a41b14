// SPDX-License-Identifier: MIT
import CameraModel
import DesktopBus
import Overlay

/// Answers AT-SPI method calls about an accessible tree: the `Accessible`, `Application`,
/// `Component`, `Action` and `Value` interfaces and their properties, as the at-spi2 clients
/// (libatspi, Orca) ask them. Pure: it reads the tree and says what to reply, and which
/// widget `DoAction` presses; the bridge sends the reply and passes the press on. Any thread.
public struct AccessibleService: Sendable {
  /// What to do with one call.
  public enum Answer: Equatable, Sendable {
    /// Reply with these values.
    case reply([BusValue])
    /// Reply with the D-Bus error `name`.
    case error(name: String, message: String)
    /// Reply `true` and press widget `id` as the keyboard's Space would.
    case activate(WidgetID)
  }

  /// The interface names.
  public enum Interface {
    /// `org.a11y.atspi.Accessible`
    public static let accessible = "org.a11y.atspi.Accessible"
    /// `org.a11y.atspi.Application`
    public static let application = "org.a11y.atspi.Application"
    /// `org.a11y.atspi.Component`
    public static let component = "org.a11y.atspi.Component"
    /// `org.a11y.atspi.Action`
    public static let action = "org.a11y.atspi.Action"
    /// `org.a11y.atspi.Value`
    public static let value = "org.a11y.atspi.Value"
    /// `org.a11y.atspi.Cache`
    public static let cache = "org.a11y.atspi.Cache"
    /// `org.freedesktop.DBus.Properties`
    public static let properties = "org.freedesktop.DBus.Properties"
  }

  /// The tree the answers describe.
  public var tree: AccessibleTree
  /// This process's unique name on the accessibility bus: the bus name of every reference.
  public var busName: String
  /// The toolkit name the `Application` interface reports.
  public var toolkitName = "Pinhole"
  /// The version the `Application` interface reports.
  public var version = "1"
  /// The id the registry gave the application (`Application.Id`, which it sets).
  public var applicationID: Int32 = 0
  /// The registry's desktop, the application's parent, as `Socket.Embed` named it.
  public var desktop: BusValue?

  /// Makes a service for `tree`, known on the bus as `busName`.
  public init(tree: AccessibleTree, busName: String) {
    self.tree = tree
    self.busName = busName
  }

  /// The answer to method `member` of `interface` on the object at `path`, with `arguments`.
  public mutating func answer(
    path: String, interface: String, member: String, arguments: [BusValue]
  ) -> Answer {
    // libatspi asks a new application for its whole tree at once; an empty cache makes it ask
    // each object as it needs it, and so read the newest tree.
    if path == AccessiblePath.cache, interface == Interface.cache, member == "GetItems" {
      return .reply([.array(elementSignature: "((so)(so)(so)iiassusau)", [])])
    }
    guard let key = AccessiblePath.key(forPath: path), let node = tree.node(withKey: key) else {
      return .error(
        name: "org.freedesktop.DBus.Error.UnknownObject", message: "No object at \(path)")
    }
    switch interface {
    case Interface.properties: return property(member, of: node, arguments: arguments)
    case Interface.accessible: return accessible(member, of: node, arguments: arguments)
    case Interface.application where node.role == .application:
      return member == "GetLocale" ? .reply([.string("C")]) : unknown(interface, member)
    case Interface.component where node.extents != nil:
      return component(member, of: node, arguments: arguments)
    case Interface.action where !node.actionNames.isEmpty:
      return action(member, of: node, arguments: arguments)
    default: return unknown(interface, member)
    }
  }

  private func unknown(_ interface: String, _ member: String) -> Answer {
    .error(
      name: "org.freedesktop.DBus.Error.UnknownMethod",
      message: "No method \(member) in interface \(interface) here")
  }

  private func invalid(_ message: String) -> Answer {
    .error(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
  }

  // MARK: References and structure

  /// The `(so)` reference of `node`'s parent: the desktop for the application.
  func parentReference(of node: AccessibleNode) -> BusValue {
    if node.role == .application, let desktop { return desktop }
    return reference(parentKey(of: node))
  }

  /// The `(so)` reference of node `key`.
  func reference(_ key: String?) -> BusValue {
    guard let key else { return .structure([.string(""), .objectPath(AccessiblePath.null)]) }
    return .structure([.string(busName), .objectPath(AccessiblePath.path(forKey: key))])
  }

  /// The keys of `node`'s children.
  func childKeys(of node: AccessibleNode) -> [String] {
    switch node.key {
    case AccessibleTree.applicationKey: [AccessibleTree.windowKey]
    case AccessibleTree.windowKey: tree.children.map(\.key)
    default: []
    }
  }

  /// The key of `node`'s parent; nil for the application, whose parent the registry holds.
  func parentKey(of node: AccessibleNode) -> String? {
    switch node.key {
    case AccessibleTree.applicationKey: nil
    case AccessibleTree.windowKey: AccessibleTree.applicationKey
    default: AccessibleTree.windowKey
    }
  }

  /// Where `node` stands among its parent's children; -1 for the application.
  func indexInParent(of node: AccessibleNode) -> Int32 {
    switch node.key {
    case AccessibleTree.applicationKey: -1
    case AccessibleTree.windowKey: 0
    default: Int32(tree.children.firstIndex { $0.key == node.key } ?? -1)
    }
  }

  /// The interfaces `node` implements.
  func interfaces(of node: AccessibleNode) -> [String] {
    var names = [Interface.accessible]
    if node.role == .application { names.append(Interface.application) }
    if node.extents != nil { names.append(Interface.component) }
    if !node.actionNames.isEmpty { names.append(Interface.action) }
    if node.range != nil { names.append(Interface.value) }
    return names
  }

  private func accessible(_ member: String, of node: AccessibleNode, arguments: [BusValue])
    -> Answer
  {
    let children = childKeys(of: node)
    switch member {
    case "GetChildAtIndex":
      guard case .int32(let index)? = arguments.first else { return invalid("expected (i)") }
      let key = children.indices.contains(Int(index)) ? children[Int(index)] : nil
      return .reply([reference(key)])
    case "GetChildren":
      return .reply([.array(elementSignature: "(so)", children.map(reference))])
    case "GetIndexInParent": return .reply([.int32(indexInParent(of: node))])
    case "GetRelationSet": return .reply([.array(elementSignature: "(ua(so))", [])])
    case "GetRole": return .reply([.uint32(node.role.rawValue)])
    case "GetRoleName", "GetLocalizedRoleName": return .reply([.string(node.role.name)])
    case "GetState":
      return .reply([.array(elementSignature: "u", node.states.words.map(BusValue.uint32))])
    case "GetAttributes":
      return .reply([.dictionary(keySignature: "s", valueSignature: "s", [])])
    case "GetApplication": return .reply([reference(AccessibleTree.applicationKey)])
    case "GetInterfaces":
      return .reply([.array(elementSignature: "s", interfaces(of: node).map(BusValue.string))])
    default: return unknown(Interface.accessible, member)
    }
  }

  // MARK: Component, Action

  /// `Component`: extents are in the window's drawable pixels for either coordinate type, since
  /// the overlay does not know where the window sits on the screen.
  private func component(_ member: String, of node: AccessibleNode, arguments: [BusValue])
    -> Answer
  {
    let rect = node.extents.map(Self.pixels) ?? (0, 0, 0, 0)
    switch member {
    case "GetExtents":
      return .reply([.structure([.int32(rect.0), .int32(rect.1), .int32(rect.2), .int32(rect.3)])])
    case "GetPosition": return .reply([.int32(rect.0), .int32(rect.1)])
    case "GetSize": return .reply([.int32(rect.2), .int32(rect.3)])
    case "GetLayer": return .reply([.uint32(node.role == .frame ? 7 : 3)])
    case "GetMDIZOrder": return .reply([.int16(0)])
    case "GetAlpha": return .reply([.double(1)])
    case "Contains":
      guard arguments.count == 3, case .int32(let x) = arguments[0],
        case .int32(let y) = arguments[1]
      else { return invalid("expected (iiu)") }
      let inside =
        x >= rect.0 && y >= rect.1 && Int64(x) < Int64(rect.0) + Int64(rect.2)
        && Int64(y) < Int64(rect.1) + Int64(rect.3)
      return .reply([.bool(inside)])
    case "GrabFocus": return .reply([.bool(false)])
    default: return unknown(Interface.component, member)
    }
  }

  /// `rect` in whole pixels, each figure clamped into `Int32`.
  static func pixels(_ rect: Rect) -> (Int32, Int32, Int32, Int32) {
    func whole(_ value: Double) -> Int32 {
      guard value.isFinite else { return 0 }
      return Int32(min(max(value.rounded(), Double(Int32.min)), Double(Int32.max)))
    }
    return (whole(rect.minX), whole(rect.minY), whole(rect.width), whole(rect.height))
  }

  private func action(_ member: String, of node: AccessibleNode, arguments: [BusValue])
    -> Answer
  {
    let names = node.actionNames
    if member == "GetActions" {
      return .reply([
        .array(
          elementSignature: "(sss)",
          names.map { .structure([.string($0), .string(""), .string(node.shortcut ?? "")]) })
      ])
    }
    guard case .int32(let index)? = arguments.first, names.indices.contains(Int(index)) else {
      return invalid("\(member) needs the index of one of \(names.count) actions")
    }
    switch member {
    case "GetName", "GetLocalizedName": return .reply([.string(names[Int(index)])])
    case "GetDescription": return .reply([.string("")])
    case "GetKeyBinding": return .reply([.string(node.shortcut ?? "")])
    case "DoAction":
      guard let id = node.controlID, node.states.contains(.enabled) else {
        return .reply([.bool(false)])
      }
      return .activate(id)
    default: return unknown(Interface.action, member)
    }
  }
}
