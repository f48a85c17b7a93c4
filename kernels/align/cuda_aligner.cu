// The GPU backend: uploads a batch's sequence pool once, straight from the pinned buffer
// the batch was packed into (residue_buffer), or none when the batch points into the
// sequences the GPU keeps for the job (resident_sequences.hpp); groups its pairs by length
// class, and runs its chunks in turn on kSlots streams with pinned staging buffers, so one
// chunk's copies overlap the others' kernels, and a chunk too small to fill the GPU (the
// pairs of one band height, or of one class) runs beside the others rather than after
// them. Two or three aligners share a GPU (each on its own thread and streams;
// align_driver.cpp): some prepare and upload their next batch while another computes.
// Chunks are sized from the GPU's free memory (scratch for carried rows and, with
// traceback, direction bits).
// Global and semi-global pairs whose scores fit in 16 bits go two to a register
// (cuda_packed.cuh), score-only and with traceback.
// Substitution matrices are looked up in a query profile (cuda_query_profile.cuh). Pairs
// whose scratch would not fit the GPU are aligned on the host (align_on_host).
#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

#include "kernels/align/aligner.hpp"
#include "kernels/align/cuda_packed.cuh"
#include "kernels/align/cuda_wavefront.cuh"
#include "kernels/align/gpu_busy_time.cuh"
#include "src/common/cuda_buffer.hpp"

namespace wg::kernels::align {
namespace cuda {
namespace {

// Streams per aligner, each with its own chunk in flight. A batch of 1 kb DNA pairs with
// traceback makes chunks of very different sizes (band height 16 for most pairs, 11 for
// queries of 1,025-1,056 rows: half a wave of the GPU): with two streams a third chunk
// waited for the first, and the GPU ran the small ones alone. Four streams launch them
// all at once (docs/PERFORMANCE.md, "Traceback chunks side by side").
constexpr int kSlots = 4;
constexpr std::uint32_t kMaxChunkPairs = 1u << 22;

// Staging of a batch's small arrays (upload_pool): offsets and lengths per sequence, query
// and target slots per pair, the scoring table, each array's start rounded up to 8 bytes.
std::size_t staging_bytes(std::size_t sequences, std::size_t pairs) {
  return sequences * 12 + pairs * 8 + sizeof(KernelScoring::table) + 64;
}

// Scratch and staging of one stream.
struct Slot {
  cudaStream_t stream = nullptr;
  DeviceBuffer<std::uint32_t> members;
  DeviceBuffer<std::uint64_t> offsets;  // carry, directions, edges, ops offsets, 4 per member
  DeviceBuffer<int2> carry;
  DeviceBuffer<std::uint64_t> directions;
  DeviceBuffer<std::int32_t> edges;
  DeviceBuffer<char> ops;
  DeviceBuffer<std::uint32_t> op_counts;
  DeviceBuffer<int4> regions;
  DeviceBuffer<unsigned> block_progress;  // block class: hand-off counters
  PinnedBuffer<std::uint32_t> host_members;
  PinnedBuffer<std::uint64_t> host_offsets;
  PinnedBuffer<std::uint32_t> host_op_counts;
  PinnedBuffer<int4> host_regions;
  cudaEvent_t done = nullptr;            // recorded after the batch's last chunk
  std::vector<std::uint32_t> in_flight;  // batch pair indices of the chunk on this stream
  std::uint64_t ops_at = 0;              // where the chunk's operations land in host_ops_
};

struct ScratchNeeds {
  std::uint64_t carry = 0;       // int2 entries
  std::uint64_t directions = 0;  // 64-bit words
  std::uint64_t edges = 0;
  std::uint64_t ops = 0;
  std::uint64_t bytes() const {
    return carry * sizeof(int2) + directions * 8 + edges * 4 + ops + 5 * 8 + sizeof(int4);
  }
};

// rows: rows per thread of the chunk's bands (packed_rows_per_thread).
ScratchNeeds needs_of(std::uint32_t m, std::uint32_t n, int length_class, bool traceback,
                      int rows = kRowsPerThread) {
  const std::uint32_t rows_per_pass =
      static_cast<std::uint32_t>(kLengthClasses[length_class].group * rows);
  ScratchNeeds needs;
  // The warp class carries one row between its passes; the block class keeps one row per
  // warp of the chain, whose kMaxBlockSlots blocks a pair may get, at most one per band
  // (cuda_block_wavefront.cuh).
  if (m > rows_per_pass) {
    const std::uint32_t bands = (m + rows_per_pass - 1) / rows_per_pass;
    const int warps = kLengthClasses[length_class].warps;
    const std::uint32_t carried_rows =
        warps == 1 ? 1 : std::min<std::uint32_t>(bands, std::uint32_t{kMaxBlockSlots} * warps);
    needs.carry = std::uint64_t{n} * carried_rows;
  }
  if (traceback) {
    needs.directions = direction_words(m, n, kLengthClasses[length_class].group, rows);
    // The last row and column; a local alignment keeps 3 values per kRowsPerThread rows
    // there instead (store_local_end), never more.
    needs.edges = std::uint64_t{m} + n + 2;
    needs.ops = std::uint64_t{m} + n;
  }
  return needs;
}

// Decides which pairs the packed kernel may take: every H, E and F value of an m x n pair
// must stay inside 16 bits. H is at least the all-gaps path and at most min(m, n) times
// the best substitution. The traceback form takes the signs of differences of two such
// values (packed_trace_cell), so there they must stay inside +-14,000: no difference, nor
// one against the -30,000 floor, then passes 16 bits.
class PackedFit {
 public:
  PackedFit(const KernelScoring& scoring, bool traceback)
      : open_(scoring.gap_open), extend_(scoring.gap_extend), limit_(traceback ? 14000 : 29000) {
    lowest_substitution_ = *std::min_element(std::begin(scoring.table), std::end(scoring.table));
    highest_substitution_ = *std::max_element(std::begin(scoring.table), std::end(scoring.table));
  }
  bool operator()(std::uint32_t m, std::uint32_t n) const {
    const std::int64_t lowest_h = -(2 * open_ + (std::int64_t{m} + n) * extend_);
    const std::int64_t lowest = lowest_h + std::min<std::int64_t>(lowest_substitution_, 0) - open_;
    const std::int64_t highest =
        std::int64_t{std::min(m, n)} * std::max<std::int64_t>(highest_substitution_, 0);
    return lowest > -limit_ && highest < limit_ && extend_ < 2000 && open_ < 2000;
  }

 private:
  std::int64_t open_;
  std::int64_t extend_;
  std::int64_t limit_;
  std::int64_t lowest_substitution_;
  std::int64_t highest_substitution_;
};

// How a length class's kernels find substitution scores: matrices take the query profile
// in the classes that have one, when its bytes hold them.
Substitution substitution_form(int length_class, const KernelScoring& scoring) {
  if (scoring.uniform) return Substitution::uniform;
  return kLengthClasses[length_class].profile && profile_fits(scoring) ? Substitution::profile
                                                                       : Substitution::table;
}

class CudaAligner final : public Aligner {
 public:
  CudaAligner(int device, bool packed, std::uint64_t scratch_bytes, bool high_priority)
      : device_(device), packed_(packed), scratch_bytes_(scratch_bytes) {
    CUDA_CHECK(cudaSetDevice(device_));
    CUDA_CHECK(cudaFree(nullptr));  // create the context now, not in the first batch
    busy_time_ = &GpuBusyTime::of_current_device();
    cudaDeviceProp properties{};
    CUDA_CHECK(cudaGetDeviceProperties(&properties, device_));
    name_ = "cuda:" + std::to_string(device_) + " " + properties.name;
    block_class_limit_ =
        static_cast<std::size_t>(properties.multiProcessorCount) * kBlockClassPairsPerSM;
    // Two traceback aligners sharing a GPU whose kernels ran side by side finished
    // together, then both built their CIGAR strings while the GPU waited. With the first
    // aligner's streams ahead (high_priority), the GPU runs its blocks first and the
    // other's in what is left, so one finishes early and works on the host while the other
    // still computes. Score-only aligners, with little host work, share one priority.
    int least = 0;
    int greatest = 0;
    CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    for (auto& slot : slots_)
      CUDA_CHECK(cudaStreamCreateWithPriority(&slot.stream, cudaStreamNonBlocking,
                                              high_priority ? greatest : least));
    CUDA_CHECK(cudaEventCreateWithFlags(&pool_ready_, cudaEventDisableTiming));
    CUDA_CHECK(cudaEventCreate(&kernels_start_));
    CUDA_CHECK(cudaEventCreate(&upload_done_));
    CUDA_CHECK(cudaEventCreate(&upload_start_));
    CUDA_CHECK(cudaEventCreate(&download_start_));
    CUDA_CHECK(cudaEventCreate(&download_done_));
    for (auto& slot : slots_) CUDA_CHECK(cudaEventCreate(&slot.done));
  }
  ~CudaAligner() override {
    cudaSetDevice(device_);
    for (auto& slot : slots_) cudaStreamSynchronize(slot.stream);
    cudaEventDestroy(pool_ready_);
    cudaEventDestroy(kernels_start_);
    cudaEventDestroy(upload_done_);
    cudaEventDestroy(upload_start_);
    cudaEventDestroy(download_start_);
    cudaEventDestroy(download_done_);
    for (auto& slot : slots_) cudaEventDestroy(slot.done);
    for (auto& slot : slots_) cudaStreamDestroy(slot.stream);
  }

  void align(const PairBatch& batch, const KernelScoring& scoring, bool traceback,
             AlignedBatch& results) override;
  double compute_seconds() const override { return seconds_; }
  double kernel_seconds() const override { return kernel_seconds_; }
  double transfer_seconds() const override { return transfer_seconds_; }
  std::string name() const override { return name_; }
  int device() const override { return device_; }
  // The device copy is sized with it: no allocation waits in align() either.
  std::uint8_t* residue_buffer(std::size_t bytes) override {
    CUDA_CHECK(cudaSetDevice(device_));
    residues_.reserve(bytes);
    return packed_residues_.reserve(bytes);
  }
  void prepare(const BatchLimits& limits, bool traceback) override;

 private:
  void upload_pool(const PairBatch& batch, const KernelScoring& scoring);
  void run_chunk(Slot& slot, int length_class, const PairBatch& batch,
                 const std::vector<std::uint32_t>& members, std::size_t first, std::size_t count,
                 const KernelScoring& scoring, Substitution scores, bool traceback, bool packed);
  void finish(Slot& slot, AlignedBatch& results, bool traceback);
  void align_on_host(const PairBatch& batch, const std::vector<std::uint32_t>& pairs,
                     const KernelScoring& scoring, bool traceback, AlignedBatch& results);

  int device_;
  bool packed_;
  std::uint64_t scratch_bytes_;  // per slot; 0: from the free memory
  // Pairs whose scratch would not fit the GPU (giant pairs with traceback, mostly).
  std::unique_ptr<Aligner> host_ = make_host_aligner();
  std::size_t block_class_limit_ = 0;  // this many block-class pairs fill the GPU one warp each
  std::string name_;
  Slot slots_[kSlots];
  cudaEvent_t pool_ready_ = nullptr;
  // Kernel time starts before the batch's first launch (after its pool upload and the
  // host's layout of the first chunk, during which the GPU has nothing of this batch).
  cudaEvent_t kernels_start_ = nullptr;
  bool kernels_start_pending_ = false;
  cudaEvent_t upload_start_ = nullptr;
  cudaEvent_t upload_done_ = nullptr;
  cudaEvent_t download_start_ = nullptr;  // the scores' copy back
  cudaEvent_t download_done_ = nullptr;
  DeviceBuffer<std::uint8_t> residues_;
  DeviceBuffer<std::uint64_t> offsets_;
  DeviceBuffer<std::uint32_t> lengths_;
  DeviceBuffer<std::uint32_t> query_;
  DeviceBuffer<std::uint32_t> target_;
  DeviceBuffer<std::int32_t> scores_;
  DeviceBuffer<int> table_;
  PinnedBuffer<std::uint8_t> packed_residues_;  // residue_buffer
  PinnedBuffer<std::uint8_t> staging_;          // the pool's small arrays
  PinnedBuffer<std::int32_t> host_scores_;
  // With traceback, the batch's operations copied back, each chunk's after the last one's
  // (batch_ops_ bytes so far). One buffer for the batch, sized before the dispatch
  // (prepare): slots that grew their own on first use spent 4.4-8 ms faulting in and
  // locking 4-12 MB each while their chunks' copies back waited (docs/PERFORMANCE.md).
  PinnedBuffer<char> host_ops_;
  std::uint64_t batch_ops_ = 0;
  std::vector<std::uint32_t> by_class_[kLengthClassCount][2];  // align(): pairs per class and form
  GpuBusyTime* busy_time_ = nullptr;
  double seconds_ = 0;
  double kernel_seconds_ = 0;  // this aligner's share of the GPU's busy time
  double transfer_seconds_ = 0;
};

// Sizes every per-pair array as a batch of limits.pairs pairs (with up to two sequences
// each) in one chunk would, the operations copied back as limits.operations, and the rows
// carried between passes as such a chunk of the warp or packed form needs (one row as long
// as its target per pair, or per two pairs) where the job's longest query takes more than
// one pass. Each slot's first chunk otherwise allocated them: on 100,000 DNA pairs of 1 kb
// each aligner's first launch came 0.37-0.68 ms after its layout began, 0.05-0.18 ms with
// them sized here; and a larger chunk later freed and allocated them again, and freeing
// waits for every kernel on the GPU. The direction bits of traceback, sized by
// the cells of each chunk, and the block class's rows still grow on demand.
void CudaAligner::prepare(const BatchLimits& limits, bool traceback) {
  residue_buffer(limits.residues);
  if (traceback) host_ops_.grow(limits.operations);
  const auto one_pass = static_cast<std::uint32_t>(
      kLengthClasses[length_class_of(limits.longest_query)].group * kRowsPerThread);
  const bool passes = limits.longest_query > one_pass;
  const std::size_t pairs = limits.pairs;
  const std::size_t sequences = 2 * pairs;
  staging_.reserve(staging_bytes(sequences, pairs));
  offsets_.reserve(sequences);
  lengths_.reserve(sequences);
  query_.reserve(pairs);
  target_.reserve(pairs);
  table_.reserve(kAlphabetSlots * kAlphabetSlots);
  scores_.reserve(pairs);
  host_scores_.reserve(pairs);
  for (Slot& slot : slots_) {
    if (passes) slot.carry.reserve(limits.target_residues);
    slot.members.reserve(pairs);
    slot.offsets.reserve(4 * pairs);
    slot.host_members.reserve(pairs);
    slot.host_offsets.reserve(4 * pairs);
    if (!traceback) continue;
    slot.op_counts.reserve(pairs);
    slot.regions.reserve(pairs);
    slot.host_op_counts.reserve(pairs);
    slot.host_regions.reserve(pairs);
  }
}

template <typename T>
void stage_and_copy(DeviceBuffer<T>& device, const std::vector<T>& host, std::uint8_t* staging,
                    cudaStream_t stream) {
  T* dst = device.reserve(host.size());
  std::memcpy(staging, host.data(), host.size() * sizeof(T));
  CUDA_CHECK(
      cudaMemcpyAsync(dst, staging, host.size() * sizeof(T), cudaMemcpyHostToDevice, stream));
}

// The residues go straight from the caller's buffer: a DMA when it is residue_buffer's
// pinned memory (any other memory works too, through the driver's own staging). A batch
// over the sequences the GPU holds has none to copy.
void CudaAligner::upload_pool(const PairBatch& batch, const KernelScoring& scoring) {
  cudaStream_t stream = slots_[0].stream;
  CUDA_CHECK(cudaEventRecord(upload_start_, stream));
  if (!batch.device_residues) {
    const std::size_t residues = batch.pool_size();
    CUDA_CHECK(cudaMemcpyAsync(residues_.reserve(residues), batch.residues, residues,
                               cudaMemcpyHostToDevice, stream));
  }
  std::uint8_t* staging = staging_.reserve(staging_bytes(batch.offsets.size(), batch.query.size()));
  std::size_t at = 0;
  auto put = [&](auto& device, const auto& host) {
    stage_and_copy(device, host, staging + at, stream);
    at += (host.size() * sizeof(host[0]) + 7) / 8 * 8;
  };
  put(offsets_, batch.offsets);
  put(lengths_, batch.lengths);
  put(query_, batch.query);
  put(target_, batch.target);
  int* table = table_.reserve(kAlphabetSlots * kAlphabetSlots);
  std::memcpy(staging + at, scoring.table, sizeof scoring.table);
  CUDA_CHECK(
      cudaMemcpyAsync(table, staging + at, sizeof scoring.table, cudaMemcpyHostToDevice, stream));
  scores_.reserve(batch.size());
  CUDA_CHECK(cudaEventRecord(pool_ready_, stream));
  for (int s = 1; s < kSlots; ++s)
    CUDA_CHECK(cudaStreamWaitEvent(slots_[s].stream, pool_ready_, 0));
}

void CudaAligner::run_chunk(Slot& slot, int length_class, const PairBatch& batch,
                            const std::vector<std::uint32_t>& members, std::size_t first,
                            std::size_t count, const KernelScoring& scoring, Substitution scores,
                            bool traceback, bool packed) {
  std::uint32_t* host_members = slot.host_members.reserve(count);
  std::uint64_t* host_offsets = slot.host_offsets.reserve(4 * count);
  ScratchNeeds total;
  slot.in_flight.assign(members.begin() + static_cast<std::ptrdiff_t>(first),
                        members.begin() + static_cast<std::ptrdiff_t>(first + count));
  // Sets the packed kernel's band height and the block class's blocks per pair.
  std::uint32_t chunk_longest_query = 0;
  for (const std::uint32_t p : slot.in_flight)
    chunk_longest_query = std::max(chunk_longest_query, batch.query_length(p));
  const int packed_rows =
      packed ? packed_rows_per_thread(length_class, chunk_longest_query, traceback, scores) : 0;
  std::copy(slot.in_flight.begin(), slot.in_flight.end(), host_members);
  // Each pair's place in the scratch arrays: direction bits, edges and operations with
  // traceback, carried rows on the 32-bit kernels (the packed kernel's groups follow). A
  // score-only packed chunk has none. Needs are kept for the last lengths seen (pairs come
  // sorted by them).
  if (traceback || !packed) {
    std::uint64_t needs_key = ~std::uint64_t{0};
    ScratchNeeds needs;
    for (std::size_t k = 0; k < count; ++k) {
      const std::uint32_t p = slot.in_flight[k];
      const std::uint64_t key = std::uint64_t{batch.query_length(p)} << 32 | batch.target_length(p);
      if (key != needs_key) {
        needs_key = key;
        needs = needs_of(batch.query_length(p), batch.target_length(p), length_class, traceback,
                         packed ? packed_rows : kRowsPerThread);
      }
      host_offsets[count + k] = total.directions;
      host_offsets[2 * count + k] = total.edges;
      host_offsets[3 * count + k] = total.ops;
      total.directions += needs.directions;
      total.edges += needs.edges;
      total.ops += needs.ops;
      if (!packed) {
        host_offsets[k] = total.carry;
        total.carry += needs.carry;
      }
    }
  }
  // The packed kernel carries rows per group of two pairs, as long as the longer of them,
  // with row bands as tall as the chunk's longest query makes best.
  if (packed) {
    const auto rows_per_pass =
        static_cast<std::uint32_t>(kLengthClasses[length_class].group * packed_rows);
    for (std::size_t g = 0; 2 * g < count; ++g) {
      std::uint32_t longest_query = 0;
      std::uint32_t longest_target = 0;
      for (std::size_t k = 2 * g; k < std::min(count, 2 * g + 2); ++k) {
        longest_query = std::max(longest_query, batch.query_length(slot.in_flight[k]));
        longest_target = std::max(longest_target, batch.target_length(slot.in_flight[k]));
      }
      host_offsets[g] = total.carry;
      if (longest_query > rows_per_pass) total.carry += longest_target;
    }
  }
  slot.ops_at = batch_ops_;
  batch_ops_ += total.ops;
  std::uint32_t* members_d = slot.members.reserve(count);
  std::uint64_t* offsets_d = slot.offsets.reserve(4 * count);
  CUDA_CHECK(
      cudaMemcpyAsync(members_d, host_members, count * 4, cudaMemcpyHostToDevice, slot.stream));
  // Score-only kernels read the carried rows' offsets alone.
  const std::size_t offset_arrays = traceback ? 4 : 1;
  CUDA_CHECK(cudaMemcpyAsync(offsets_d, host_offsets, count * 8 * offset_arrays,
                             cudaMemcpyHostToDevice, slot.stream));

  DevicePairs pairs{};
  pairs.residues = batch.device_residues ? batch.device_residues : residues_.data();
  pairs.offsets = offsets_.data();
  pairs.lengths = lengths_.data();
  pairs.query = query_.data();
  pairs.target = target_.data();
  pairs.members = members_d;
  pairs.count = static_cast<std::uint32_t>(count);
  pairs.scores = scores_.data();
  pairs.carry = slot.carry.reserve(total.carry);
  pairs.carry_offset = offsets_d;
  pairs.longest_query = chunk_longest_query;
  if (length_class == kBlockClass)
    pairs.block_progress = slot.block_progress.reserve(count * kBlockProgressPerPair);
  DeviceScoring device_scoring{scoring.gap_open, scoring.gap_extend, scoring.match,
                               scoring.mismatch, scoring.free_ends,  scoring.local,
                               scoring.letters};
  if (kernels_start_pending_) {  // the batch's first launch follows on this stream
    CUDA_CHECK(cudaEventRecord(kernels_start_, slot.stream));
    kernels_start_pending_ = false;
  }
  if (traceback) {
    pairs.directions = slot.directions.reserve(total.directions);
    pairs.direction_offset = offsets_d + count;
    pairs.edges = slot.edges.reserve(total.edges);
    pairs.edge_offset = offsets_d + 2 * count;
    pairs.ops = slot.ops.reserve(total.ops);
    pairs.ops_offset = offsets_d + 3 * count;
    pairs.op_counts = slot.op_counts.reserve(count);
    pairs.regions = slot.regions.reserve(count);
    launch_traceback(length_class, scores, packed_rows, pairs, device_scoring, table_.data(),
                     slot.stream);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpyAsync(slot.host_op_counts.reserve(count), pairs.op_counts, count * 4,
                               cudaMemcpyDeviceToHost, slot.stream));
    CUDA_CHECK(cudaMemcpyAsync(host_ops_.data() + slot.ops_at, pairs.ops, total.ops,
                               cudaMemcpyDeviceToHost, slot.stream));
    CUDA_CHECK(cudaMemcpyAsync(slot.host_regions.reserve(count), pairs.regions,
                               count * sizeof(int4), cudaMemcpyDeviceToHost, slot.stream));
  } else if (packed) {
    launch_packed_score(length_class, scores, packed_rows, pairs, device_scoring, table_.data(),
                        slot.stream);
    CUDA_CHECK(cudaGetLastError());
  } else {
    launch_score(length_class, scores, pairs, device_scoring, table_.data(), slot.stream);
    CUDA_CHECK(cudaGetLastError());
  }
}

// The pairs too large for the GPU's scratch, on the host backend: rare giant pairs, whose
// traceback goes banded from checkpoints there rather than failing. Sequences the GPU
// holds come back to the host for them, each pair's two as slots of a pool of their own.
void CudaAligner::align_on_host(const PairBatch& batch, const std::vector<std::uint32_t>& pairs,
                                const KernelScoring& scoring, bool traceback,
                                AlignedBatch& results) {
  if (pairs.empty()) return;
  PairBatch some;
  std::vector<std::uint8_t> fetched;
  if (batch.device_residues) {
    for (const std::uint32_t p : pairs) {
      for (const std::uint32_t slot : {batch.query[p], batch.target[p]}) {
        const std::uint64_t at = fetched.size();
        fetched.resize(at + batch.lengths[slot]);
        CUDA_CHECK(cudaMemcpy(fetched.data() + at, batch.device_residues + batch.offsets[slot],
                              batch.lengths[slot], cudaMemcpyDeviceToHost));
        some.offsets.push_back(at);
        some.lengths.push_back(batch.lengths[slot]);
      }
      some.query.push_back(static_cast<std::uint32_t>(some.lengths.size() - 2));
      some.target.push_back(static_cast<std::uint32_t>(some.lengths.size() - 1));
    }
    some.residues = fetched.data();
  } else {
    some.residues = batch.residues;
    some.offsets = batch.offsets;
    some.lengths = batch.lengths;
    for (const std::uint32_t p : pairs) {
      some.query.push_back(batch.query[p]);
      some.target.push_back(batch.target[p]);
    }
  }
  AlignedBatch some_results;
  host_->align(some, scoring, traceback, some_results);
  for (std::size_t k = 0; k < pairs.size(); ++k) results.set(pairs[k], some_results.result(k));
}

// Waits for the slot's chunk and turns its operations into CIGAR strings.
void CudaAligner::finish(Slot& slot, AlignedBatch& results, bool traceback) {
  CUDA_CHECK(cudaStreamSynchronize(slot.stream));
  if (traceback) {
    cigars_from_reversed_ops(
        host_ops_.data() + slot.ops_at, slot.host_offsets.data() + 3 * slot.in_flight.size(),
        slot.host_op_counts.data(), slot.in_flight.data(), slot.in_flight.size(), results.cigars);
    for (std::size_t k = 0; k < slot.in_flight.size(); ++k) {
      const int4 r = slot.host_regions.data()[k];
      results.set_region(slot.in_flight[k], static_cast<std::uint32_t>(r.x),
                         static_cast<std::uint32_t>(r.y), static_cast<std::uint32_t>(r.z),
                         static_cast<std::uint32_t>(r.w));
    }
  }
  slot.in_flight.clear();
}

void CudaAligner::align(const PairBatch& batch, const KernelScoring& scoring, bool traceback,
                        AlignedBatch& results) {
  const auto start = std::chrono::steady_clock::now();
  results.reset(batch.size(), traceback);
  if (batch.size() == 0) return;
  CUDA_CHECK(cudaSetDevice(device_));
  upload_pool(batch, scoring);
  CUDA_CHECK(cudaEventRecord(upload_done_, slots_[0].stream));
  kernels_start_pending_ = true;

  // Per length class: pairs for the packed 16-bit kernel, then the others. Pairs come
  // sorted by lengths, so a pair's class and form are worked out again only where its
  // lengths differ from the last pair's (the arrays are kept from batch to batch: fresh
  // ones cost a page fault per 4 KB, and both passes took 20 ns a pair).
  for (auto& forms : by_class_)
    for (auto& members : forms) members.clear();
  const PackedFit fits(scoring, traceback);
  std::size_t block_pairs = 0;
  for (std::uint32_t p = 0; p < batch.size(); ++p)
    block_pairs += length_class_of(batch.query_length(p)) == kBlockClass;
  const bool block_class = block_pairs < block_class_limit_;
  std::uint64_t last_lengths = ~std::uint64_t{0};
  std::vector<std::uint32_t>* members = nullptr;
  std::uint64_t batch_residues = 0;  // a bound on the batch's operations (needs_of)
  for (std::uint32_t p = 0; p < batch.size(); ++p) {
    const std::uint32_t m = batch.query_length(p);
    const std::uint32_t n = batch.target_length(p);
    batch_residues += std::uint64_t{m} + n;
    const std::uint64_t lengths = std::uint64_t{m} << 32 | n;
    if (lengths != last_lengths) {
      last_lengths = lengths;
      int c = length_class_of(m);
      if (c == kBlockClass && !block_class) c = kWarpClass;
      const bool packed = packed_ && !scoring.local && kLengthClasses[c].packed && fits(m, n);
      members = &by_class_[c][packed ? 0 : 1];
    }
    members->push_back(p);
  }

  // Every chunk of the last batch is finished: its operations are no longer needed.
  if (traceback) host_ops_.reserve(batch_residues);
  batch_ops_ = 0;

  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const std::uint64_t budget =
      scratch_bytes_ > 0 ? scratch_bytes_ : free_bytes / (kSlots + 1);  // per slot, headroom
  std::vector<std::uint32_t> on_host;
  int next_slot = 0;
  for (int c = 0; c < kLengthClassCount; ++c) {
    const Substitution scores = substitution_form(c, scoring);
    for (int form = 0; form < 2; ++form) {
      const bool packed = form == 0;
      const auto& members = by_class_[c][form];
      std::size_t first = 0;
      // Packed chunks hold pairs of one band height (queries arrive sorted by length). Both
      // answers are kept for the last lengths asked: a batch's pairs come sorted by them, so
      // the band height's 64-bit divisions no longer run once per pair.
      std::uint32_t rows_length = 0;
      int rows_answer = packed ? packed_rows_per_thread(c, 0, traceback, scores) : kRowsPerThread;
      auto rows_of = [&](std::uint32_t p) {
        const std::uint32_t m = batch.query_length(p);
        if (packed && m != rows_length) {
          rows_length = m;
          rows_answer = packed_rows_per_thread(c, m, traceback, scores);
        }
        return rows_answer;
      };
      // Packed pairs count twice their own needs: a bound for the pair they share with.
      std::uint64_t bytes_key = ~std::uint64_t{0};
      int bytes_rows = 0;
      std::uint64_t bytes_answer = 0;
      auto bytes_of = [&](std::uint32_t p, int rows) {
        const std::uint64_t key =
            std::uint64_t{batch.query_length(p)} << 32 | batch.target_length(p);
        if (key != bytes_key || rows != bytes_rows) {
          bytes_key = key;
          bytes_rows = rows;
          bytes_answer =
              needs_of(batch.query_length(p), batch.target_length(p), c, traceback, rows).bytes() *
              (packed ? 2 : 1);
        }
        return bytes_answer;
      };
      while (first < members.size()) {
        const std::uint32_t p = members[first];
        const int rows = rows_of(p);
        if (bytes_of(p, rows) > budget) {
          on_host.push_back(p);
          ++first;
          continue;
        }
        std::uint64_t bytes = 0;
        std::size_t count = 0;
        while (first + count < members.size() && count < kMaxChunkPairs) {
          const std::uint32_t p = members[first + count];
          if (count > 0 && rows_of(p) != rows) break;
          const std::uint64_t more = bytes_of(p, rows);
          if (count > 0 && bytes + more > budget) break;
          bytes += more;
          ++count;
        }
        // An odd chunk cut by its budget leaves its last pair to the next chunk rather than
        // half a group idle; one cut by a new band height keeps it (alone, the next chunk's
        // first pair would make a launch of its own).
        if (packed && count > 1 && count % 2 == 1 && first + count < members.size() &&
            rows_of(members[first + count]) == rows)
          --count;
        Slot& slot = slots_[next_slot];
        finish(slot, results, traceback);
        run_chunk(slot, c, batch, members, first, count, scoring, scores, traceback, packed);
        next_slot = (next_slot + 1) % kSlots;
        first += count;
      }
    }
  }
  if (kernels_start_pending_) {  // every pair went to the host
    CUDA_CHECK(cudaEventRecord(kernels_start_, slots_[0].stream));
    kernels_start_pending_ = false;
  }
  for (auto& slot : slots_) CUDA_CHECK(cudaEventRecord(slot.done, slot.stream));
  for (auto& slot : slots_) finish(slot, results, traceback);
  cudaEvent_t last_done = slots_[0].done;
  for (auto& slot : slots_) {
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, last_done, slot.done));
    if (ms > 0) last_done = slot.done;
  }
  kernel_seconds_ += busy_time_->add(kernels_start_, last_done);
  std::int32_t* host_scores = host_scores_.reserve(batch.size());
  cudaStream_t stream = slots_[0].stream;
  CUDA_CHECK(cudaEventRecord(download_start_, stream));
  CUDA_CHECK(cudaMemcpyAsync(host_scores, scores_.data(), batch.size() * 4, cudaMemcpyDeviceToHost,
                             stream));
  CUDA_CHECK(cudaEventRecord(download_done_, stream));
  CUDA_CHECK(cudaEventSynchronize(download_done_));
  float upload_ms = 0;
  float download_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&upload_ms, upload_start_, upload_done_));
  CUDA_CHECK(cudaEventElapsedTime(&download_ms, download_start_, download_done_));
  transfer_seconds_ += 1e-3 * (static_cast<double>(upload_ms) + download_ms);
  std::copy_n(host_scores, batch.size(), results.scores.data());
  align_on_host(batch, on_host, scoring, traceback, results);
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace
}  // namespace cuda

int cuda_device_count() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky "no device" error
    return 0;
  }
  return count;
}

std::unique_ptr<Aligner> make_cuda_aligner(int device, bool packed_scores,
                                           std::uint64_t scratch_bytes, bool high_priority) {
  return std::make_unique<cuda::CudaAligner>(device, packed_scores, scratch_bytes, high_priority);
}

}  // namespace wg::kernels::align
