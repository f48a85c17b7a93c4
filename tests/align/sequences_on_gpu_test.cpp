// The input's sequences kept on the GPU (src/align/sequences_on_gpu.hpp): FASTA files laid
// out every way the format allows (lines of any width, CRLF line ends, blank lines and
// spaces, lower case) are encoded on the GPU, and batches pointed at them align to the
// scores, CIGAR strings and regions of the same batches packed on the host by the host
// kernel; pairs too large for the GPU's scratch come back to the host. A bad letter is
// reported with the host's message. Sequences read whole and encoded on the host go to the
// GPU as they are, with the same results. Skips without a GPU.
#include "src/align/sequences_on_gpu.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "kernels/align/aligner.hpp"
#include "src/align/alphabet.hpp"
#include "src/align/fasta_index.hpp"
#include "src/align/residue_encoder.hpp"
#include "src/align/scoring.hpp"
#include "src/align/sequence_store.hpp"
#include "src/common/error.hpp"

namespace wg::align {
namespace {

namespace fs = std::filesystem;

class SequencesOnGpuTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (kernels::align::cuda_device_count() == 0) GTEST_SKIP() << "no GPU visible";
    dir_ = fs::temp_directory_path() /
           ("wg_sequences_on_gpu_" +
            std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  // Records of the given lengths over `letters`, written with random layouts; returns the
  // file's path.
  std::string write_fasta(const std::string& name, const std::string& letters,
                          const std::vector<std::uint32_t>& lengths, std::mt19937& rng,
                          const std::string& bad = "") {
    std::uniform_int_distribution<std::size_t> letter(0, letters.size() - 1);
    std::uniform_int_distribution<int> width(1, 90);
    std::uniform_real_distribution<double> unit(0, 1);
    std::string text;
    for (std::size_t r = 0; r < lengths.size(); ++r) {
      const bool crlf = unit(rng) < 0.3;
      const std::string eol = crlf ? "\r\n" : "\n";
      text += ">" + name + std::to_string(r) + " record " + std::to_string(r) + eol;
      std::string residues;
      for (std::uint32_t k = 0; k < lengths[r]; ++k) {
        char c = letters[letter(rng)];
        if (unit(rng) < 0.1) c = static_cast<char>(std::tolower(c));
        residues += c;
      }
      if (!bad.empty() && r == 2) residues[lengths[r] / 2] = bad[0];
      const int w = unit(rng) < 0.5 ? 60 : width(rng);
      for (std::size_t at = 0; at < residues.size(); at += static_cast<std::size_t>(w)) {
        text += residues.substr(at, static_cast<std::size_t>(w));
        if (unit(rng) < 0.05) text += "  \t";
        text += eol;
      }
      if (unit(rng) < 0.2) text += eol;
    }
    const std::string path = (dir_ / (name + ".fa")).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  static FastaIndex index_of(const std::string& path) {
    const MappedFile file(path);
    return index_fasta(file)->index;
  }

  fs::path dir_;
};

// Pair k: query record k with target record (k * 7) % targets, the batch's slots listed in
// an order of their own (a batch names the sequences it uses once each).
comm::align::WorkBatch batch_over(const JobSetup& setup) {
  const FastaIndex& queries = setup.files[0];
  const FastaIndex& targets = setup.files[1];
  const auto query_records = static_cast<std::uint32_t>(queries.records());
  comm::align::WorkBatch batch;
  std::uint64_t at = 0;
  auto add_slot = [&](std::uint32_t key, std::uint32_t length) {
    batch.sequences.push_back(key);
    batch.lengths.push_back(length);
    batch.offsets.push_back(at);
    at += length;
    return static_cast<std::uint32_t>(batch.sequences.size() - 1);
  };
  for (std::uint32_t k = 0; k < query_records; ++k) {
    const auto t = static_cast<std::uint32_t>((k * 7) % targets.records());
    batch.query.push_back(add_slot(k, queries.lengths[k]));
    batch.target.push_back(add_slot(query_records + t, targets.lengths[t]));
    batch.pair_ids.push_back(k);
  }
  return batch;
}

// A batch packed on the host from `store` (the reference) and the same batch pointed at
// the sequences the GPU keeps.
struct BothWays {
  std::vector<std::uint8_t> pool;
  kernels::align::PairBatch packed;
  kernels::align::PairBatch on_gpu;
};
BothWays both_ways(const comm::align::WorkBatch& batch, const SequenceStore& store,
                   const SequencesOnGpu& held) {
  BothWays out;
  out.pool.resize(batch.pool_size());
  pack_residues(batch, store, out.pool.data());
  out.packed.residues = out.pool.data();
  out.packed.offsets = batch.offsets;
  out.packed.lengths = batch.lengths;
  out.packed.query = batch.query;
  out.packed.target = batch.target;
  out.on_gpu = out.packed;
  held.place(batch, out.on_gpu);
  return out;
}

TEST_F(SequencesOnGpuTest, BatchesOverThemMatchBatchesPackedOnTheHost) {
  std::mt19937 rng(11);
  for (const Alphabet alphabet : {Alphabet::dna, Alphabet::protein}) {
    const bool dna = alphabet == Alphabet::dna;
    const std::string letters = dna ? "ACGTN" : std::string(alphabet_letters(alphabet));
    std::uniform_int_distribution<std::uint32_t> length(1, dna ? 1500 : 600);
    std::vector<std::uint32_t> query_lengths(300);
    std::vector<std::uint32_t> target_lengths(170);
    for (auto& l : query_lengths) l = length(rng);
    for (auto& l : target_lengths) l = length(rng);
    // Long pairs: aligned on the host when the scratch is small (below), their residues
    // fetched back from the GPU.
    query_lengths[5] = 3000;
    target_lengths[35] = 3100;
    ScoringOptions options;
    options.gap_open = 10;
    options.gap_extend = 1;
    const ScoringScheme scoring = make_scoring(options, alphabet);
    JobSetup setup;
    setup.alphabet = alphabet_name(alphabet);
    setup.letter_codes = letter_codes(alphabet, scoring.allowed);
    setup.files = {index_of(write_fasta("q", letters, query_lengths, rng)),
                   index_of(write_fasta("t", letters, target_lengths, rng))};
    const auto held = SequencesOnGpu::upload(0, setup);
    ASSERT_NE(held, nullptr);
    std::uint64_t residues = 0;
    for (const auto l : query_lengths) residues += l;
    for (const auto l : target_lengths) residues += l;
    EXPECT_EQ(held->residues(), residues);

    const comm::align::WorkBatch batch = batch_over(setup);
    const IndexedSequences files(setup.files, setup.letter_codes, setup.alphabet);
    const BothWays made = both_ways(batch, files, *held);
    const kernels::align::PairBatch& packed = made.packed;
    const kernels::align::PairBatch& on_gpu = made.on_gpu;
    EXPECT_EQ(on_gpu.residues, nullptr);
    ASSERT_NE(on_gpu.device_residues, nullptr);

    auto host = kernels::align::make_host_aligner();
    for (const std::uint64_t scratch : {std::uint64_t{0}, std::uint64_t{1} << 20}) {
      auto gpu = kernels::align::make_cuda_aligner(0, true, scratch);
      for (const bool traceback : {false, true}) {
        kernels::align::AlignedBatch expected;
        kernels::align::AlignedBatch got;
        host->align(packed, scoring.kernel, traceback, expected);
        gpu->align(on_gpu, scoring.kernel, traceback, got);
        ASSERT_EQ(got.size(), expected.size());
        EXPECT_EQ(got.scores, expected.scores) << setup.alphabet << " scratch " << scratch;
        EXPECT_EQ(got.cigars, expected.cigars) << setup.alphabet << " scratch " << scratch;
        EXPECT_EQ(got.regions, expected.regions) << setup.alphabet << " scratch " << scratch;
      }
    }
  }
}

// Inputs read whole by rank 0 (compressed, standard input, FASTQ): their codes go to the
// GPU as they are, queries then targets, or the queries alone when they are the targets.
TEST_F(SequencesOnGpuTest, SequencesReadWholeMatchBatchesPackedOnTheHost) {
  std::mt19937 rng(3);
  std::uniform_int_distribution<std::uint32_t> length(1, 700);
  std::uniform_int_distribution<int> code(0, 22);
  auto make = [&](std::size_t count) {
    std::vector<Sequence> sequences(count);
    for (auto& s : sequences) {
      s.codes.resize(length(rng));
      for (auto& c : s.codes) c = static_cast<std::uint8_t>(code(rng));
    }
    return sequences;
  };
  const std::vector<Sequence> queries = make(250);
  const std::vector<Sequence> targets = make(90);
  ScoringOptions options;
  options.matrix = "BLOSUM62";
  const ScoringScheme scoring = make_scoring(options, Alphabet::protein);
  auto host = kernels::align::make_host_aligner();
  auto gpu = kernels::align::make_cuda_aligner(0, true);
  for (const bool same : {false, true}) {
    const std::vector<Sequence>& with = same ? queries : targets;
    const auto held = SequencesOnGpu::upload(0, queries, with);
    ASSERT_NE(held, nullptr);
    const auto target_base = static_cast<std::uint32_t>(same ? 0 : queries.size());
    comm::align::WorkBatch batch;
    std::uint64_t at = 0;
    for (std::uint32_t k = 0; k < queries.size(); ++k) {
      const auto t = static_cast<std::uint32_t>((k * 11 + 5) % with.size());
      for (const auto& [key, sequence] :
           {std::pair{k, &queries[k]}, std::pair{target_base + t, &with[t]}}) {
        batch.sequences.push_back(key);
        batch.lengths.push_back(static_cast<std::uint32_t>(sequence->codes.size()));
        batch.offsets.push_back(at);
        at += sequence->codes.size();
      }
      batch.query.push_back(2 * k);
      batch.target.push_back(2 * k + 1);
    }
    const BothWays made = both_ways(batch, EncodedSequences(queries, with), *held);
    for (const bool traceback : {false, true}) {
      kernels::align::AlignedBatch expected;
      kernels::align::AlignedBatch got;
      host->align(made.packed, scoring.kernel, traceback, expected);
      gpu->align(made.on_gpu, scoring.kernel, traceback, got);
      EXPECT_EQ(got.scores, expected.scores) << "targets are the queries: " << same;
      EXPECT_EQ(got.cigars, expected.cigars) << "targets are the queries: " << same;
    }
  }
}

TEST_F(SequencesOnGpuTest, ABadLetterIsReportedAsTheHostReportsIt) {
  std::mt19937 rng(5);
  const ScoringScheme scoring = make_scoring(ScoringOptions{}, Alphabet::dna);
  JobSetup setup;
  setup.alphabet = alphabet_name(Alphabet::dna);
  setup.letter_codes = letter_codes(Alphabet::dna, scoring.allowed);
  const std::vector<std::uint32_t> lengths{40, 700, 90, 1200, 15};
  setup.files = {index_of(write_fasta("good", "ACGT", lengths, rng)),
                 index_of(write_fasta("bad", "ACGT", lengths, rng, "J"))};
  // Record 3 of the second file, key 5 + 2.
  std::string expected;
  try {
    const IndexedSequences files(setup.files, setup.letter_codes, setup.alphabet);
    std::vector<std::uint8_t> codes(lengths[2]);
    files.copy(7, codes.data());
  } catch (const Error& error) {
    expected = error.what();
  }
  ASSERT_NE(expected.find("invalid dna letter 'J'"), std::string::npos) << expected;
  try {
    SequencesOnGpu::upload(0, setup);
    FAIL() << "no error for the bad letter";
  } catch (const Error& error) {
    EXPECT_EQ(std::string(error.what()), expected);
  }
}

}  // namespace
}  // namespace wg::align
