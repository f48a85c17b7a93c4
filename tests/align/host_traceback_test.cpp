// The host traceback in bands recomputed from checkpoints (host_align_traceback with a
// small band_bytes) against the same traceback over the whole matrix: the same score,
// CIGAR and region on random pairs, in every mode, for query lengths from one band to
// dozens of bands and walks that cross band edges inside gaps. (Scores and re-scored
// CIGARs of such runs against parasail: modes_reference.py.)
#include <gtest/gtest.h>

#include <random>

#include "kernels/align/host_nw.hpp"
#include "src/align/alphabet.hpp"
#include "src/align/scoring.hpp"

namespace wg::align {
namespace {

std::vector<std::uint8_t> random_residues(std::uint32_t length, int letters, std::mt19937& rng) {
  std::uniform_int_distribution<int> letter(0, letters - 1);
  std::vector<std::uint8_t> s(length);
  for (auto& c : s) c = static_cast<std::uint8_t>(letter(rng));
  return s;
}

// A relative of q with substitutions and gaps of up to 20 residues, so that some gaps
// span a band edge.
std::vector<std::uint8_t> relative(const std::vector<std::uint8_t>& q, int letters,
                                   std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(0, 1);
  std::uniform_int_distribution<int> letter(0, letters - 1);
  std::uniform_int_distribution<std::size_t> gap(1, 20);
  std::vector<std::uint8_t> t;
  for (std::size_t i = 0; i < q.size(); ++i) {
    const double u = unit(rng);
    if (u < 0.01) {
      i += gap(rng);  // a gap in the target
      continue;
    }
    if (u < 0.02)
      for (std::size_t k = gap(rng); k > 0; --k)
        t.push_back(static_cast<std::uint8_t>(letter(rng)));
    t.push_back(u < 0.15 ? static_cast<std::uint8_t>(letter(rng)) : q[i]);
  }
  if (t.empty()) t.push_back(0);
  return t;
}

TEST(HostTraceback, BandsFromCheckpointsGiveTheWholeMatrixResult) {
  std::vector<ScoringOptions> schemes;
  ScoringOptions dna;
  dna.match = 2;
  dna.mismatch = -3;
  dna.gap_open = 5;
  dna.gap_extend = 2;
  ScoringOptions protein;
  protein.matrix = "BLOSUM62";
  protein.gap_open = 11;
  protein.gap_extend = 1;
  for (ScoringOptions options : {dna, protein}) {
    schemes.push_back(options);  // global, end gaps charged
    options.end_gaps_free = true;
    schemes.push_back(options);
    options.end_gaps_free = false;
    options.mode = "semi-global";
    for (const char* ends : {"qb,qe,db,de", "qb,de", "qe,db", "de", "qe"}) {
      options.free_ends = ends;
      schemes.push_back(options);
    }
    options.mode = "local";
    options.free_ends.clear();
    schemes.push_back(options);
  }
  std::mt19937 rng(1212);
  int banded = 0;
  for (const ScoringOptions& options : schemes) {
    const Alphabet alphabet = options.matrix.empty() ? Alphabet::dna : Alphabet::protein;
    const int letters = alphabet == Alphabet::dna ? 4 : 20;
    const ScoringScheme scheme = make_scoring(options, alphabet);
    for (const std::uint32_t m : {1u, 2u, 9u, 30u, 63u, 200u, 777u, 1500u}) {
      for (int k = 0; k < 3; ++k) {
        const std::vector<std::uint8_t> q = random_residues(m, letters, rng);
        const std::vector<std::uint8_t> t =
            k == 2 ? random_residues(m / 2 + 1, letters, rng) : relative(q, letters, rng);
        const auto qm = static_cast<std::int32_t>(q.size());
        const auto tn = static_cast<std::int32_t>(t.size());
        const kernels::align::PairResult whole = kernels::align::host_align_traceback(
            q.data(), qm, t.data(), tn, scheme.kernel, std::uint64_t{1} << 40);
        // One byte: bands of ceil(sqrt(8 m)) rows; a few bands: rows of several widths.
        for (const std::uint64_t band_bytes :
             {std::uint64_t{1}, std::uint64_t{t.size() + 1} * (m / 3 + 1)}) {
          const kernels::align::PairResult got = kernels::align::host_align_traceback(
              q.data(), qm, t.data(), tn, scheme.kernel, band_bytes);
          banded += band_bytes < std::uint64_t{m} * (t.size() + 1);
          EXPECT_EQ(got.score, whole.score) << scheme.description << " " << m << "x" << tn;
          EXPECT_EQ(got.cigar, whole.cigar) << scheme.description << " " << m << "x" << tn;
          EXPECT_EQ(got.query_begin, whole.query_begin) << scheme.description;
          EXPECT_EQ(got.query_end, whole.query_end) << scheme.description;
          EXPECT_EQ(got.target_begin, whole.target_begin) << scheme.description;
          EXPECT_EQ(got.target_end, whole.target_end) << scheme.description;
        }
      }
    }
  }
  EXPECT_GT(banded, 300) << "too few pairs took the banded path";
}

}  // namespace
}  // namespace wg::align
