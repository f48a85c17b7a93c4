// Packing batches from the input files, as a rank does before its aligner takes them:
// pack_residues over IndexedSequences, on batches that the dispatcher's BatchSource cuts
// from two FASTA files of pairs (--pairs: windows sorted by length, guided sizes for one
// GPU rank), each batch packed by a team of THREADS OpenMP threads, the files mapped
// afresh every round as in a job. Host code only: the packing is the same on every
// backend, and it bounds short GPU jobs (docs/PERFORMANCE.md, "Packing with its index
// entries fetched ahead").
//
// Usage: align_pack A.fa B.fa [THREADS] [ROUNDS]
// Prints per round the milliseconds, nanoseconds of thread time per sequence and GB/s of
// residues, then one JSON line with every round.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "src/align/aligner_teams.hpp"
#include "src/align/batch_source.hpp"
#include "src/align/fasta_index.hpp"
#include "src/align/mapped_file.hpp"
#include "src/align/pair_plan.hpp"
#include "src/align/residue_encoder.hpp"
#include "src/align/sequence_store.hpp"

namespace {

using namespace wg::align;

// Batches in flight on one GPU rank of score-only jobs: one per aligner and one waiting
// (align_driver.cpp).
constexpr int kInFlight = wg::align::kAlignersPerGpu + 1;

FastaIndex index_of(const std::string& path) {
  const MappedFile file(path);
  auto indexed = index_fasta(file);
  if (!indexed) throw std::runtime_error(path + ": not a FASTA file");
  return std::move(indexed->index);
}

int run(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s A.fa B.fa [THREADS] [ROUNDS]\n", argv[0]);
    return 2;
  }
  const int threads = argc > 3 ? std::atoi(argv[3]) : omp_get_max_threads();
  const int rounds = argc > 4 ? std::atoi(argv[4]) : 5;
  if (threads < 1 || rounds < 1) {
    std::fprintf(stderr, "%s: THREADS and ROUNDS must be at least 1\n", argv[0]);
    return 2;
  }
  omp_set_num_threads(threads);
  std::vector<FastaIndex> files{index_of(argv[1]), index_of(argv[2])};
  if (files[0].records() != files[1].records()) {
    std::fprintf(stderr, "%s: the two files hold different numbers of records\n", argv[0]);
    return 2;
  }
  const auto pairs = static_cast<std::uint32_t>(files[0].records());
  // Every letter of the protein alphabet (DNA's four bases among them) allowed: the
  // encoding does the same work whatever the codes.
  const std::vector<std::int8_t> codes =
      letter_codes(Alphabet::protein, std::vector<bool>(256, true));

  const PairPlan plan(PairMode::pairs, pairs, pairs);
  BatchSource source(files[0].lengths, files[1].lengths, plan, 0, {},
                     BatchSource::window_pairs(pairs), kInFlight);
  std::vector<wg::comm::align::WorkBatch> batches;
  std::uint64_t largest = 0;
  std::uint64_t residues = 0;
  std::uint64_t sequences = 0;
  while (auto batch = source.next(BatchSource::kGpuCapacityCells, BatchSource::kGpuFloorCells)) {
    largest = std::max(largest, batch->pool_size());
    residues += batch->pool_size();
    sequences += batch->sequences.size();
    batches.push_back(std::move(*batch));
  }
  std::vector<std::uint8_t> pool(largest);

  nlohmann::json report = {{"files", {argv[1], argv[2]}}, {"pairs", pairs},
                           {"batches", batches.size()},   {"threads", threads},
                           {"residues", residues},        {"rounds", nlohmann::json::array()}};
  std::printf("%u pairs in %zu batches, %d threads\n", pairs, batches.size(), threads);
  for (int round = 0; round < rounds; ++round) {
    const IndexedSequences store(files, codes, "protein");  // mapped afresh, as in a job
    const auto start = std::chrono::steady_clock::now();
    for (const auto& batch : batches) pack_residues(batch, store, pool.data());
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double ns_per_sequence = seconds * 1e9 * threads / static_cast<double>(sequences);
    const double gbps = static_cast<double>(residues) / seconds * 1e-9;
    std::printf("round %d: %.1f ms, %.0f ns of thread time per sequence, %.2f GB/s\n", round,
                seconds * 1e3, ns_per_sequence, gbps);
    report["rounds"].push_back(
        {{"ms", seconds * 1e3}, {"ns_per_sequence", ns_per_sequence}, {"gb_per_s", gbps}});
  }
  std::printf("%s\n", report.dump().c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", argv[0], e.what());
    return 1;
  }
}
