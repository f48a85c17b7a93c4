// Options of `warpgraph align`, filled by src/cli/align_command.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/align/aligner.hpp"
#include "src/align/scoring.hpp"

namespace wg::align {

struct AlignOptions {
  std::vector<std::string> pairs;  // two files: i-th record with i-th record
  std::string all_vs_all;          // one file: every pair i < j
  std::string query;               // with target: every query with every target
  std::string target;
  std::string alphabet;  // dna, protein, or empty to detect
  ScoringOptions scoring;
  bool traceback = false;      // also implied by --outfmt sam, paf, blast6
  std::string outfmt = "tsv";  // tsv, sam, paf, blast6 (result_format.hpp)
  std::uint32_t top = 0;       // --query/--target: keep each query's best K; 0 keeps all
  std::string output = "-";
  bool resume = false;
  std::string backend = "auto";   // host, cuda, auto
  std::string report;             // JSON report file, empty for none
  std::uint64_t batch_cells = 0;  // cells per batch; 0 picks per backend
  bool packed_scores = true;      // GPUs: 16-bit packed scores when they fit
  // GPUs: the indexed input's sequences kept on the GPU for the whole job when they fit
  // (sequences_on_gpu.hpp); off, every batch's residues are packed on the host.
  bool resident_sequences = true;
  // Direction bits one pair may keep at once (host backend); larger pairs are traced back
  // in bands recomputed from checkpoints.
  std::uint64_t traceback_memory = kernels::align::kDefaultTracebackBytes;
};

// Runs the alignment on every rank; returns the process exit code.
int run_align(const AlignOptions& options);

}  // namespace wg::align
