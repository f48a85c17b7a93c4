#include "align/batch_source.hpp"

#include <omp.h>
#include <parallel/algorithm>

#include <algorithm>
#include <cstring>

#include "error.hpp"

namespace wg::align {
namespace {

// Keeps single messages well under MPI's 2 GiB limit.
constexpr std::uint64_t kMaxBatchResidues = std::uint64_t{256} << 20;
// Batches with more residues than this are filled on several threads.
constexpr std::uint64_t kParallelFillResidues = std::uint64_t{8} << 20;
constexpr int kMaxFillThreads = 8;

// Sort keys: query length (it picks the GPU kernel class), target length, place in the
// window. Lengths beyond the field share its largest value; that only coarsens the order
// of such pairs, never their results.
constexpr int kLengthBits = (64 - BatchSource::kWindowBits) / 2;
constexpr std::uint64_t kLengthMax = (std::uint64_t{1} << kLengthBits) - 1;
constexpr std::uint64_t kPlaceMask = (std::uint64_t{1} << BatchSource::kWindowBits) - 1;

std::uint64_t sort_key(std::size_t query_length, std::size_t target_length, std::size_t place) {
  const std::uint64_t q = std::min<std::uint64_t>(query_length, kLengthMax);
  const std::uint64_t t = std::min<std::uint64_t>(target_length, kLengthMax);
  return (q << (kLengthBits + BatchSource::kWindowBits)) | (t << BatchSource::kWindowBits) | place;
}

std::vector<std::uint32_t> lengths_of(const std::vector<Sequence>& sequences) {
  std::vector<std::uint32_t> lengths(sequences.size());
  for (std::size_t i = 0; i < sequences.size(); ++i)
    lengths[i] = static_cast<std::uint32_t>(sequences[i].codes.size());
  return lengths;
}

}  // namespace

BatchSource::BatchSource(const std::vector<Sequence>& queries,
                         const std::vector<Sequence>& targets, const PairPlan& plan,
                         std::uint64_t first_pair, std::size_t window_pairs, int in_flight)
    : queries_(queries),
      targets_(targets),
      plan_(plan),
      window_pairs_(window_pairs),
      in_flight_(std::max(in_flight, 1)),
      next_window_pair_(first_pair) {
  WG_REQUIRE(window_pairs > 0 && window_pairs <= (std::size_t{1} << kWindowBits),
             "internal error: window of {} pairs", window_pairs);
  remaining_cells_ = plan.cells_from(first_pair, lengths_of(queries),
                                     &queries == &targets ? lengths_of(queries) : lengths_of(targets));
  const std::size_t sequences = queries.size() + (&queries == &targets ? 0 : targets.size());
  stamp_.assign(sequences, 0);
  slot_.assign(sequences, 0);
  start_next_window();
}

BatchSource::~BatchSource() {
  if (upcoming_.valid()) upcoming_.wait();
}

BatchSource::Window BatchSource::read_window(std::uint64_t first_pair) const {
  Window window;
  window.first_pair = first_pair;
  const std::uint64_t end = std::min<std::uint64_t>(plan_.size(), first_pair + window_pairs_);
  if (first_pair >= end) return window;
  const std::size_t count = static_cast<std::size_t>(end - first_pair);
  window.pairs.resize(count);
  window.keys.resize(count);
  PairRef pair = plan_.at(first_pair);
  for (std::size_t place = 0; place < count; ++place) {
    window.pairs[place] = pair;
    window.keys[place] = sort_key(queries_[pair.query].codes.size(),
                                  targets_[pair.target].codes.size(), place);
    plan_.advance(pair);
  }
  // Keys are unique (they end in the place), so the parallel sort's order is the only one.
  __gnu_parallel::sort(window.keys.begin(), window.keys.end());
  return window;
}

void BatchSource::start_next_window() {
  const std::uint64_t first = next_window_pair_;
  next_window_pair_ = std::min<std::uint64_t>(plan_.size(), first + window_pairs_);
  upcoming_ = std::async(std::launch::async, [this, first] { return read_window(first); });
}

std::uint32_t BatchSource::slot_of(BatchCut& cut, std::size_t sequence_key,
                                   const Sequence& sequence) {
  if (stamp_[sequence_key] == generation_) return slot_[sequence_key];
  WorkBatch& batch = cut.batch;
  const auto slot = static_cast<std::uint32_t>(batch.lengths.size());
  batch.offsets.push_back(cut.residues);
  batch.lengths.push_back(static_cast<std::uint32_t>(sequence.codes.size()));
  cut.sequences.push_back(&sequence.codes);
  cut.residues += sequence.codes.size();
  stamp_[sequence_key] = generation_;
  slot_[sequence_key] = slot;
  return slot;
}

WorkBatch BatchSource::fill(BatchCut&& cut) {
  WorkBatch batch = std::move(cut.batch);
  batch.residues.resize(static_cast<std::size_t>(cut.residues));
  const auto slots = static_cast<std::int64_t>(cut.sequences.size());
  const int threads = cut.residues > kParallelFillResidues ? kMaxFillThreads : 1;
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
  for (std::int64_t s = 0; s < slots; ++s) {
    const auto& codes = *cut.sequences[static_cast<std::size_t>(s)];
    std::memcpy(batch.residues.data() + batch.offsets[static_cast<std::size_t>(s)], codes.data(),
                codes.size());
  }
  return batch;
}

std::optional<BatchCut> BatchSource::next(std::uint64_t capacity_cells,
                                           std::uint64_t floor_cells) {
  if (window_position_ == window_.keys.size()) {
    if (!upcoming_.valid()) return std::nullopt;
    window_ = upcoming_.get();
    window_position_ = 0;
    if (window_.keys.empty()) {
      upcoming_ = {};
      return std::nullopt;
    }
    start_next_window();
  }
  const std::uint64_t share = remaining_cells_ / (2 * static_cast<std::uint64_t>(in_flight_));
  const std::uint64_t budget = std::min(capacity_cells, std::max(floor_cells, share));

  if (++generation_ == 0) {  // stamps wrapped around: forget them all
    std::fill(stamp_.begin(), stamp_.end(), 0);
    generation_ = 1;
  }
  const bool shared_pool = &queries_ == &targets_;
  const std::size_t target_base = shared_pool ? 0 : queries_.size();
  BatchCut cut;
  WorkBatch& batch = cut.batch;
  batch.id = next_batch_id_++;
  std::uint64_t cells = 0;
  for (; window_position_ < window_.keys.size(); ++window_position_) {
    const std::size_t place = window_.keys[window_position_] & kPlaceMask;
    const PairRef pair = window_.pairs[place];
    const Sequence& query = queries_[pair.query];
    const Sequence& target = targets_[pair.target];
    const std::uint64_t pair_cells = std::uint64_t{query.codes.size()} * target.codes.size();
    if (!batch.pair_ids.empty() &&
        (cells + pair_cells > budget || cut.residues > kMaxBatchResidues))
      break;
    cells += pair_cells;
    batch.pair_ids.push_back(window_.first_pair + place);
    batch.query.push_back(slot_of(cut, pair.query, query));
    batch.target.push_back(slot_of(cut, target_base + pair.target, target));
  }
  remaining_cells_ -= std::min(remaining_cells_, cells);
  return cut;
}

}  // namespace wg::align
