// CUDA backend of vertex grouping (kernels/graph/vertex_groups.hpp): the grouped
// activation structure on the GPU in place of the exact out-edges, and at the start of
// every step, before the pull, two kernels that find the groups it covers:
//   changed_groups  frontier bits -> one bit per source group holding a frontier vertex
//                   (r = 64: a group is one frontier word; r = 32: half of one);
//   expand_groups   each changed group sets the bits of its out-groups in the active
//                   mask, which the pull kernels test through wants_pull (warp_pull.cuh).
// The frontier already holds the updates scattered in from other partitions.
#pragma once

#include <algorithm>

#include "kernels/graph/cuda/warp_pull.cuh"
#include "kernels/graph/vertex_groups.hpp"
#include "src/common/cuda_buffer.hpp"
#include "src/common/cuda_check.hpp"

namespace wg::kernels::graph::cuda {

// Thread g tests the r frontier bits of group g; a warp's 32 groups form one 32-bit half
// of a word of `changed`, which its first lane stores whole (no atomics, no clearing).
__global__ void __launch_bounds__(kBlockThreads)
    changed_groups_kernel(const BitWord* frontier, VertexId groups, unsigned shift,
                          BitWord* changed) {
  auto* halves = reinterpret_cast<unsigned*>(changed);
  for_each_in_warps(groups, [&](std::size_t g, bool in) {
    bool any = false;
    if (in) {
      const std::size_t first = g << shift;
      const unsigned ratio = 1u << shift;
      const BitWord mask = ratio >= kBitsPerWord
                               ? ~BitWord{0}
                               : ((BitWord{1} << ratio) - 1) << (first % kBitsPerWord);
      any = (frontier[first / kBitsPerWord] & mask) != 0;
    }
    const unsigned ballot = __ballot_sync(kFullMask, any);
    if (lane_id() == 0 && in) halves[g / 32] = ballot;
  });
}

// Each warp takes 32 source groups and expands the changed ones one after another, its
// lanes striding over the group's out-groups (a group of hubs may have thousands).
__global__ void __launch_bounds__(kBlockThreads)
    expand_groups_kernel(const BitWord* changed, VertexId groups, const EdgeIndex* indptr,
                         const VertexId* targets, BitWord* active) {
  for_each_in_warps(groups, [&](std::size_t g, bool in) {
    unsigned pending = __ballot_sync(kFullMask, in && test_bit(changed, static_cast<VertexId>(g)));
    while (pending) {
      const std::size_t source = (g & ~std::size_t{31}) + static_cast<unsigned>(__ffs(pending) - 1);
      pending &= pending - 1;
      for (EdgeIndex e = indptr[source] + lane_id(); e < indptr[source + 1]; e += 32) {
        const VertexId t = targets[e];
        auto* word = reinterpret_cast<unsigned long long*>(active + t / kBitsPerWord);
        const auto bit = static_cast<unsigned long long>(bit_of(t));
        if (!(*word & bit)) atomicOr(word, bit);  // most out-groups are set already
      }
    }
  });
}

// The grouped structure of a partition on its GPU and the masks of one step.
class DeviceGroups {
 public:
  // Ratio 1 (no grouping) uploads nothing.
  void upload(const VertexGroups& groups, cudaStream_t st) {
    ratio_ = groups.ratio;
    if (ratio_ <= 1) return;
    shift_ = groups.shift;
    sources_ = groups.source_groups;
    active_words_ = bit_words(groups.target_groups);
    indptr_.upload(groups.indptr.data(), groups.indptr.size(), st);
    targets_.upload(groups.targets.data(), groups.targets.size(), st);
    changed_.grow(bit_words(sources_));
    active_.grow(active_words_);
    // The kernel stores whole halves: a last half past the groups stays 0 from here.
    CUDA_CHECK(cudaMemsetAsync(changed_.data(), 0, bit_words(sources_) * sizeof(BitWord), st));
  }

  bool on() const { return ratio_ > 1; }
  unsigned ratio() const { return ratio_; }

  // The groups a pull from `frontier` covers (computed on `st`, valid until the next call).
  ActiveGroups activate(const BitWord* frontier, unsigned max_blocks, cudaStream_t st) {
    const unsigned blocks = static_cast<unsigned>(std::clamp<std::size_t>(
        (std::size_t{sources_} + kBlockThreads - 1) / kBlockThreads, 1, max_blocks));
    CUDA_CHECK(cudaMemsetAsync(active_.data(), 0, active_words_ * sizeof(BitWord), st));
    changed_groups_kernel<<<blocks, kBlockThreads, 0, st>>>(frontier, sources_, shift_,
                                                            changed_.data());
    CUDA_CHECK_LAUNCH();
    expand_groups_kernel<<<blocks, kBlockThreads, 0, st>>>(
        changed_.data(), sources_, indptr_.data(), targets_.data(), active_.data());
    CUDA_CHECK_LAUNCH();
    return {active_.data(), shift_};
  }

 private:
  unsigned ratio_ = 1;
  unsigned shift_ = 0;
  VertexId sources_ = 0;
  std::size_t active_words_ = 0;
  DeviceBuffer<EdgeIndex> indptr_;
  DeviceBuffer<VertexId> targets_;
  DeviceBuffer<BitWord> changed_, active_;
};

}  // namespace wg::kernels::graph::cuda
