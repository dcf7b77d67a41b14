// SPDX-License-Identifier: MIT
import Glibc
import SystemCalls
import Testing

@Suite("Heap policy", .serialized)
struct HeapPolicyTests {
  private let megabyte = 1 << 20

  @Test func aLargeBlockFreedAfterAnotherStillGoesBackToTheSystem() throws {
    #expect(HeapPolicy.apply())
    // Left to itself, glibc would raise its mmap threshold to 8 MB when this block is freed, and
    // serve the next block from the arena, where freeing it keeps its pages.
    let first = try #require(malloc(8 * megabyte))
    memset(first, 1, 8 * megabyte)
    free(first)
    let before = HeapPolicy.bytesInOwnMappings
    let second = try #require(malloc(4 * megabyte))
    memset(second, 1, 4 * megabyte)
    let held = HeapPolicy.bytesInOwnMappings
    free(second)
    let after = HeapPolicy.bytesInOwnMappings
    #expect(held - before >= 4 * megabyte)
    #expect(held - after >= 4 * megabyte)
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
