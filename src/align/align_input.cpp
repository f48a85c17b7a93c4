#include "src/align/align_input.hpp"

#include <omp.h>

#include <future>
#include <optional>
#include <string>

#include "src/common/error.hpp"
#include "src/common/input_stream.hpp"

namespace wg::align {
namespace {

// A sample of every file's residues decides the alphabet when --alphabet is not given.
constexpr std::size_t kSample = 1 << 20;

Alphabet detect(const std::vector<FastaFile>& files) {
  std::string sample;
  for (const FastaFile& file : files)
    for (const auto& record : file.records) {
      if (sample.size() >= kSample) break;
      sample += record.residues.substr(0, kSample - sample.size());
    }
  return detect_alphabet(sample);
}

Alphabet detect(const std::vector<IndexedFasta>& files,
                const std::vector<std::unique_ptr<MappedFile>>& maps) {
  std::string sample;
  for (std::size_t f = 0; f < files.size(); ++f)
    for (std::size_t r = 0; r < files[f].index.records() && sample.size() < kSample; ++r)
      for (const char c : residue_text(files[f].index, *maps[f], r)) {
        if (sample.size() == kSample) break;
        if (!is_blank(static_cast<unsigned char>(c))) sample += c;
      }
  return detect_alphabet(sample);
}

std::vector<std::uint32_t> lengths_of(const std::vector<Sequence>& sequences) {
  std::vector<std::uint32_t> lengths(sequences.size());
  for (std::size_t i = 0; i < sequences.size(); ++i)
    lengths[i] = static_cast<std::uint32_t>(sequences[i].codes.size());
  return lengths;
}

void require_equal_counts(const std::vector<std::string>& paths, std::size_t first,
                          std::size_t second) {
  if (first != second)
    fail("--pairs: {} has {} records but {} has {}; the files pair record by record", paths[0],
         first, paths[1], second);
}

// Every file indexed, or nothing (then all are read whole): a plain file whose content is
// FASTA can be indexed. The files are indexed side by side: each has steps on one thread
// (allocating and filling its arrays) while the other's pieces keep the cores busy.
std::optional<std::vector<IndexedFasta>> index_all(const std::vector<std::string>& paths,
                                                   std::vector<std::unique_ptr<MappedFile>>& maps) {
  for (const std::string& path : paths) {
    if (input_is_sequential(path)) return std::nullopt;
    maps.push_back(std::make_unique<MappedFile>(path));
  }
  std::vector<std::future<std::optional<IndexedFasta>>> indexing;
  for (const auto& map : maps)
    indexing.push_back(std::async(std::launch::async, [&map] { return index_fasta(*map); }));
  // In file order, so that an error in the first file is the one reported.
  std::vector<IndexedFasta> files;
  bool every_file = true;
  for (auto& file : indexing) {
    std::optional<IndexedFasta> indexed = file.get();
    if (indexed)
      files.push_back(std::move(*indexed));
    else
      every_file = false;
  }
  if (!every_file) return std::nullopt;
  return files;
}

void load_indexed(const AlignOptions& options, std::vector<IndexedFasta>&& files,
                  const std::vector<std::unique_ptr<MappedFile>>& maps, AlignInput& input) {
  input.alphabet =
      options.alphabet.empty() ? detect(files, maps) : parse_alphabet(options.alphabet);
  input.scheme = make_scoring(options.scoring, input.alphabet);
  input.query_digest = files[0].digest;
  input.query_lengths = files[0].index.lengths;
  input.queries = std::move(files[0].sequences);
  if (files.size() > 1) {
    input.target_digest = files[1].digest;
    input.separate_target_lengths = files[1].index.lengths;
    input.separate_targets = std::move(files[1].sequences);
  }
  for (IndexedFasta& file : files) input.index.push_back(std::move(file.index));
  input.indexed = true;
}

void load_whole(const AlignOptions& options, const std::vector<std::string>& paths,
                AlignInput& input) {
  std::vector<FastaFile> files;
  for (const std::string& path : paths) files.push_back(read_fasta(path));
  if (!options.pairs.empty())
    require_equal_counts(paths, files[0].records.size(), files[1].records.size());
  input.alphabet = options.alphabet.empty() ? detect(files) : parse_alphabet(options.alphabet);
  input.query_digest = digest_of(files[0]);
  if (files.size() > 1) input.target_digest = digest_of(files[1]);
  input.scheme = make_scoring(options.scoring, input.alphabet);
  input.queries = encode_fasta(files[0], input.alphabet, input.scheme.allowed);
  input.query_lengths = lengths_of(input.queries);
  if (files.size() > 1) {
    input.separate_targets = encode_fasta(files[1], input.alphabet, input.scheme.allowed);
    input.separate_target_lengths = lengths_of(input.separate_targets);
  }
}

}  // namespace

AlignInput load_align_input(const AlignOptions& options) {
  const int modes = (!options.pairs.empty() ? 1 : 0) + (!options.all_vs_all.empty() ? 1 : 0) +
                    (!options.query.empty() || !options.target.empty() ? 1 : 0);
  WG_REQUIRE(modes == 1,
             "give exactly one of --pairs A B, --all-vs-all FILE, --query Q --target T");
  WG_REQUIRE(options.query.empty() == options.target.empty(), "--query and --target go together");
  WG_REQUIRE(options.pairs.empty() || options.pairs.size() == 2, "--pairs takes two FASTA files");

  std::vector<std::string> paths;
  PairMode mode = PairMode::pairs;
  if (!options.pairs.empty()) {
    paths = options.pairs;
  } else if (!options.all_vs_all.empty()) {
    mode = PairMode::all_vs_all;
    paths = {options.all_vs_all};
  } else {
    mode = PairMode::query_target;
    paths = {options.query, options.target};
  }

  AlignInput input;
  input.targets_are_queries = paths.size() == 1;
  std::vector<std::unique_ptr<MappedFile>> maps;
  auto indexed = index_all(paths, maps);
  if (indexed) {
    if (!options.pairs.empty())
      require_equal_counts(paths, (*indexed)[0].index.records(), (*indexed)[1].index.records());
    load_indexed(options, std::move(*indexed), maps, input);
  } else {
    load_whole(options, paths, input);
  }
  const auto q = static_cast<std::uint32_t>(input.query_lengths.size());
  const auto t = static_cast<std::uint32_t>(input.target_lengths().size());
  input.plan = std::make_unique<PairPlan>(mode, q, t);
  return input;
}

void read_residues(AlignInput& input, const SequenceStore& store) {
  if (!input.indexed) return;  // read whole already
  const auto queries = static_cast<std::int64_t>(input.queries.size());
  const auto all = queries + static_cast<std::int64_t>(input.separate_targets.size());
  copy_sequences(
      store, all, omp_get_max_threads(),
      [](std::int64_t key) { return static_cast<std::uint32_t>(key); },
      [&](std::int64_t key) {
        const bool query = key < queries;
        const auto k = static_cast<std::size_t>(query ? key : key - queries);
        Sequence& sequence = query ? input.queries[k] : input.separate_targets[k];
        sequence.codes.resize(query ? input.query_lengths[k] : input.separate_target_lengths[k]);
        return sequence.codes.data();
      });
}

}  // namespace wg::align
