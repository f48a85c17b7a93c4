// Rank 0's view of an alignment job: the sequence ids and lengths, the pair plan and the
// scoring scheme, from the command line's files. Plain FASTA files are only indexed here
// (every rank reads the residues of its batches itself); compressed files, standard input
// and FASTQ are read whole, and rank 0 ships their residues with the batches.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "src/align/align_options.hpp"
#include "src/align/fasta.hpp"
#include "src/align/fasta_index.hpp"
#include "src/align/pair_plan.hpp"
#include "src/align/scoring.hpp"
#include "src/align/sequence_digest.hpp"
#include "src/align/sequence_store.hpp"

namespace wg::align {

struct AlignInput {
  // Ids always; codes when the residues were read whole (index empty) or read for the
  // output (read_residues).
  std::vector<Sequence> queries;
  std::vector<Sequence> separate_targets;  // empty when targets are the queries
  bool targets_are_queries = false;
  std::vector<std::uint32_t> query_lengths;
  std::vector<std::uint32_t> separate_target_lengths;
  // Per file (queries, then targets) when every file is indexed, until the job's set-up
  // takes it (job_setup).
  std::vector<FastaIndex> index;
  bool indexed = false;  // every rank reads the residues through the files' index
  SequenceDigest query_digest;
  SequenceDigest target_digest;  // of the separate targets
  std::unique_ptr<PairPlan> plan;
  Alphabet alphabet = Alphabet::dna;
  ScoringScheme scheme;

  const std::vector<Sequence>& targets() const {
    return targets_are_queries ? queries : separate_targets;
  }
  const std::vector<std::uint32_t>& target_lengths() const {
    return targets_are_queries ? query_lengths : separate_target_lengths;
  }
};

AlignInput load_align_input(const AlignOptions& options);

// Rank 0's copy of every residue of an indexed input, read through `store` (the indexed
// files) on all threads, for the output formats that write sequence lengths or residues
// (SAM, PAF, BLAST tabular). Does nothing when the input was read whole. Throws wg::Error
// for a letter the scoring cannot score, naming its file, record and line.
void read_residues(AlignInput& input, const SequenceStore& store);

}  // namespace wg::align
