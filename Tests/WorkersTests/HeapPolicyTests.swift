// SPDX-License-Identifier: MIT
import Glibc
import SystemCalls
import Testing

@Suite("Heap policy", .serialized)
struct HeapPolicyTests {
  private let megabyte = 1 << 20

  @Test func aLargeBlockFreedAfterAnotherStillGoesBackToTheSystem() throws {
    #expect(HeapPolicy.apply())
    // malloc serves any block that fits from free arena space first, and earlier tests in this
    // process may have left some: both blocks are larger than all of it. Their pages are never
    // touched, so they cost no memory.
    let second = max(4 * megabyte, HeapPolicy.bytesFreeInArenas + megabyte)
    // Left to itself, glibc would raise its mmap threshold to this block's size when it is
    // freed, and serve the next block from an arena, where freeing it keeps its pages.
    let first = try #require(malloc(2 * second))
    free(first)
    let before = HeapPolicy.bytesInOwnMappings
    let block = try #require(malloc(second))
    let held = HeapPolicy.bytesInOwnMappings
    free(block)
    let after = HeapPolicy.bytesInOwnMappings
    #expect(held - before >= second)
    #expect(held - after >= second)
  }

  @Test func blocksBelowTheThresholdStayInTheArena() throws {
    #expect(HeapPolicy.apply())
    let before = HeapPolicy.bytesInOwnMappings
    let small = try #require(malloc(Int(HeapPolicy.largeBlockBytes) / 2))
    let held = HeapPolicy.bytesInOwnMappings
    free(small)
    #expect(held - before < Int(HeapPolicy.largeBlockBytes) / 2)
  }
}
