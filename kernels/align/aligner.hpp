// A backend that aligns a batch of pairs: the host kernel (vectorised, OpenMP) or a GPU.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernels/align/nw_rules.hpp"
#include "kernels/align/nw_types.hpp"

namespace wg::kernels::align {

class Aligner {
 public:
  virtual ~Aligner() = default;
  // Aligns every pair of the batch into results (reset to the batch's size); with
  // traceback the CIGAR strings and regions are filled too.
  virtual void align(const PairBatch& batch, const KernelScoring& scoring, bool traceback,
                     AlignedBatch& results) = 0;
  // Seconds spent in align() so far (host preparation, copies and kernels), for GCUPS.
  virtual double compute_seconds() const = 0;
  // Seconds of kernel execution alone (GPU events): this aligner's share of its GPU's busy
  // time, so aligners sharing a GPU add up to it without counting overlaps twice. The host
  // backend has no split.
  virtual double kernel_seconds() const { return compute_seconds(); }
  // Seconds of copies between host and GPU (a batch's upload, its scores' download).
  virtual double transfer_seconds() const { return 0; }
  virtual std::string name() const = 0;
  // The GPU it runs on; -1 on the host.
  virtual int device() const { return -1; }

  // Host memory to pack a batch's residues into before align(), reused by every call
  // (the contents are the caller's until the next call). Pinned on GPUs, so that the
  // upload is one DMA straight from it; plain memory on the host backend.
  virtual std::uint8_t* residue_buffer(std::size_t bytes) {
    if (host_residues_.size() < bytes) host_residues_.resize(bytes);
    return host_residues_.data();
  }

  // The largest batch the job can hand over, so that a backend allocates its buffers
  // before the dispatch rather than while its first batch waits (pinning host memory runs
  // at a few GB/s, and aligners sharing a GPU allocate one after the other). A larger
  // batch still works: buffers grow when they must.
  struct BatchLimits {
    std::size_t residues = 0;  // residue pool
    std::size_t pairs = 0;
    std::size_t operations = 0;  // m + n summed over its pairs: the most a traceback copies back
    std::size_t target_residues = 0;  // n summed over its pairs
    std::uint32_t longest_query = 0;  // of the job
  };
  virtual void prepare(const BatchLimits& limits, bool /*traceback*/) {
    residue_buffer(limits.residues);
  }

 private:
  std::vector<std::uint8_t> host_residues_;
};

// Direction bits one pair may keep at once on the host by default (--traceback-memory).
inline constexpr std::uint64_t kDefaultTracebackBytes = std::uint64_t{256} << 20;

// traceback_bytes: direction bits one pair may keep at once; larger pairs are traced back
// in bands recomputed from checkpoints, with the same result (host_align_traceback).
std::unique_ptr<Aligner> make_host_aligner(std::uint64_t traceback_bytes = kDefaultTracebackBytes);

// GPUs visible to this process; 0 when the build has no CUDA backend.
int cuda_device_count();
// Aligner on the given GPU; throws wg::Error when the build has no CUDA backend.
// packed_scores: global and semi-global pairs whose scores fit in 16 bits run two to a
// register (score-only and with traceback).
// scratch_bytes: GPU memory for one chunk's scratch (carried rows, direction bits), 0 for a
// fifth of the free memory (four chunks may be in flight); a pair that needs more is
// aligned on the host instead (with traceback: banded from checkpoints when its direction
// bits are too many for one piece).
// high_priority: the aligner's streams get the GPU's highest priority, else its lowest; with
// traceback, the first of the aligners sharing a GPU has the higher (see CudaAligner).
std::unique_ptr<Aligner> make_cuda_aligner(int device, bool packed_scores = true,
                                           std::uint64_t scratch_bytes = 0,
                                           bool high_priority = true);

// Converts operations emitted back to front into a CIGAR string such as 5=1X2I.
std::string cigar_from_reversed_ops(const char* ops, std::size_t count);
// The same for many pairs at once, on all OpenMP threads: pair k's operations start at
// ops + ops_offsets[k] and its CIGAR becomes cigars[pairs[k]] (appended to their text).
void cigars_from_reversed_ops(const char* ops, const std::uint64_t* ops_offsets,
                              const std::uint32_t* op_counts, const std::uint32_t* pairs,
                              std::size_t count, StringTable& cigars);

}  // namespace wg::kernels::align
