// recycling_allocator: blocks of its size come back most recently freed first, on the thread
// that freed them; other sizes and blocks past the kept number go to the heap.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "util/recycling_allocator.hpp"

namespace wavesites {
namespace {

// Each test runs on its own thread: the kept blocks are per thread, so none left by another
// test can be handed out here.
template <typename F>
void on_fresh_thread(F f) {
  std::thread(f).join();
}

TEST(RecyclingAllocator, AFreedBlockOfItsSizeIsTheNextHandedOut) {
  on_fresh_thread([] {
    recycling_allocator<char, 4096, 4> a;
    char* first = a.allocate(4096);
    char* second = a.allocate(4096);
    a.deallocate(first, 4096);
    a.deallocate(second, 4096);
    EXPECT_EQ(a.allocate(4096), second) << "the most recently freed comes first";
    EXPECT_EQ(a.allocate(4096), first);
    a.deallocate(first, 4096);
    a.deallocate(second, 4096);
  });
}

TEST(RecyclingAllocator, OtherSizesAreNotKept) {
  on_fresh_thread([] {
    recycling_allocator<char, 4096, 4> a;
    char* kept = a.allocate(4096);
    a.deallocate(kept, 4096);
    char* other = a.allocate(100);
    EXPECT_NE(other, kept) << "a block of another size is never one kept";
    a.deallocate(other, 100);
    EXPECT_EQ(a.allocate(4096), kept) << "nor does freeing one take the kept block's place";
    a.deallocate(kept, 4096);
  });
}

TEST(RecyclingAllocator, KeepsNoMoreThanItsNumber) {
  on_fresh_thread([] {
    recycling_allocator<char, 1024, 2> a;
    std::vector<char*> blocks;
    for (int i = 0; i < 5; ++i) blocks.push_back(a.allocate(1024));
    for (char* b : blocks) a.deallocate(b, 1024);  // the first two are kept, the rest freed
    EXPECT_EQ(a.allocate(1024), blocks[1]);
    EXPECT_EQ(a.allocate(1024), blocks[0]);
    char* fresh = a.allocate(1024);  // from the heap: it may be any address, even a freed one
    a.deallocate(fresh, 1024);
    a.deallocate(blocks[0], 1024);
  });
}

TEST(RecyclingAllocator, BlocksAreKeptPerThread) {
  recycling_allocator<char, 2048, 4> a;
  char* here = nullptr;
  on_fresh_thread([&] {
    char* block = a.allocate(2048);
    a.deallocate(block, 2048);
    here = a.allocate(2048);  // the same block again on this thread
    EXPECT_EQ(here, block);
    a.deallocate(here, 2048);  // kept by this thread, freed when it ends
  });
  on_fresh_thread([&] {
    // Another thread's kept blocks are not this thread's: its first block comes from the heap.
    char* block = a.allocate(2048);
    a.deallocate(block, 2048);
    EXPECT_EQ(a.allocate(2048), block);
    a.deallocate(block, 2048);
  });
}

}  // namespace
}  // namespace wavesites
