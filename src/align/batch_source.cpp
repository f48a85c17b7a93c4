#include "src/align/batch_source.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "src/common/error.hpp"

namespace wg::align {
namespace {

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

// The lengths a key holds; kLengthMax where the length may be longer.
std::uint32_t key_query_length(std::uint64_t key) {
  return static_cast<std::uint32_t>(key >> (kLengthBits + BatchSource::kWindowBits));
}
std::uint32_t key_target_length(std::uint64_t key) {
  return static_cast<std::uint32_t>((key >> BatchSource::kWindowBits) & kLengthMax);
}

// Sorts keys made in increasing place order. Places already ascend, so a stable sort on
// the length fields alone gives the full order: a least-significant-digit counting sort
// over digits of kDigitBits, skipping digits every key shares (lengths under 2,048 need
// one pass per field). Two passes over a window of 1 kb pairs: a comparison sort of 100,000
// keys took 5 ms, which the first batch of every job waited for.
void sort_window_keys(std::vector<std::uint64_t>& keys) {
  constexpr int kDigitBits = 11;
  constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;
  constexpr int kDigits = (64 - BatchSource::kWindowBits + kDigitBits - 1) / kDigitBits;
  const auto digit = [](std::uint64_t key, int d) {
    return static_cast<std::size_t>((key >> (BatchSource::kWindowBits + d * kDigitBits)) &
                                    (kBuckets - 1));
  };
  std::vector<std::array<std::size_t, kBuckets>> counts(kDigits);
  for (auto& count : counts) count.fill(0);
  for (const std::uint64_t key : keys)
    for (int d = 0; d < kDigits; ++d) ++counts[d][digit(key, d)];
  std::vector<std::uint64_t> sorted(keys.size());
  for (int d = 0; d < kDigits; ++d) {
    auto& count = counts[d];
    if (keys.empty() || count[digit(keys.front(), d)] == keys.size()) continue;  // one value
    std::size_t at = 0;
    for (std::size_t& c : count) at += std::exchange(c, at);
    for (const std::uint64_t key : keys) sorted[count[digit(key, d)]++] = key;
    keys.swap(sorted);
  }
}

}  // namespace

BatchSource::BatchSource(const std::vector<std::uint32_t>& query_lengths,
                         const std::vector<std::uint32_t>& target_lengths, const PairPlan& plan,
                         std::uint64_t first_pair, std::vector<std::uint64_t> done,
                         std::size_t window_pairs, int in_flight)
    : query_lengths_(query_lengths),
      target_lengths_(target_lengths),
      plan_(plan),
      done_(std::move(done)),
      window_pairs_(window_pairs),
      in_flight_(std::max(in_flight, 1)),
      next_window_pair_(first_pair),
      sequences_used_once_(plan.mode() == PairMode::pairs && &query_lengths != &target_lengths) {
  WG_REQUIRE(window_pairs > 0 && window_pairs <= (std::size_t{1} << kWindowBits),
             "internal error: window of {} pairs", window_pairs);
  remaining_cells_ = plan.cells_from(first_pair, query_lengths, target_lengths);
  const std::size_t sequences =
      query_lengths.size() + (&query_lengths == &target_lengths ? 0 : target_lengths.size());
  if (!sequences_used_once_) slots_.assign(sequences, SlotStamp{});
  for (std::uint64_t k = 0; k < windows_ahead(window_pairs); ++k) start_next_window();
}

BatchSource::~BatchSource() {
  for (std::future<Window>& window : upcoming_) window.wait();
}

BatchSource::Window BatchSource::read_window(std::uint64_t first_pair) const {
  Window window;
  window.first_pair = first_pair;
  const std::uint64_t end = std::min<std::uint64_t>(plan_.size(), first_pair + window_pairs_);
  const std::size_t count = static_cast<std::size_t>(end - first_pair);
  window.pairs.resize(count);
  window.keys.reserve(count);
  auto done = std::lower_bound(done_.begin(), done_.end(), first_pair);
  PairRef pair = plan_.at(first_pair);
  for (std::size_t place = 0; place < count; ++place, plan_.advance(pair)) {
    window.pairs[place] = pair;
    const std::uint32_t query_length = query_lengths_[pair.query];
    const std::uint32_t target_length = target_lengths_[pair.target];
    if (done != done_.end() && *done == first_pair + place) {
      window.done_cells += std::uint64_t{query_length} * target_length;
      ++done;
      continue;
    }
    window.keys.push_back(sort_key(query_length, target_length, place));
  }
  sort_window_keys(window.keys);
  if (sequences_used_once_) lay_out(window);
  return window;
}

// Cutting a batch pair by pair (its pair, its lengths, two new slots each) ran at 25-60 ns a
// pair on the one thread that feeds every aligner, slower than a GPU aligns 300-aa
// proteins; the window's reader, one of several in the background, now does that work,
// and a batch is a run of these arrays.
void BatchSource::lay_out(Window& window) const {
  const std::size_t count = window.keys.size();
  const auto target_base = static_cast<std::uint32_t>(query_lengths_.size());
  window.sequences.resize(2 * count);
  window.lengths.resize(2 * count);
  window.cells_before.resize(count + 1);
  window.residues_before.resize(count + 1);
  std::uint64_t cells = 0;
  std::uint64_t residues = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t place = window.keys[k] & kPlaceMask;
    const PairRef pair = window.pairs[place];
    const std::uint32_t query_length = query_lengths_[pair.query];
    const std::uint32_t target_length = target_lengths_[pair.target];
    window.cells_before[k] = cells;
    window.residues_before[k] = residues;
    window.sequences[2 * k] = pair.query;
    window.sequences[2 * k + 1] = target_base + pair.target;
    window.lengths[2 * k] = query_length;
    window.lengths[2 * k + 1] = target_length;
    cells += std::uint64_t{query_length} * target_length;
    residues += std::uint64_t{query_length} + target_length;
  }
  window.cells_before[count] = cells;
  window.residues_before[count] = residues;
}

// The pairs from window_position_ on that next()'s pair-by-pair loop would take: each
// after the first while the batch's cells stay within the budget and its pool before it
// is at most kMaxBatchResidues.
comm::align::WorkBatch BatchSource::cut_laid_out(std::uint64_t budget) {
  const Window& w = window_;
  const std::size_t from = window_position_;
  const auto cells_end = std::upper_bound(w.cells_before.begin() + from + 1, w.cells_before.end(),
                                          w.cells_before[from] + budget);
  const auto pool_end =
      std::upper_bound(w.residues_before.begin() + from + 1, w.residues_before.end(),
                       w.residues_before[from] + kMaxBatchResidues);
  const auto by_cells = static_cast<std::size_t>(cells_end - w.cells_before.begin()) - 1 - from;
  const auto by_pool = static_cast<std::size_t>(pool_end - w.residues_before.begin()) - from;
  const std::size_t count =
      std::min({std::max<std::size_t>(by_cells, 1), by_pool, w.keys.size() - from});
  comm::align::WorkBatch batch;
  batch.id = next_batch_id_++;
  batch.sequences.assign(w.sequences.begin() + static_cast<std::ptrdiff_t>(2 * from),
                         w.sequences.begin() + static_cast<std::ptrdiff_t>(2 * (from + count)));
  batch.lengths.assign(w.lengths.begin() + static_cast<std::ptrdiff_t>(2 * from),
                       w.lengths.begin() + static_cast<std::ptrdiff_t>(2 * (from + count)));
  batch.pair_ids.resize(count);
  batch.query.resize(count);
  batch.target.resize(count);
  for (std::size_t k = 0; k < count; ++k) {
    batch.pair_ids[k] = w.first_pair + (w.keys[from + k] & kPlaceMask);
    batch.query[k] = static_cast<std::uint32_t>(2 * k);
    batch.target[k] = static_cast<std::uint32_t>(2 * k + 1);
  }
  batch.place_slots_back_to_back();
  window_position_ += count;
  remaining_cells_ -=
      std::min(remaining_cells_, w.cells_before[from + count] - w.cells_before[from]);
  return batch;
}

void BatchSource::start_next_window() {
  const std::uint64_t first = next_window_pair_;
  if (first >= plan_.size()) return;
  next_window_pair_ = std::min<std::uint64_t>(plan_.size(), first + window_pairs_);
  upcoming_.push_back(std::async(std::launch::async, [this, first] { return read_window(first); }));
}

std::uint32_t BatchSource::slot_of(comm::align::WorkBatch& batch, std::uint32_t sequence_key,
                                   std::uint32_t length) {
  SlotStamp& known = slots_[sequence_key];
  if (known.stamp == generation_) return known.slot;
  const std::uint32_t slot = add_sequence(batch, sequence_key, length);
  known = {generation_, slot};
  return slot;
}

std::uint32_t BatchSource::add_sequence(comm::align::WorkBatch& batch, std::uint32_t sequence_key,
                                        std::uint32_t length) {
  const auto slot = static_cast<std::uint32_t>(batch.lengths.size());
  batch.offsets.push_back(batch.pool_size());
  batch.sequences.push_back(sequence_key);
  batch.lengths.push_back(length);
  return slot;
}

std::optional<comm::align::WorkBatch> BatchSource::next(std::uint64_t capacity_cells,
                                                        std::uint64_t floor_cells) {
  // Windows whose pairs are all done have nothing to hand out.
  while (window_position_ == window_.keys.size()) {
    if (upcoming_.empty()) return std::nullopt;
    window_ = upcoming_.front().get();
    upcoming_.pop_front();
    window_position_ = 0;
    remaining_cells_ -= std::min(remaining_cells_, window_.done_cells);
    start_next_window();
  }
  const std::uint64_t share = remaining_cells_ / (2 * static_cast<std::uint64_t>(in_flight_));
  const std::uint64_t budget = std::min(capacity_cells, std::max(floor_cells, share));
  if (sequences_used_once_) return cut_laid_out(budget);

  if (++generation_ == 0) {  // stamps wrapped around: forget them all
    std::fill(slots_.begin(), slots_.end(), SlotStamp{});
    generation_ = 1;
  }
  const bool shared_pool = &query_lengths_ == &target_lengths_;
  const auto target_base = static_cast<std::uint32_t>(shared_pool ? 0 : query_lengths_.size());
  comm::align::WorkBatch batch;
  batch.id = next_batch_id_++;
  // Room for the rest of the window: growing the vectors pair by pair copied them at every
  // doubling, and memory reserved but never touched costs nothing.
  const std::size_t most = window_.keys.size() - window_position_;
  batch.pair_ids.reserve(most);
  batch.query.reserve(most);
  batch.target.reserve(most);
  batch.sequences.reserve(2 * most);
  batch.offsets.reserve(2 * most);
  batch.lengths.reserve(2 * most);
  // The pairs lie all over the window and their sequences' stamps all over the input, so
  // both are fetched ahead: a pair kPrefetchPairs keys ahead, its slots half as far. The
  // lengths come from the sort key.
  constexpr std::size_t kPrefetchPairs = 16;
  const auto place_at = [&](std::size_t position) {
    return static_cast<std::size_t>(window_.keys[position] & kPlaceMask);
  };
  std::uint64_t cells = 0;
  for (; window_position_ < window_.keys.size(); ++window_position_) {
    if (window_position_ + kPrefetchPairs < window_.keys.size())
      __builtin_prefetch(&window_.pairs[place_at(window_position_ + kPrefetchPairs)]);
    if (window_position_ + kPrefetchPairs / 2 < window_.keys.size()) {
      const PairRef ahead = window_.pairs[place_at(window_position_ + kPrefetchPairs / 2)];
      __builtin_prefetch(&slots_[ahead.query]);
      __builtin_prefetch(&slots_[target_base + ahead.target]);
    }
    const std::uint64_t key = window_.keys[window_position_];
    const std::size_t place = key & kPlaceMask;
    const PairRef pair = window_.pairs[place];
    std::uint32_t query_length = key_query_length(key);
    std::uint32_t target_length = key_target_length(key);
    if (query_length == kLengthMax) query_length = query_lengths_[pair.query];
    if (target_length == kLengthMax) target_length = target_lengths_[pair.target];
    const std::uint64_t pair_cells = std::uint64_t{query_length} * target_length;
    if (!batch.pair_ids.empty() &&
        (cells + pair_cells > budget || batch.pool_size() > kMaxBatchResidues))
      break;
    cells += pair_cells;
    batch.pair_ids.push_back(window_.first_pair + place);
    batch.query.push_back(slot_of(batch, pair.query, query_length));
    batch.target.push_back(slot_of(batch, target_base + pair.target, target_length));
  }
  remaining_cells_ -= std::min(remaining_cells_, cells);
  return batch;
}

}  // namespace wg::align
