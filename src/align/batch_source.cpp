#include "align/batch_source.hpp"

#include <algorithm>
#include <unordered_map>

namespace wg::align {
namespace {
// Keeps single messages well under MPI's 2 GiB limit.
constexpr std::uint64_t kMaxBatchResidues = std::uint64_t{256} << 20;
}  // namespace

BatchSource::BatchSource(const std::vector<Sequence>& queries,
                         const std::vector<Sequence>& targets, const PairPlan& plan,
                         std::uint64_t first_pair, std::size_t window_pairs)
    : queries_(queries),
      targets_(targets),
      plan_(plan),
      window_pairs_(window_pairs),
      next_pair_(first_pair),
      cursor_(first_pair < plan.size() ? plan.at(first_pair) : PairRef{}) {}

void BatchSource::load_window() {
  window_.clear();
  window_position_ = 0;
  while (next_pair_ < plan_.size() && window_.size() < window_pairs_) {
    window_.push_back({static_cast<std::uint32_t>(queries_[cursor_.query].codes.size()),
                       static_cast<std::uint32_t>(targets_[cursor_.target].codes.size()),
                       next_pair_++, cursor_});
    plan_.advance(cursor_);
  }
  // Query length first (it picks the GPU kernel class), then target length, then input
  // order. Batches differ with the sort, results do not: every pair's result is its own.
  std::sort(window_.begin(), window_.end(), [](const Pending& a, const Pending& b) {
    if (a.query_length != b.query_length) return a.query_length < b.query_length;
    if (a.target_length != b.target_length) return a.target_length < b.target_length;
    return a.id < b.id;
  });
}

std::optional<WorkBatch> BatchSource::next(std::uint64_t capacity_cells) {
  if (window_position_ == window_.size()) load_window();
  if (window_.empty()) return std::nullopt;
  WorkBatch batch;
  batch.id = next_batch_id_++;
  const bool shared_pool = &queries_ == &targets_;
  std::unordered_map<std::uint64_t, std::uint32_t> slots;
  auto slot_of = [&](const std::vector<Sequence>& from, std::uint64_t key, std::uint32_t index) {
    const auto found = slots.find(key);
    if (found != slots.end()) return found->second;
    const auto& codes = from[index].codes;
    const auto slot = static_cast<std::uint32_t>(batch.lengths.size());
    batch.offsets.push_back(batch.residues.size());
    batch.lengths.push_back(static_cast<std::uint32_t>(codes.size()));
    batch.residues.insert(batch.residues.end(), codes.begin(), codes.end());
    slots.emplace(key, slot);
    return slot;
  };
  std::uint64_t cells = 0;
  while (window_position_ < window_.size()) {
    const Pending& pending = window_[window_position_];
    const std::uint64_t pair_cells = std::uint64_t{pending.query_length} * pending.target_length;
    if (!batch.pair_ids.empty() &&
        (cells + pair_cells > capacity_cells || batch.residues.size() > kMaxBatchResidues))
      break;
    cells += pair_cells;
    batch.pair_ids.push_back(pending.id);
    batch.query.push_back(slot_of(queries_, pending.pair.query, pending.pair.query));
    const std::uint64_t target_key =
        shared_pool ? pending.pair.target : (std::uint64_t{1} << 32) + pending.pair.target;
    batch.target.push_back(slot_of(targets_, target_key, pending.pair.target));
    ++window_position_;
  }
  return batch;
}

}  // namespace wg::align
