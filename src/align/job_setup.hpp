// What rank 0 works out from the input and every rank needs, broadcast once: the scoring
// in the kernels' own form, the letter codes (ranks check letters as they read them), and
// the index of every input file when ranks read residues themselves. Options (traceback,
// backend, batch sizes) are not in it: every rank parsed the same command line.
#pragma once

#include <boost/serialization/binary_object.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/align/nw_types.hpp"
#include "src/align/fasta_index.hpp"

// The kernels' scoring travels as its bytes: plain data, identical on every rank (one
// program), so new fields need no change here. Boost finds a non-member serialize in
// boost::serialization whatever the namespace of the type.
namespace boost::serialization {
template <class Archive>
void serialize(Archive& ar, wg::kernels::align::KernelScoring& scoring, unsigned /*version*/) {
  static_assert(std::is_trivially_copyable_v<wg::kernels::align::KernelScoring>);
  ar& make_binary_object(&scoring, sizeof scoring);
}
}  // namespace boost::serialization

namespace wg::align {

struct JobSetup {
  kernels::align::KernelScoring scoring;
  std::string alphabet;                   // its name, for messages
  std::vector<std::int8_t> letter_codes;  // letter_codes() of the alphabet and scoring
  std::vector<FastaIndex> files;          // empty: rank 0 ships the residues of every batch
  std::uint64_t targets = 0;              // with --top: pair id / targets is the pair's query
  // The largest batch, for which the aligners size their buffers before the dispatch: its
  // residues, its pairs (a batch never spans two windows of output order), its pairs'
  // residues, the most operations a traceback copies back, and its targets' residues, the
  // most rows a chunk carries between passes of one warp per pair (both up to a cap:
  // align_driver.cpp); and the longest query, which tells whether any pair takes passes.
  std::uint64_t largest_pool = 0;
  std::uint64_t largest_batch_pairs = 0;
  std::uint64_t largest_operations = 0;
  std::uint64_t largest_target_residues = 0;
  std::uint32_t longest_query = 0;

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar& scoring& alphabet& letter_codes& files& targets& largest_pool& largest_batch_pairs&
        largest_operations& largest_target_residues& longest_query;
  }
};

}  // namespace wg::align
