// Every GPU kernel class against the host kernel, on random pairs whose query lengths
// straddle the length-table boundaries, and on long pairs for the block class: score-only
// (32-bit and packed 16-bit) and with traceback (CIGAR and aligned region), in every mode:
// global, semi-global with several sets of free ends, local; with match/mismatch scores,
// and with BLOSUM62 and EDNAFULL through the query profile (and through the shared table
// when the scaled matrix outgrows the profile's bytes); batches packed into the aligner's
// pinned buffer, as the driver packs them; and pairs too large for the GPU's scratch,
// aligned on the host instead. Skips without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <random>
#include <string>

#include "kernels/align/aligner.hpp"
#include "kernels/align/length_classes.hpp"
#include "src/align/alphabet.hpp"
#include "src/align/scoring.hpp"

namespace wg::align {
namespace {

std::vector<std::uint32_t> boundary_lengths() {
  std::vector<std::uint32_t> lengths{1, 2, 3, 15, 16, 17};
  for (const auto& c : kernels::align::kLengthClasses) {
    if (c.max_query > 4096) continue;
    for (const std::uint32_t d : {c.max_query - 1, c.max_query, c.max_query + 1})
      lengths.push_back(d);
    const auto rows_per_pass = static_cast<std::uint32_t>(c.group * kernels::align::kRowsPerThread);
    for (const std::uint32_t d :
         {rows_per_pass - 1, rows_per_pass, rows_per_pass + 1, 2 * rows_per_pass + 3})
      lengths.push_back(d);
  }
  for (const std::uint32_t d : {300u, 700u, 1000u, 1500u, 2100u}) lengths.push_back(d);
  // Band edges of the packed warp class's 10, 13 and 17 rows per thread, of the profile
  // form's 12 and of the traceback form's 11 (cuda_packed.cuh).
  for (const std::uint32_t d : {320u, 352u, 384u, 416u, 544u, 1056u})
    for (const std::uint32_t e : {d - 1, d, d + 1}) lengths.push_back(e);
  return lengths;
}

// Random sequences over the alphabet, and mutated copies (substitutions, insertions,
// deletions) for related pairs.
class SequenceMaker {
 public:
  // Proteins use every code (B, Z, X and * too), so the query profile's last letters occur.
  SequenceMaker(Alphabet alphabet, std::mt19937& rng)
      : dna_(alphabet == Alphabet::dna),
        letter_(0, dna_ ? 3 : static_cast<int>(alphabet_letters(alphabet).size()) - 1),
        rng_(rng) {}
  // DNA: one sequence in four carries an N, so warps of plain bases (the packed kernel's
  // byte-permute lookup) and warps with other letters (its general path) both occur.
  std::vector<std::uint8_t> random(std::uint32_t length) {
    std::vector<std::uint8_t> s(length);
    for (auto& c : s) c = static_cast<std::uint8_t>(letter_(rng_));
    if (dna_ && length > 0 && unit_(rng_) < 0.25)
      s[std::uniform_int_distribution<std::uint32_t>(0, length - 1)(rng_)] =
          static_cast<std::uint8_t>(residue_code(Alphabet::dna, 'N'));
    return s;
  }
  std::vector<std::uint8_t> mutated(const std::vector<std::uint8_t>& q) {
    std::vector<std::uint8_t> t;
    for (const auto c : q) {
      const double u = unit_(rng_);
      if (u < 0.08) continue;
      t.push_back(u < 0.2 ? static_cast<std::uint8_t>(letter_(rng_)) : c);
      if (unit_(rng_) < 0.05) t.push_back(static_cast<std::uint8_t>(letter_(rng_)));
    }
    if (t.empty()) t.push_back(0);
    return t;
  }

 private:
  bool dna_;
  std::uniform_int_distribution<int> letter_;
  std::uniform_real_distribution<double> unit_{0, 1};
  std::mt19937& rng_;
};

// A batch with the pool it points at (a PairBatch does not own its residues).
struct TestBatch {
  std::vector<std::uint8_t> pool;
  kernels::align::PairBatch pairs;
  const kernels::align::PairBatch& view() {
    pairs.residues = pool.data();
    return pairs;
  }
};

void add_pair(TestBatch& batch, const std::vector<std::uint8_t>& q,
              const std::vector<std::uint8_t>& t) {
  for (const auto* s : {&q, &t}) {
    batch.pairs.offsets.push_back(batch.pool.size());
    batch.pairs.lengths.push_back(static_cast<std::uint32_t>(s->size()));
    batch.pool.insert(batch.pool.end(), s->begin(), s->end());
  }
  batch.pairs.query.push_back(static_cast<std::uint32_t>(batch.pairs.lengths.size() - 2));
  batch.pairs.target.push_back(static_cast<std::uint32_t>(batch.pairs.lengths.size() - 1));
}

// Random pairs, several per query length, related sequences (mutated copies) and unrelated.
TestBatch random_batch(Alphabet alphabet, std::mt19937& rng) {
  SequenceMaker make(alphabet, rng);
  TestBatch batch;
  for (const std::uint32_t m : boundary_lengths()) {
    for (int k = 0; k < 6; ++k) {
      const std::vector<std::uint8_t> q = make.random(m);
      if (k % 2 == 0) {
        add_pair(batch, q, make.mutated(q));
      } else {
        std::uniform_int_distribution<std::uint32_t> length(1, std::max<std::uint32_t>(2, m * 2));
        add_pair(batch, q, make.random(length(rng)));
      }
    }
  }
  return batch;
}

// Long pairs for the block class (one pair per block, row bands pipelined over its warps):
// queries of a few bands to a few rounds of bands, lengths on and off multiples of the band
// (512 rows) and of a round (kBlockWarps bands), short and long targets (some shorter than
// one column chunk), each length related and unrelated; and long targets against short
// queries for the warp class.
TestBatch long_batch(Alphabet alphabet, std::mt19937& rng) {
  struct Shape {
    std::uint32_t m;
    std::uint32_t n;
  };
  constexpr Shape kShapes[] = {{2049, 2049}, {2100, 1900}, {4095, 800}, {4096, 1000},
                               {4097, 1200}, {5000, 4800}, {9000, 300}, {300, 9000},
                               {8705, 513},  {3000, 31},   {4608, 1},   {2500, 33}};
  SequenceMaker make(alphabet, rng);
  TestBatch batch;
  for (const Shape& shape : kShapes) {
    const std::vector<std::uint8_t> q = make.random(shape.m);
    add_pair(batch, q, make.random(shape.n));
    // A relative of the query, cut or extended to about n residues.
    std::vector<std::uint8_t> t = make.mutated(q);
    const std::size_t kept = std::min<std::size_t>(t.size(), shape.n);
    t.resize(shape.n);
    const std::vector<std::uint8_t> tail = make.random(shape.n);
    std::copy(tail.begin() + static_cast<std::ptrdiff_t>(kept), tail.end(),
              t.begin() + static_cast<std::ptrdiff_t>(kept));
    add_pair(batch, q, t);
  }
  return batch;
}

// Few long pairs, so that each pair spreads over several thread blocks (the block class's
// slots, cuda_block_kernels.cu): 18 and 40 bands, several rounds of bands over a chain of
// two to five blocks, the free-end best reduced across the blocks.
TestBatch few_long_pairs(Alphabet alphabet, std::mt19937& rng) {
  SequenceMaker make(alphabet, rng);
  TestBatch batch;
  for (int k = 0; k < 3; ++k) {
    const std::vector<std::uint8_t> q = make.random(9000);
    std::vector<std::uint8_t> t = k == 0 ? make.random(7000) : make.mutated(q);
    t.resize(7000, 1);
    add_pair(batch, q, t);
  }
  for (int k = 0; k < 2; ++k) {
    const std::vector<std::uint8_t> q = make.random(20000);
    std::vector<std::uint8_t> t = k == 0 ? make.random(300) : make.mutated(q);
    t.resize(300, 1);
    add_pair(batch, q, t);
  }
  return batch;
}

struct Scheme {
  Alphabet alphabet;
  ScoringOptions options;
};

// A matrix scheme; mode and free ends keep ScoringOptions' defaults unless given.
ScoringOptions matrix_scheme(const char* matrix, double open, double extend,
                             const char* mode = nullptr, const char* free_ends = nullptr) {
  ScoringOptions options;
  options.matrix = matrix;
  options.gap_open = open;
  options.gap_extend = extend;
  if (mode) options.mode = mode;
  if (free_ends) options.free_ends = free_ends;
  return options;
}

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
  ScoringOptions linear = matrix_scheme("EDNAFULL", 4, 4);
  all.push_back({Alphabet::dna, linear});
  // BLOSUM62 at scale 20: scores past a signed byte, so the matrix stays in the shared
  // table instead of the query profile.
  ScoringOptions fine = protein;
  fine.gap_extend = 0.05;
  all.push_back({Alphabet::protein, fine});
  // Protein schemes past the usual affine ones: gap open below gap extend (a new gap then
  // beats extending one), and linear gaps with every end free.
  ScoringOptions cheap_open = protein;
  cheap_open.end_gaps_free = false;
  cheap_open.gap_open = 1;
  cheap_open.gap_extend = 3;
  all.push_back({Alphabet::protein, cheap_open});
  all.push_back({Alphabet::protein, matrix_scheme("BLOSUM62", 4, 4, "semi-global", "qb,qe,db,de")});
  // Local alignment (the 32-bit kernels only) and semi-global ones whose free ends differ
  // between begin and end, query and target (negative bests reduced across blocks too).
  dna.end_gaps_free = false;
  protein.end_gaps_free = false;
  dna.mode = protein.mode = linear.mode = "local";
  all.push_back({Alphabet::dna, dna});
  all.push_back({Alphabet::protein, protein});
  all.push_back({Alphabet::dna, linear});
  dna.mode = protein.mode = "semi-global";
  for (const char* ends : {"qb,de", "qe,db", "db", "de"}) {
    dna.free_ends = ends;
    all.push_back({Alphabet::dna, dna});
  }
  for (const char* ends : {"qb,qe", "qb,de", "qe,db,de"}) {
    protein.free_ends = ends;
    all.push_back({Alphabet::protein, protein});
  }
  ScoringOptions affine_matrix = matrix_scheme("EDNAFULL", 10, 0.5, "semi-global", "qe,db");
  all.push_back({Alphabet::dna, affine_matrix});
  affine_matrix.mode = "local";
  affine_matrix.free_ends.clear();
  all.push_back({Alphabet::dna, affine_matrix});
  fine.end_gaps_free = false;  // local alignments have no end gaps
  fine.mode = "local";
  all.push_back({Alphabet::protein, fine});
  return all;
}

// Enough block-class pairs to fill any GPU one warp per pair (3,000 queries of 2049-2100
// rows, short targets): the aligner runs them on the warp class instead.
TestBatch many_long_queries(Alphabet alphabet, std::mt19937& rng) {
  SequenceMaker make(alphabet, rng);
  std::uniform_int_distribution<std::uint32_t> query_length(2049, 2100);
  std::uniform_int_distribution<std::uint32_t> target_length(1, 16);
  TestBatch batch;
  for (int k = 0; k < 3000; ++k)
    add_pair(batch, make.random(query_length(rng)), make.random(target_length(rng)));
  return batch;
}

// Every scheme, score-only and with traceback, each on 32-bit and on packed 16-bit scores:
// the GPU gives the host kernel's scores and CIGAR strings on every pair that make_batch
// draws.
template <typename MakeBatch>
void expect_gpu_matches_host(const MakeBatch& make_batch) {
  std::unique_ptr<kernels::align::Aligner> gpus[] = {kernels::align::make_cuda_aligner(0, false),
                                                     kernels::align::make_cuda_aligner(0, true)};
  auto host = kernels::align::make_host_aligner();
  std::mt19937 rng(20261121);
  for (const auto& scheme : schemes()) {
    const ScoringScheme scoring = make_scoring(scheme.options, scheme.alphabet);
    TestBatch made = make_batch(scheme.alphabet, rng);
    const kernels::align::PairBatch& batch = made.view();
    for (const bool traceback : {false, true})
      for (int packed = 0; packed < 2; ++packed) {
        const std::string form = std::string(packed ? " packed 16-bit" : " 32-bit") +
                                 (traceback ? " traceback" : " score-only");
        kernels::align::AlignedBatch expected;
        kernels::align::AlignedBatch got;
        host->align(batch, scoring.kernel, traceback, expected);
        gpus[packed]->align(batch, scoring.kernel, traceback, got);
        ASSERT_EQ(got.size(), expected.size());
        int mismatches = 0;
        for (std::size_t p = 0; p < batch.size(); ++p) {
          const auto region = [](const kernels::align::PairResult& r) {
            return std::array<std::uint32_t, 4>{r.query_begin, r.query_end, r.target_begin,
                                                r.target_end};
          };
          const kernels::align::PairResult gpu_result = got.result(p);
          const kernels::align::PairResult host_result = expected.result(p);
          if (gpu_result.score == host_result.score && gpu_result.cigar == host_result.cigar &&
              region(gpu_result) == region(host_result))
            continue;
          if (++mismatches > 10) continue;
          ADD_FAILURE() << scoring.description << form << ": pair " << p << " ("
                        << batch.query_length(p) << " x " << batch.target_length(p) << ", class "
                        << kernels::align::kLengthClasses[kernels::align::length_class_of(
                                                              batch.query_length(p))]
                               .name
                        << "): GPU " << gpu_result.score << " " << gpu_result.cigar.substr(0, 80)
                        << ", host " << host_result.score << " " << host_result.cigar.substr(0, 80)
                        << " (regions " << gpu_result.query_begin << "-" << gpu_result.query_end
                        << "/" << gpu_result.target_begin << "-" << gpu_result.target_end << " and "
                        << host_result.query_begin << "-" << host_result.query_end << "/"
                        << host_result.target_begin << "-" << host_result.target_end << ")";
        }
        EXPECT_EQ(mismatches, 0) << scoring.description << form;
      }
  }
}

TEST(GpuKernels, EveryClassMatchesTheHostKernel) {
  if (kernels::align::cuda_device_count() == 0) GTEST_SKIP() << "no GPU visible";
  expect_gpu_matches_host(random_batch);
}

TEST(GpuKernels, BlockClassMatchesTheHostKernelOnLongPairs) {
  if (kernels::align::cuda_device_count() == 0) GTEST_SKIP() << "no GPU visible";
  static_assert(kernels::align::kLengthClasses[kernels::align::kLengthClassCount - 1].warps > 1,
                "the longest class is the block class");
  ASSERT_STREQ(kernels::align::kLengthClasses[kernels::align::length_class_of(2049)].name, "block");
  expect_gpu_matches_host(long_batch);
}

TEST(GpuKernels, BlockClassOverSeveralBlocksMatchesTheHostKernel) {
  if (kernels::align::cuda_device_count() == 0) GTEST_SKIP() << "no GPU visible";
  expect_gpu_matches_host(few_long_pairs);
}

TEST(GpuKernels, ManyLongQueriesMatchTheHostKernel) {
  if (kernels::align::cuda_device_count() == 0) GTEST_SKIP() << "no GPU visible";
  expect_gpu_matches_host(many_long_queries);
}

// Pairs whose scratch exceeds the GPU's budget (here 1 MiB per chunk: a 3,000-residue
// pair's direction bits take 4.5 MB) are aligned on the host, banded from checkpoints
// where their direction bits are many, between pairs that stay on the GPU.
TEST(GpuKernels, PairsTooLargeForTheScratchFallBackToTheHost) {
  if (kernels::align::cuda_device_count() == 0) GTEST_SKIP() << "no GPU visible";
  std::mt19937 rng(99);
  for (const Alphabet alphabet : {Alphabet::dna, Alphabet::protein}) {
    ScoringOptions options;
    options.gap_open = 10;
    options.gap_extend = 0.5;
    for (const char* mode : {"global", "local"}) {
      options.mode = mode;
      const ScoringScheme scoring = make_scoring(options, alphabet);
      SequenceMaker make(alphabet, rng);
      TestBatch made;
      for (const std::uint32_t m : {200u, 3000u, 40u, 5000u, 900u}) {
        const std::vector<std::uint8_t> q = make.random(m);
        add_pair(made, q, make.mutated(q));
      }
      const kernels::align::PairBatch& batch = made.view();
      auto host = kernels::align::make_host_aligner();
      auto gpu = kernels::align::make_cuda_aligner(0, true, std::uint64_t{1} << 20);
      for (const bool traceback : {false, true}) {
        kernels::align::AlignedBatch expected;
        kernels::align::AlignedBatch got;
        host->align(batch, scoring.kernel, traceback, expected);
        gpu->align(batch, scoring.kernel, traceback, got);
        ASSERT_EQ(got.size(), expected.size());
        EXPECT_EQ(got.scores, expected.scores) << mode;
        EXPECT_EQ(got.cigars, expected.cigars) << mode;
        EXPECT_EQ(got.regions, expected.regions) << mode;
      }
    }
  }
}

// As the driver runs them: each batch packed into the aligner's own pinned buffer, which
// grows as batches get larger, the upload made straight from it, and the copies timed.
TEST(GpuKernels, BatchesPackedIntoPinnedBuffersMatchTheHostKernel) {
  if (kernels::align::cuda_device_count() == 0) GTEST_SKIP() << "no GPU visible";
  auto gpu = kernels::align::make_cuda_aligner(0, true);
  auto host = kernels::align::make_host_aligner();
  std::mt19937 rng(7);
  ScoringOptions options;
  options.match = 2;
  options.mismatch = -3;
  options.gap_open = 5;
  options.gap_extend = 2;
  const ScoringScheme scoring = make_scoring(options, Alphabet::dna);
  SequenceMaker make(Alphabet::dna, rng);
  std::uniform_int_distribution<std::uint32_t> length(900, 1100);
  for (const int pairs : {50, 400, 120, 1500}) {
    TestBatch made;
    for (int k = 0; k < pairs; ++k) {
      const std::vector<std::uint8_t> q = make.random(length(rng));
      add_pair(made, q, make.mutated(q));
    }
    kernels::align::PairBatch pinned = made.view();
    std::uint8_t* buffer = gpu->residue_buffer(made.pool.size());
    std::memcpy(buffer, made.pool.data(), made.pool.size());
    pinned.residues = buffer;
    kernels::align::AlignedBatch expected;
    kernels::align::AlignedBatch got;
    const double transfers_before = gpu->transfer_seconds();
    host->align(made.view(), scoring.kernel, false, expected);
    gpu->align(pinned, scoring.kernel, false, got);
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t p = 0; p < got.size(); ++p)
      ASSERT_EQ(got.scores[p], expected.scores[p]) << pairs << " pairs: pair " << p;
    EXPECT_GT(gpu->transfer_seconds(), transfers_before) << "the upload was not timed";
  }
}

}  // namespace
}  // namespace wg::align
