// SPDX-License-Identifier: MIT
import CSystem
import Glibc

/// How the C allocator (glibc's malloc, which Swift's allocations go through) hands large blocks
/// back to the system.
///
/// By default glibc gives a block of 128 KiB or more pages of its own (`mmap`) and unmaps them on
/// free, but the first time such a block is freed it raises that threshold to the block's size
/// (up to 32 MiB): from then on, blocks that large come from the thread's arena, and freeing
/// them leaves their pages resident wherever they are not at the top of the arena. Pinhole frees
/// large scratch buffers on purpose: the simulated camera's whole-frame blur rows (2 MB at
/// 1080p, about ten a second while its autofocus sweeps) are dropped after each backdrop level.
/// With the moving threshold they stayed resident as holes in the capture thread's arena: 16 MB
/// of its 36 MB were free 20 s after start at 1080p30 (`malloc_info`), and an hour's run
/// had grown from 189 to 202 MB. A fixed threshold keeps every block of `largeBlockBytes` or
/// more in pages of its own, so freeing it returns the memory at once. The cost is a fresh
/// mapping, and its page faults, for each such block; frames and buffers that live for the
/// session pay it once.
///
/// Any thread, but meant to be applied once at start-up, before the threads that allocate start.
public enum HeapPolicy {
  /// Blocks at least this large get pages of their own and give them back when freed: below a
  /// 720p NV12 frame (1.4 MB), and eight times glibc's starting threshold, so that smaller
  /// buffers made and freed often stay in the arenas without a mapping each time.
  public static let largeBlockBytes: Int32 = 1 << 20

  /// Fixes glibc's mmap threshold at `largeBlockBytes` (which also stops it from raising its trim
  /// threshold). Returns false if glibc refused the setting.
  @discardableResult
  public static func apply() -> Bool {
    mallopt(M_MMAP_THRESHOLD, largeBlockBytes) == 1
  }

  /// Bytes currently held in blocks that have pages of their own (glibc's `hblkhd`). Any thread.
  public static var bytesInOwnMappings: Int {
    Int(mallinfo2().hblkhd)
  }

  /// Bytes free inside the arenas, their tops included (glibc's `fordblks`): malloc serves a
  /// block from there, whatever its size, before it maps new pages. Any thread.
  public static var bytesFreeInArenas: Int {
    Int(mallinfo2().fordblks)
  }
}
