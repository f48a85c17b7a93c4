// Every GPU kernel class against the host kernel, on random pairs whose query lengths
// straddle the length-table boundaries: score-only (32-bit and packed 16-bit) and with
// traceback. Skips without a GPU.
#include <gtest/gtest.h>

#include <random>

#include "align/aligner.hpp"
#include "align/length_classes.hpp"
#include "align/scoring.hpp"

namespace wg::align {
namespace {

std::vector<std::uint32_t> boundary_lengths() {
  std::vector<std::uint32_t> lengths{1, 2, 3, 15, 16, 17};
  for (const auto& c : kLengthClasses) {
    if (c.max_query > 4096) continue;
    for (const std::uint32_t d : {c.max_query - 1, c.max_query, c.max_query + 1}) lengths.push_back(d);
    const auto rows_per_pass = static_cast<std::uint32_t>(c.group * c.rows);
    for (const std::uint32_t d : {rows_per_pass - 1, rows_per_pass, rows_per_pass + 1, 2 * rows_per_pass + 3})
      lengths.push_back(d);
  }
  for (const std::uint32_t d : {700u, 1000u, 1500u, 2100u}) lengths.push_back(d);
  return lengths;
}

// Random pairs, several per query length, related sequences (mutated copies) and unrelated.
PairBatch random_batch(Alphabet alphabet, std::mt19937& rng) {
  const int letters = alphabet == Alphabet::dna ? 4 : 20;
  std::uniform_int_distribution<int> letter(0, letters - 1);
  std::uniform_real_distribution<double> unit(0, 1);
  PairBatch batch;
  auto add = [&](const std::vector<std::uint8_t>& s) {
    batch.offsets.push_back(batch.residues.size());
    batch.lengths.push_back(static_cast<std::uint32_t>(s.size()));
    batch.residues.insert(batch.residues.end(), s.begin(), s.end());
    return static_cast<std::uint32_t>(batch.lengths.size() - 1);
  };
  for (const std::uint32_t m : boundary_lengths()) {
    for (int k = 0; k < 6; ++k) {
      std::vector<std::uint8_t> q(m);
      for (auto& c : q) c = static_cast<std::uint8_t>(letter(rng));
      std::vector<std::uint8_t> t;
      if (k % 2 == 0) {
        for (const auto c : q) {  // mutate: substitutions, insertions, deletions
          const double u = unit(rng);
          if (u < 0.08) continue;
          t.push_back(u < 0.2 ? static_cast<std::uint8_t>(letter(rng)) : c);
          if (unit(rng) < 0.05) t.push_back(static_cast<std::uint8_t>(letter(rng)));
        }
        if (t.empty()) t.push_back(0);
      } else {
        std::uniform_int_distribution<std::uint32_t> length(1, std::max<std::uint32_t>(2, m * 2));
        t.resize(length(rng));
        for (auto& c : t) c = static_cast<std::uint8_t>(letter(rng));
      }
      batch.query.push_back(add(q));
      batch.target.push_back(add(t));
    }
  }
  return batch;
}

struct Scheme {
  Alphabet alphabet;
  ScoringOptions options;
};

std::vector<Scheme> schemes() {
  std::vector<Scheme> all;
  ScoringOptions dna;
  dna.match = 2;
  dna.mismatch = -3;
  dna.gap_open = 5;
  dna.gap_extend = 2;
  all.push_back({Alphabet::dna, dna});
  dna.end_gaps_free = true;
  all.push_back({Alphabet::dna, dna});
  ScoringOptions protein;
  protein.matrix = "BLOSUM62";
  protein.gap_open = 10;
  protein.gap_extend = 0.5;
  all.push_back({Alphabet::protein, protein});
  protein.end_gaps_free = true;
  all.push_back({Alphabet::protein, protein});
  ScoringOptions linear;
  linear.matrix = "EDNAFULL";
  linear.gap_open = 4;
  linear.gap_extend = 4;
  all.push_back({Alphabet::dna, linear});
  return all;
}

TEST(GpuKernels, EveryClassMatchesTheHostKernel) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "no GPU visible";
  std::unique_ptr<Aligner> gpus[] = {make_cuda_aligner(0, false), make_cuda_aligner(0, true)};
  auto host = make_host_aligner();
  std::mt19937 rng(20261121);
  for (const auto& scheme : schemes()) {
    const ScoringScheme scoring = make_scoring(scheme.options, scheme.alphabet);
    const PairBatch batch = random_batch(scheme.alphabet, rng);
    for (const bool traceback : {false, true})
    for (int packed = 0; packed < 2; ++packed) {
      if (traceback && packed) continue;  // traceback always runs on 32-bit scores
      std::vector<PairResult> expected;
      std::vector<PairResult> got;
      host->align(batch, scoring.kernel, traceback, expected);
      gpus[packed]->align(batch, scoring.kernel, traceback, got);
      ASSERT_EQ(got.size(), expected.size());
      int mismatches = 0;
      for (std::size_t p = 0; p < batch.size(); ++p) {
        if (got[p].score == expected[p].score && got[p].cigar == expected[p].cigar) continue;
        if (++mismatches > 10) continue;
        ADD_FAILURE() << scoring.description << (traceback ? " traceback" : packed ? " packed 16-bit" : " score-only")
                      << ": pair " << p << " (" << batch.query_length(p) << " x "
                      << batch.target_length(p) << ", class "
                      << kLengthClasses[length_class_of(batch.query_length(p))].name << "): GPU "
                      << got[p].score << " " << got[p].cigar.substr(0, 80) << ", host "
                      << expected[p].score << " " << expected[p].cigar.substr(0, 80);
      }
      EXPECT_EQ(mismatches, 0) << scoring.description
                               << (traceback ? " traceback" : packed ? " packed 16-bit" : " score-only");
    }
  }
}

}  // namespace
}  // namespace wg::align
