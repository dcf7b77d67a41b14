// SPDX-License-Identifier: MIT
import CameraModel
import Localization

/// Interaction results of the photo interface for one frame, passed from its update to its
/// drawing.
struct PhotoUIResponses {
  /// The shutter.
  var shutter = ControlResponse()
  /// When the press holding the shutter began (this frame's time when none holds it).
  var shutterPressStart = 0.0
  /// The self-timer button.
  var timer = ControlResponse()
  /// The shutter-sound toggle.
  var mute = ControlResponse()
  /// Visible thumbnails, by index.
  var thumbnails: [Int: ControlResponse] = [:]
  /// The banner's action button ("Choose folder…").
  var bannerAction = ControlResponse()
  /// The banner's close button.
  var bannerClose = ControlResponse()
  /// The toast's "Undo" button.
  var undo = ControlResponse()
  /// The library grid's button by the strip.
  var library = ControlResponse()
  /// The viewer's close button.
  var close = ControlResponse()
  /// The viewer's "Open with…" button.
  var openWith = ControlResponse()
  /// The viewer's trash button.
  var trash = ControlResponse()
  /// The viewer's previous-photo button.
  var previous = ControlResponse()
  /// The viewer's next-photo button.
  var next = ControlResponse()
  /// The viewer's play / pause button (videos).
  var play = ControlResponse()
  /// The viewer's timeline (videos).
  var timeline = ControlResponse()
}

extension Overlay {
  private static let timerID = ControlID("photo-timer")
  private static let muteID = ControlID("photo-mute")
  private static let bannerActionID = ControlID("photo-banner-action")
  private static let bannerCloseID = ControlID("photo-banner-close")
  private static let bannerID = ControlID("photo-banner")
  private static let toastID = ControlID("photo-toast")
  private static let undoID = ControlID("photo-undo")
  private static let closeID = ControlID("viewer-close")
  private static let openWithID = ControlID("viewer-open-with")
  private static let trashID = ControlID("viewer-trash")
  private static let previousID = ControlID("viewer-previous")
  private static let nextID = ControlID("viewer-next")
  private static let playID = ControlID("viewer-play")
  private static let timelineID = ControlID("viewer-timeline")
  /// The shutter's name for keyboard focus; its pointer ID changes with each press.
  static let shutterFocusID = ControlID("photo-shutter")
  private static let libraryID = ControlID("photo-library")

  /// Updates the photo interface's widgets (before the bars and the video claim the pointer)
  /// and appends their intents. While the viewer is open it claims every press, so nothing
  /// beneath it (the video's focus taps included) reacts.
  func updatePhotoUI(
    input: OverlayInput, state: OverlayState, layout: OverlayLayout,
    actions: inout [OverlayAction]
  ) -> PhotoUIResponses {
    let photoLayout = PhotoLayout(
      base: layout, theme: theme,
      timerSeconds: state.photo.timerSeconds)
    let painter = PhotoPainter(text: text, scale: layout.scale)
    let pills = PhotoPills(
      photo: state.photo, layout: photoLayout, painter: painter, theme: theme)
    var responses = PhotoUIResponses()
    var intents: [PhotoAction] = []
    // Over the viewer the pills' buttons join the viewer's layer, which keeps the keyboard.
    let layer = state.photo.viewer == nil ? 0 : 1
    responses.undo = click(
      Self.undoID, pills.toast?.button, .undoTrash, name: PhotoPills.undoLabel,
      group: pills.toast?.rect, layer: layer, into: &intents)
    if let banner = pills.banner {
      responses.bannerClose = click(
        Self.bannerCloseID, banner.close, .dismissBanner, name: tr("Close the message"),
        group: banner.rect, layer: layer, into: &intents)
      if state.photo.banner?.action == .chooseFolder {
        responses.bannerAction = click(
          Self.bannerActionID, banner.button, .chooseFolder, name: banner.buttonLabel,
          group: banner.rect, layer: layer, into: &intents)
      }
    }
    // The pills themselves take the clicks their buttons leave, so a click on a message
    // never focuses the picture beneath.
    _ = pills.banner.map { tracker.update(Self.bannerID, rect: $0.rect) }
    _ = pills.toast.map { tracker.update(Self.toastID, rect: $0.rect) }
    if let viewer = state.photo.viewer {
      let screen = ViewerScreen(
        viewer: viewer, layout: photoLayout, painter: painter, theme: theme)
      updateViewer(screen, input: input, responses: &responses, intents: &intents)
      shutterKeyHold.cancel()
    } else {
      updateBar(input: input, state: state, layout: photoLayout, responses: &responses)
      responses.library = tracker.update(Self.libraryID, rect: photoLayout.libraryButton)
      if responses.library.isClicked { actions.append(.library(.open)) }
      intents += barIntents(responses, input: input, state: state, layout: photoLayout)
    }
    actions += intents.map { .photo($0) }
    return responses
  }

  /// Updates a button at `rect` (none when `nil`), registers it for keyboard focus as `name`
  /// (its tooltip's words when empty) in `group` and `layer`, and adds `intent` when it is
  /// clicked.
  private func click(
    _ id: ControlID, _ rect: Rect?, _ intent: PhotoAction, name: String = "",
    shape: FocusEntry.Shape = .rectangle(cornerRadius: 0), group: Rect? = nil, layer: Int = 0,
    into intents: inout [PhotoAction]
  ) -> ControlResponse {
    guard let rect else { return ControlResponse() }
    let entry = FocusEntry(
      id: id, role: .button, name: name, rect: rect, shape: shape, group: group, layer: layer)
    let response = tracker.update(id, rect: rect, focus: entry)
    if response.isClicked { intents.append(intent) }
    return response
  }

  private func updateViewer(
    _ screen: ViewerScreen, input: OverlayInput, responses: inout PhotoUIResponses,
    intents: inout [PhotoAction]
  ) {
    responses.close = click(
      Self.closeID, screen.closeButton, .closeViewer, shape: .circle, layer: 1,
      into: &intents)
    responses.trash = click(
      Self.trashID, screen.trashButton, .trashCurrent, shape: .circle, layer: 1,
      into: &intents)
    responses.openWith = click(
      Self.openWithID, screen.openButton, .openExternally, layer: 1,
      into: &intents)
    responses.previous = click(
      Self.previousID, screen.previousButton, .showPrevious, shape: .circle, layer: 1,
      into: &intents)
    responses.next = click(
      Self.nextID, screen.nextButton, .showNext, shape: .circle, layer: 1,
      into: &intents)
    responses.play = click(
      Self.playID, screen.playButton, .togglePlayback, shape: .circle, layer: 1,
      into: &intents)
    if let hit = screen.timelineHitRect {
      responses.timeline = tracker.update(Self.timelineID, rect: hit)
      if responses.timeline.isClicked, let pointer = input.pointerInPixels,
        let fraction = screen.timelineFraction(atX: pointer.x)
      {
        intents.append(.scrubVideo(toFraction: fraction))
      }
    }
    // The backdrop takes every other press, so the widgets beneath never see one; dragging
    // on it pans a zoomed photo.
    let gesture = ViewerPanGesture(
      heldBy: tracker.activeID, input: input, pan: screen.viewer.pan)
    let backdrop = tracker.update(gesture.id, rect: screen.bounds)
    intents += ViewerPanGesture.intents(
      backdrop, gesture: gesture, screen: screen, pointer: input.pointerInPixels)
    if input.wheel.y != 0 {
      intents.append(.zoom(by: ViewerScreen.zoomFactor(for: input.wheel)))
    }
  }

  /// Updates the shutter, the timer and mute buttons and the visible thumbnails, topmost
  /// first.
  private func updateBar(
    input: OverlayInput, state: OverlayState, layout: PhotoLayout,
    responses: inout PhotoUIResponses
  ) {
    let control = ShutterButton.control(heldBy: tracker.activeID, time: input.time)
    responses.shutterPressStart = control.pressStart
    // In video mode the record button takes the shutter's place (RecordingControls); scan mode
    // has no shutter.
    if state.photo.canShoot, state.recording.mode == .photo, state.scan.mode != .scan {
      let entry = FocusEntry(
        id: Self.shutterFocusID, role: .button, name: "",
        state: FocusState(isEnabled: !state.photo.isWriterBusy), rect: layout.shutter,
        shape: .circle)
      responses.shutter = tracker.update(control.id, rect: layout.shutter, focus: entry)
    }
    // Scan mode takes no photos: no self-timer there.
    if state.scan.mode != .scan {
      responses.timer = tracker.update(
        Self.timerID, rect: layout.timerButton,
        focus: FocusEntry(
          id: Self.timerID, role: .button, name: "", rect: layout.timerButton, shape: .circle))
    }
    responses.mute = tracker.update(
      Self.muteID, rect: layout.muteButton,
      focus: FocusEntry(
        id: Self.muteID, role: .toggleButton, name: "",
        state: FocusState(isChecked: !state.photo.isMuted), rect: layout.muteButton,
        shape: .circle))
    let strip = ThumbnailStrip(
      layout: layout, items: state.photo.thumbnails, offset: state.photo.stripOffset)
    for (index, hitRect) in strip.visible {
      let id = ThumbnailStrip.controlID(index)
      let item = state.photo.thumbnails[index]
      let name = item.isVideo ? tr("Video %1$d", index + 1) : tr("Photo %1$d", index + 1)
      responses.thumbnails[index] = tracker.update(
        id, rect: hitRect,
        focus: FocusEntry(
          id: id, role: .image, name: name,
          state: FocusState(isEnabled: !item.isPending, value: item.durationLabel),
          rect: hitRect, group: layout.strip))
    }
  }

  /// The intents of the bottom bar's widgets and of the wheel over the strip.
  private func barIntents(
    _ responses: PhotoUIResponses, input: OverlayInput, state: OverlayState,
    layout: PhotoLayout
  ) -> [PhotoAction] {
    var intents: [PhotoAction] = []
    if state.recording.mode != .photo || state.scan.mode == .scan { shutterKeyHold.cancel() }
    if let key = shutterKeyHold.update(
      heldKeys: input.heldKeys, time: input.time, photo: state.photo, theme: theme)
    {
      intents.append(key)
    }
    if let shutter = ShutterButton.intent(
      responses.shutter, heldFor: input.time - responses.shutterPressStart,
      isKeyHeld: shutterKeyHold.isHeld(in: input.heldKeys), photo: state.photo,
      theme: theme)
    {
      intents.append(shutter)
    }
    if responses.timer.isClicked { intents.append(.cycleTimer) }
    if responses.mute.isClicked { intents.append(.toggleMute) }
    for (index, response) in responses.thumbnails.sorted(by: { $0.key < $1.key })
    where response.isClicked {
      intents.append(.openViewer(index))
    }
    let strip = ThumbnailStrip(
      layout: layout, items: state.photo.thumbnails, offset: state.photo.stripOffset)
    if input.wheel != .zero, let pointer = input.pointerInPixels, layout.strip.contains(pointer) {
      let delta = strip.scrollDelta(for: input.wheel)
      if delta != 0 { intents.append(.scrollStrip(by: delta)) }
    }
    return intents
  }

  /// Draws the photo interface over everything else.
  func drawPhotoUI(
    _ responses: PhotoUIResponses, into commands: inout [DrawCommand], layout: OverlayLayout,
    state: OverlayState, time: Double
  ) {
    let photo = state.photo
    let photoLayout = PhotoLayout(
      base: layout, theme: theme,
      timerSeconds: state.photo.timerSeconds)
    var painter = PhotoPainter(text: text, scale: layout.scale)
    let pills = PhotoPills(
      photo: photo, layout: photoLayout, painter: painter, theme: theme)
    if let viewer = photo.viewer {
      ViewerScreen(viewer: viewer, layout: photoLayout, painter: painter, theme: theme)
        .draw(
          into: &painter, responses: responses, theme: theme,
          time: time)
    } else {
      drawCameraScreen(
        responses, into: &painter, layout: photoLayout, state: state, time: time)
    }
    pills.draw(into: &painter, responses: responses, theme: theme)
    if photo.isScreenFlashLit, photo.viewer == nil {
      // The screen is the flash: every pixel at full white, bars and buttons included.
      painter.fill(layout.bounds, .white)
    }
    commands += painter.commands
  }

  /// The flash, the countdown and the bottom bar's photo widgets.
  private func drawCameraScreen(
    _ responses: PhotoUIResponses, into painter: inout PhotoPainter, layout: PhotoLayout,
    state: OverlayState, time: Double
  ) {
    let photo = state.photo
    let picture = state.videoRect.flatMap { $0.isEmpty ? nil : $0 } ?? layout.base.content
    PhotoFlash.draw(
      into: &painter, area: picture, start: photo.flashStartTime, time: time,
      theme: theme)
    // The countdown before a recording is drawn as the self-timer's.
    if let remaining = photo.countdownRemaining ?? state.recording.countdownRemaining {
      // Centred on the part of the picture between the bars, and no larger than that part.
      let visible = picture.intersection(layout.base.content)
      let area = visible.isEmpty ? layout.base.content : visible
      CountdownBadge(
        remaining: remaining, center: area.center,
        maxRadius: min(area.width, area.height) / 2 - layout.px(6)
      )
      .draw(into: &painter, theme: theme)
    }
    ThumbnailStrip(layout: layout, items: photo.thumbnails, offset: photo.stripOffset)
      .draw(into: &painter, responses: responses.thumbnails, theme: theme, time: time)
    drawLibraryButton(layout.libraryButton, response: responses.library, into: &painter)
    if state.recording.mode == .photo, state.scan.mode != .scan {
      ShutterButton(rect: layout.shutter, photo: photo)
        .draw(into: &painter, response: responses.shutter, theme: theme, time: time)
      if let count = photo.burstCount {
        BurstCounter(count: count, isAtLimit: photo.isBurstAtLimit)
          .draw(into: &painter, on: layout.shutter, theme: theme)
      }
    }
    PhotoBarButtons(
      layout: layout, timerSeconds: photo.timerSeconds, isMuted: photo.isMuted,
      showsTimer: state.scan.mode != .scan
    )
    .draw(
      into: &painter, timer: responses.timer, mute: responses.mute, theme: theme)
  }

  /// Intents of keys the photo interface owns: Space and Return take a photo (held, a burst;
  /// see `ShutterKeyHold`), T cycles the
  /// self-timer; while the viewer is open, Escape closes it, the arrows step through
  /// captures, plus and minus zoom and Delete trashes the photo.
  func photoKeyActions(_ press: KeyPress, state: OverlayState, input: OverlayInput)
    -> [OverlayAction]
  {
    let photo = state.photo
    let intent: PhotoAction?
    if press.key == .z, press.modifiers == [.control] {
      // Ctrl+Z brings back the capture last moved to the trash, toast shown or not.
      intent = .undoTrash
    } else if let viewer = photo.viewer {
      intent = Self.viewerIntent(for: press.key, viewer: viewer)
    } else if press.key == .escape, photo.countdownRemaining != nil {
      // Escape stops a running countdown before it ever closes a panel or quits.
      intent = .cancelCountdown
    } else if press.key == .t, press.modifiers.isEmpty, state.scan.mode != .scan {
      intent = .cycleTimer
    } else if ShutterKeyHold.isShutterKey(press) {
      let isScanning = state.scan.mode == .scan
      if press.isRepeat || !photo.canShoot || photo.isWriterBusy || isScanning {
        intent = nil
      } else if photo.timerSeconds > 0 || photo.countdownRemaining != nil {
        // The self-timer starts (or stops) on the press; holding adds nothing.
        intent = .shutter
      } else {
        intent = shutterKeyHold.pressed(press, heldKeys: input.heldKeys, time: input.time)
      }
    } else {
      intent = nil
    }
    return intent.map { [.photo($0)] } ?? []
  }

  private static func viewerIntent(for key: Key, viewer: ViewerState) -> PhotoAction? {
    // A video's keys: Space plays and pauses, the arrows seek 5 s.
    if viewer.playback != nil {
      switch key {
      case .space: return .togglePlayback
      case .left: return .seekVideo(by: -5)
      case .right: return .seekVideo(by: 5)
      default: break
      }
    }
    return switch key {
    case .escape: .closeViewer
    case .left: viewer.hasPrevious ? .showPrevious : nil
    case .right: viewer.hasNext ? .showNext : nil
    case .plus: .zoom(by: 1.25)
    case .minus: .zoom(by: 0.8)
    case .delete: viewer.isDeleting ? nil : .trashCurrent
    default: nil
    }
  }
}
