// A GPU rank's align threads: how many run per GPU, and how many threads each one's team
// takes (packing a batch, building its CIGAR strings) when no other rank of the node may
// run on the rank's cores.
//
// Aligners per GPU: independent ones overlap one's host-side preparation and copies with
// the others' kernels. Score-only batches spend as long being packed as in the kernels,
// or longer, so with two the GPU waited whenever both were packing; a third raised DNA and
// protein pairs end to end by 13% on one H200 (docs/PERFORMANCE.md, "Three aligners per
// GPU"). With traceback the host also builds CIGAR strings, and a third aligner once took
// cores from the writer (SAM output 7-12% slower); since the writer hands each window to
// the file as it is formatted, a third raised 100,000 DNA pairs with traceback by 10% end
// to end on one H200 (kernels 1.45 -> 1.58 TCUPS) and SAM output by 11%, and did not slow
// two GPUs (docs/PERFORMANCE.md, "The writer's tail, one priority for score-only aligners,
// three traceback aligners"). The host backend has one (it spreads over cores with OpenMP).
//
// Every aligner and the writer open OpenMP teams at once, beside the dispatch's own
// threads (main, feeder, a window reader, the writer's; at a job's start up to
// BatchSource::kMaxWindowsAhead window readers for a moment), and libgomp's waiting
// threads spin. When they add up to more threads than cores, a thread that the
// others keep off a core waits for a scheduler's time slice: timelines of 100,000 protein
// pairs on a 32-core H200 host showed one or two 3-5 ms stalls per run, in a packing team
// or in the feeder, against batches of 0.5 ms of packing. So the teams shrink to fit
// beside the writer's team and the dispatch threads, down to kMinFittedTeam; where even
// that does not fit, nothing is gained by shrinking, and the largest teams pack fastest.
// Measured with three aligners (score only), 100,000 pairs, GCUPS end to end, one H200
// (docs/PERFORMANCE.md, "Teams that fit the cores"):
//   32 cores: teams of 8 -> 6 (fitted): proteins 693 -> 981 (medians of 6 runs over two
//             calls), DNA within the spread;
//   16 cores: teams of 8 against 6: proteins 683 against 511 (medians of 3), DNA the same;
//             against 3: proteins 576 against 529, DNA 2,748 against 2,349.
// Teams of at most kMaxAlignerTeam, not every core, ran 100,000 DNA pairs 13% faster on the
// 32-core host ("Teams of the align threads").
#pragma once

#include <algorithm>

#include "src/align/ordered_results.hpp"

namespace wg::align {

inline constexpr int kAlignersPerGpu = 3;

inline constexpr int kMaxAlignerTeam = 8;
inline constexpr int kMinFittedTeam = 4;
// Threads of the dispatch beside the teams: main, feeder, a window reader, writer.
inline constexpr int kDispatchThreads = 4;

// threads: the rank's OpenMP threads; aligners: its align threads.
constexpr int aligner_team_size(int threads, int aligners) {
  const int largest = std::clamp(threads, 1, kMaxAlignerTeam);
  const int room =
      (threads - OrderedResults::kMaxFormatThreads - kDispatchThreads) / std::max(aligners, 1);
  if (room >= largest) return largest;
  return room >= kMinFittedTeam ? room : largest;
}

}  // namespace wg::align
