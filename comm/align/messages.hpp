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
  bool end_gaps_free = false;
  bool uniform = false;
  bool traceback = false;

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar & table & gap_open & gap_extend & match & mismatch & end_gaps_free & uniform & traceback;
  }
};

// Pairs with the sequences they use (each stored once) and their global pair ids.
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
    ar & id & pair_ids & residues & offsets & lengths & query & target;
  }
};

struct BatchResults {
  std::uint64_t id = 0;
  std::vector<std::uint64_t> pair_ids;
  std::vector<std::int32_t> scores;
  std::vector<std::string> cigars;  // empty without traceback
  std::uint64_t cells = 0;
  double compute_seconds = 0;       // worker time spent in the aligner
  double kernel_seconds = 0;        // of which kernels alone (GPUs)
  int rank = 0;
  std::string backend;              // the worker's aligner, for reports

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar & id & pair_ids & scores & cigars & cells & compute_seconds & kernel_seconds & rank & backend;
  }
};

// A worker's pull: the results of its last batch (if any) and how much it wants next.
struct WorkRequest {
  bool has_results = false;
  BatchResults results;
  std::uint64_t capacity_cells = 0;

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar & has_results & results & capacity_cells;
  }
};

}  // namespace wg::align
