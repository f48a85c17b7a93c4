// Messages of the alignment dispatcher, serialized with Boost.Serialization: batches of
// pairs handed to workers and the results they send back. (The job's set-up, broadcast
// once, is src/align/job_setup.hpp.)
#pragma once

#include <algorithm>
#include <boost/serialization/split_member.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "src/common/string_table.hpp"

namespace wg::comm::align {

// A batch's pair ids lie in one window of output order (at most 2^20 pairs), so they
// travel as the smallest and 32-bit steps from it, 4 bytes a pair instead of 8 (ids
// further apart than 32 bits travel whole).
template <class Archive>
void save_pair_ids(Archive& ar, const std::vector<std::uint64_t>& ids) {
  const auto [low, high] = std::minmax_element(ids.begin(), ids.end());
  const std::uint64_t base = ids.empty() ? 0 : *low;
  const std::uint64_t top = ids.empty() ? 0 : *high;
  const bool steps = top - base <= std::numeric_limits<std::uint32_t>::max();
  ar << base << steps;
  if (!steps) {
    ar << ids;
    return;
  }
  std::vector<std::uint32_t> offsets(ids.size());
  for (std::size_t k = 0; k < ids.size(); ++k)
    offsets[k] = static_cast<std::uint32_t>(ids[k] - base);
  ar << offsets;
}

template <class Archive>
void load_pair_ids(Archive& ar, std::vector<std::uint64_t>& ids) {
  std::uint64_t base = 0;
  bool steps = false;
  ar >> base >> steps;
  if (!steps) {
    ar >> ids;
    return;
  }
  std::vector<std::uint32_t> offsets;
  ar >> offsets;
  ids.resize(offsets.size());
  for (std::size_t k = 0; k < offsets.size(); ++k) ids[k] = base + offsets[k];
}

// Pairs with the sequences they use (each stored once, in a slot) and their global pair
// ids. A slot names its sequence by key (query records first, then target records), and
// the rank that aligns the batch reads the residues itself from the indexed input files.
// Inputs that cannot be indexed (compressed, standard input, FASTQ) are read by rank 0,
// which then ships the residues: they are not in the archive but travel as a raw message
// of their own right after it, sent from and received into the vector without copies.
struct WorkBatch {
  std::uint64_t id = 0;
  std::vector<std::uint64_t> pair_ids;
  std::vector<std::uint32_t> sequences;  // per slot: the sequence's key
  std::vector<std::uint64_t> offsets;    // per slot: first residue in the packed pool
  std::vector<std::uint32_t> lengths;    // per slot
  std::vector<std::uint32_t> query;      // per pair: slot of the query
  std::vector<std::uint32_t> target;     // per pair: slot of the target
  std::vector<std::uint8_t> residues;    // shipped residues (empty when ranks read them)

  std::uint64_t pool_size() const { return offsets.empty() ? 0 : offsets.back() + lengths.back(); }
  // Offsets of slots stored one after the other in slot order, from their lengths.
  void place_slots_back_to_back() {
    offsets.resize(lengths.size());
    std::uint64_t at = 0;
    for (std::size_t s = 0; s < lengths.size(); ++s) {
      offsets[s] = at;
      at += lengths[s];
    }
  }

  // Slots lie in the pool one after the other, so their offsets do not travel: the
  // receiver adds up the lengths.
  template <class Archive>
  void save(Archive& ar, unsigned /*version*/) const {
    save_pair_ids(ar, pair_ids);
    ar << id << sequences << lengths << query << target;
  }
  template <class Archive>
  void load(Archive& ar, unsigned /*version*/) {
    load_pair_ids(ar, pair_ids);
    ar >> id >> sequences >> lengths >> query >> target;
    place_slots_back_to_back();
  }
  BOOST_SERIALIZATION_SPLIT_MEMBER()
};

struct BatchResults {
  std::uint64_t id = 0;
  std::vector<std::uint64_t> pair_ids;
  std::vector<std::int32_t> scores;
  StringTable cigars;                  // empty without traceback
  std::vector<std::uint32_t> regions;  // with traceback, 4 per pair: query begin, end, target
                                       // begin, end (0-based, end excluded)
  std::uint64_t cells = 0;
  double pack_seconds = 0;      // reading and packing its residues (host memory)
  double compute_seconds = 0;   // time this batch spent in its aligner
  double transfer_seconds = 0;  // of which copies to and from the GPU
  double kernel_seconds = 0;    // of which kernels alone (GPUs)
  double busy_seconds = 0;      // the rank's wall time so far with a batch in an aligner
  int aligners = 1;             // aligners on the rank (they may overlap in time)
  int rank = 0;
  std::string backend;  // the worker's aligner, for reports

  template <class Archive>
  void save(Archive& ar, unsigned /*version*/) const {
    save_pair_ids(ar, pair_ids);
    ar << id << scores << cigars << regions << cells << pack_seconds << compute_seconds
       << transfer_seconds << kernel_seconds << busy_seconds << aligners << rank << backend;
  }
  template <class Archive>
  void load(Archive& ar, unsigned /*version*/) {
    load_pair_ids(ar, pair_ids);
    ar >> id >> scores >> cigars >> regions >> cells >> pack_seconds >> compute_seconds >>
        transfer_seconds >> kernel_seconds >> busy_seconds >> aligners >> rank >> backend;
  }
  BOOST_SERIALIZATION_SPLIT_MEMBER()
};

// A worker's message to rank 0: results of a finished batch (if any), whether it wants
// another batch (each such request gets exactly one answer: a batch or stop), and, last
// of all, that it is done: every batch it received came back and it will send no more.
// A worker that failed (a bad record in its batch) says so and asks for nothing more;
// the ranks agree on the error after the dispatch.
struct WorkRequest {
  bool has_results = false;
  BatchResults results;
  bool wants_batch = false;
  bool failed = false;
  bool finished = false;
  std::uint64_t capacity_cells = 0;  // largest batch the worker takes
  std::uint64_t floor_cells = 0;     // smallest batch worth its overhead

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar& has_results& results& wants_batch& failed& finished& capacity_cells& floor_cells;
  }
};

}  // namespace wg::comm::align
