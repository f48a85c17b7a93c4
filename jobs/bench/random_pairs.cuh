// Batches of random pairs on the GPU for the alignment kernel benchmarks: `count` pairs
// of an m-residue query and an n-residue target, residue codes drawn from 0 .. letters-1,
// laid out as the aligner lays out a batch (DevicePairs), with `carry_per_pair` carried
// cells per pair and room for the scores.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "jobs/bench/kernel_timing.cuh"
#include "kernels/align/cuda_wavefront.cuh"

namespace wg::bench {

inline kernels::align::cuda::DevicePairs random_pairs(DeviceAllocations& device,
                                                      std::uint32_t count, int m, int n,
                                                      int letters, std::uint64_t carry_per_pair,
                                                      std::mt19937& rng) {
  std::uniform_int_distribution<int> letter(0, letters - 1);
  std::vector<std::uint8_t> residues(std::uint64_t{count} * static_cast<std::uint64_t>(m + n));
  for (auto& r : residues) r = static_cast<std::uint8_t>(letter(rng));
  std::vector<std::uint64_t> offsets(2 * std::uint64_t{count});
  std::vector<std::uint32_t> lengths(2 * std::uint64_t{count});
  std::vector<std::uint32_t> query(count), target(count), members(count);
  std::vector<std::uint64_t> carry_offset(count);
  for (std::uint32_t p = 0; p < count; ++p) {
    offsets[2 * p] = std::uint64_t{p} * static_cast<std::uint64_t>(m + n);
    offsets[2 * p + 1] = offsets[2 * p] + static_cast<std::uint64_t>(m);
    lengths[2 * p] = static_cast<std::uint32_t>(m);
    lengths[2 * p + 1] = static_cast<std::uint32_t>(n);
    query[p] = 2 * p;
    target[p] = 2 * p + 1;
    members[p] = p;
    carry_offset[p] = std::uint64_t{p} * carry_per_pair;
  }
  kernels::align::cuda::DevicePairs pairs{};
  pairs.residues = device.upload(residues);
  pairs.offsets = device.upload(offsets);
  pairs.lengths = device.upload(lengths);
  pairs.query = device.upload(query);
  pairs.target = device.upload(target);
  pairs.members = device.upload(members);
  pairs.count = count;
  pairs.carry_offset = device.upload(carry_offset);
  pairs.longest_query = static_cast<std::uint32_t>(m);
  pairs.carry = device.allocate<int2>(std::uint64_t{count} * carry_per_pair);
  pairs.scores = device.allocate<std::int32_t>(count);
  return pairs;
}

}  // namespace wg::bench
