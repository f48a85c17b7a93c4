// Rank 0's view of an alignment job: the sequences, the pair plan and the scoring
// scheme, read and checked from the command line's files.
#pragma once

#include <memory>
#include <vector>

#include "align/align_options.hpp"
#include "align/fasta.hpp"
#include "align/pair_plan.hpp"
#include "align/scoring.hpp"

namespace wg::align {

struct AlignInput {
  std::vector<Sequence> queries;
  std::vector<Sequence> separate_targets;  // empty when targets are the queries
  bool targets_are_queries = false;
  std::unique_ptr<PairPlan> plan;
  Alphabet alphabet = Alphabet::dna;
  ScoringScheme scheme;

  const std::vector<Sequence>& targets() const {
    return targets_are_queries ? queries : separate_targets;
  }
};

AlignInput load_align_input(const AlignOptions& options);

}  // namespace wg::align
