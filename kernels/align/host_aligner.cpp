// The host backend as an Aligner: OpenMP threads over groups of kHostLanes pairs
// (score only) or over single pairs (traceback).
#include <omp.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <exception>
#include <mutex>
#include <string>
#include <vector>

#include "kernels/align/aligner.hpp"
#include "kernels/align/host_nw.hpp"
#include "kernels/align/resident_sequences.hpp"
#include "src/common/error.hpp"

namespace wg::kernels::align {
namespace {

// Runs body(k) for k in [0, count) on all OpenMP threads. An exception must not leave an
// OpenMP region (the runtime would terminate the process): the first one thrown is
// rethrown here once every thread has stopped, and the others are dropped.
template <typename Body>
void parallel_for(std::int64_t count, const Body& body) {
  std::exception_ptr error;
  std::mutex error_mutex;
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t k = 0; k < count; ++k) {
    try {
      body(k);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
}

class HostAligner final : public Aligner {
 public:
  explicit HostAligner(std::uint64_t traceback_bytes) : traceback_bytes_(traceback_bytes) {}

  void align(const PairBatch& batch, const KernelScoring& scoring, bool traceback,
             AlignedBatch& results) override {
    const auto start = std::chrono::steady_clock::now();
    const std::int64_t pairs = static_cast<std::int64_t>(batch.size());
    results.reset(batch.size(), traceback);
    if (traceback) {
      // Each pair on its own thread, then stored in order (the batch's CIGAR strings share one
      // text).
      std::vector<PairResult> aligned(batch.size());
      parallel_for(pairs, [&](std::int64_t p) {
        const auto q = static_cast<std::size_t>(p);
        aligned[q] = host_align_traceback(
            batch.query_residues(q), static_cast<std::int32_t>(batch.query_length(q)),
            batch.target_residues(q), static_cast<std::int32_t>(batch.target_length(q)), scoring,
            traceback_bytes_);
      });
      for (std::size_t q = 0; q < aligned.size(); ++q) results.set(q, aligned[q]);
    } else {
      parallel_for((pairs + kHostLanes - 1) / kHostLanes, [&](std::int64_t g) {
        const auto first = static_cast<std::size_t>(g * kHostLanes);
        const std::size_t count =
            std::min<std::size_t>(kHostLanes, static_cast<std::size_t>(pairs) - first);
        host_scores_simd(batch, first, count, scoring, &results.scores[first]);
      });
    }
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

  double compute_seconds() const override { return seconds_; }
  std::string name() const override {
    return "host (" + std::to_string(omp_get_max_threads()) + " OpenMP threads, " +
           std::to_string(kHostLanes) + " SIMD lanes)";
  }

 private:
  std::uint64_t traceback_bytes_;
  double seconds_ = 0;
};

// Writes the CIGAR text of operations emitted back to front at `out`, at most 2 x count
// characters (a run of r operations takes at most r + 1); returns its end.
char* write_cigar(const char* ops, std::size_t count, char* out) {
  std::size_t k = count;
  while (k > 0) {
    const char op = ops[k - 1];
    const std::size_t last = k;
    while (k > 0 && ops[k - 1] == op) --k;
    const std::size_t run = last - k;
    if (run < 10)
      *out++ = static_cast<char>('0' + run);
    else
      out = std::to_chars(out, out + 20, run).ptr;
    *out++ = op;
  }
  return out;
}

}  // namespace

std::unique_ptr<Aligner> make_host_aligner(std::uint64_t traceback_bytes) {
  return std::make_unique<HostAligner>(traceback_bytes);
}

std::string cigar_from_reversed_ops(const char* ops, std::size_t count) {
  thread_local std::vector<char> text;
  if (text.size() < 2 * count) text.resize(2 * count);
  return std::string(text.data(), write_cigar(ops, count, text.data()));
}

void cigars_from_reversed_ops(const char* ops, const std::uint64_t* ops_offsets,
                              const std::uint32_t* op_counts, const std::uint32_t* pairs,
                              std::size_t count, StringTable& cigars) {
  // Each thread writes its pairs' CIGARs into a buffer of its own (kept between calls), then
  // copies them into a block of the table: one allocation per thread rather than per pair,
  // and no step that waits for every thread (the aligners' teams share the cores).
  // A GPU aligner finishes each of its streams before reusing it, most of them empty: those
  // calls woke the whole team for nothing (20-100 us each, about four a batch) and added
  // a block per thread to the table.
  if (count == 0) return;
  const int team = omp_get_max_threads();
  const std::uint32_t first_block = cigars.add_blocks(static_cast<std::size_t>(team));
#pragma omp parallel num_threads(team)
  {
    thread_local std::vector<char> text;
    const auto threads = static_cast<std::size_t>(omp_get_num_threads());
    const auto t = static_cast<std::size_t>(omp_get_thread_num());
    const std::size_t from = count * t / threads;
    const std::size_t to = count * (t + 1) / threads;
    std::uint64_t room = 0;
    for (std::size_t k = from; k < to; ++k) room += 2 * std::uint64_t{op_counts[k]};
    if (text.size() < room) text.resize(room);
    const auto block = static_cast<std::uint32_t>(first_block + t);
    char* out = text.data();
    for (std::size_t k = from; k < to; ++k) {
      char* end = write_cigar(ops + ops_offsets[k], op_counts[k], out);
      cigars.place(pairs[k], block, static_cast<std::uint64_t>(out - text.data()),
                   static_cast<std::uint32_t>(end - out));
      out = end;
    }
    cigars.block(block).assign(text.data(), out);
  }
}

#if !defined(WARPGRAPH_WITH_CUDA)
int cuda_device_count() { return 0; }
std::unique_ptr<Aligner> make_cuda_aligner(int, bool, std::uint64_t, bool) {
  wg::fail("this build has no CUDA backend (configured with WARPGRAPH_CUDA=OFF)");
}
ResidentUpload upload_sequences(int, const std::vector<RecordText>&,
                                const std::vector<std::uint64_t>&,
                                const std::vector<std::int8_t>&) {
  wg::fail("this build has no CUDA backend (configured with WARPGRAPH_CUDA=OFF)");
}
ResidentUpload upload_codes(int, const std::vector<const std::uint8_t*>&,
                            const std::vector<std::uint64_t>&) {
  wg::fail("this build has no CUDA backend (configured with WARPGRAPH_CUDA=OFF)");
}
#endif

}  // namespace wg::kernels::align
