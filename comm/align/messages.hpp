// Messages of the alignment dispatcher, serialized with Boost.Serialization: the job set-up
// broadcast once, batches of pairs handed to workers, and the results they send back.
#pragma once

#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace wg::align {

// Everything a worker needs besides the batches: the scoring in kernel form.
struct JobSetup {
  std::vector<std::int32_t> table;
  std::int32_t gap_open = 0;
  std::int32_t gap_extend = 0;
  std::int32_t match = 0;
  std::int32_t mismatch = 0;
  std::uint8_t free_ends = 0;  // FreeEnd bits
  bool local = false;
  bool uniform = false;
  bool traceback = false;
  std::uint32_t top = 0;       // --top K: a worker sends alignments of its batch's best K only
  std::uint64_t targets = 0;   // with top: pair id / targets is the pair's query

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar & table & gap_open & gap_extend & match & mismatch & free_ends & local & uniform &
        traceback & top & targets;
  }
};

// Pairs with the sequences they use (each stored once) and their global pair ids. The
// residues, the bulk of a batch, are not in the archive: they travel as a raw message of
// their own right after it, sent from and received into the vector without copies.
struct WorkBatch {
  std::uint64_t id = 0;
  std::vector<std::uint64_t> pair_ids;
  std::vector<std::uint8_t> residues;
  std::vector<std::uint64_t> offsets;
  std::vector<std::uint32_t> lengths;
  std::vector<std::uint32_t> query;
  std::vector<std::uint32_t> target;

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar & id & pair_ids & offsets & lengths & query & target;
  }
};

struct BatchResults {
  std::uint64_t id = 0;
  std::vector<std::uint64_t> pair_ids;
  std::vector<std::int32_t> scores;
  std::vector<std::string> cigars;  // empty without traceback
  std::vector<std::uint32_t> regions;  // with traceback, 4 per pair: query begin, end, target
                                       // begin, end (0-based, end excluded)
  std::uint64_t cells = 0;
  double compute_seconds = 0;       // time this batch spent in its aligner
  double kernel_seconds = 0;        // of which kernels alone (GPUs)
  double busy_seconds = 0;          // the rank's wall time so far with a batch in an aligner
  int aligners = 1;                 // aligners on the rank (they may overlap in time)
  int rank = 0;
  std::string backend;              // the worker's aligner, for reports

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar & id & pair_ids & scores & cigars & regions & cells & compute_seconds & kernel_seconds &
        busy_seconds & aligners & rank & backend;
  }
};

// A worker's message to rank 0: results of a finished batch (if any), whether it wants
// another batch (each such request gets exactly one answer: a batch or stop), and, last
// of all, that it is done: every batch it received came back and it will send no more.
struct WorkRequest {
  bool has_results = false;
  BatchResults results;
  bool wants_batch = false;
  bool finished = false;
  std::uint64_t capacity_cells = 0;  // largest batch the worker takes
  std::uint64_t floor_cells = 0;     // smallest batch worth its overhead

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar & has_results & results & wants_batch & finished & capacity_cells & floor_cells;
  }
};

}  // namespace wg::align
