#include "align/align_input.hpp"

#include <string>

#include "error.hpp"

namespace wg::align {
namespace {

// A sample of every file's residues decides the alphabet when --alphabet is not given.
Alphabet detect(const std::vector<const FastaFile*>& files) {
  constexpr std::size_t kSample = 1 << 20;
  std::string sample;
  for (const FastaFile* file : files)
    for (const auto& record : file->records) {
      if (sample.size() >= kSample) break;
      sample += record.residues.substr(0, kSample - sample.size());
    }
  return detect_alphabet(sample);
}

}  // namespace

AlignInput load_align_input(const AlignOptions& options) {
  const int modes = (!options.pairs.empty() ? 1 : 0) + (!options.all_vs_all.empty() ? 1 : 0) +
                    (!options.query.empty() || !options.target.empty() ? 1 : 0);
  WG_REQUIRE(modes == 1, "give exactly one of --pairs A B, --all-vs-all FILE, --query Q --target T");
  WG_REQUIRE(options.query.empty() == options.target.empty(), "--query and --target go together");
  WG_REQUIRE(options.pairs.empty() || options.pairs.size() == 2, "--pairs takes two FASTA files");

  std::vector<FastaFile> files;
  PairMode mode = PairMode::pairs;
  if (!options.pairs.empty()) {
    files.push_back(read_fasta(options.pairs[0]));
    files.push_back(read_fasta(options.pairs[1]));
    if (files[0].records.size() != files[1].records.size())
      fail("--pairs: {} has {} records but {} has {}; the files pair record by record",
           files[0].path, files[0].records.size(), files[1].path, files[1].records.size());
  } else if (!options.all_vs_all.empty()) {
    mode = PairMode::all_vs_all;
    files.push_back(read_fasta(options.all_vs_all));
  } else {
    mode = PairMode::query_target;
    files.push_back(read_fasta(options.query));
    files.push_back(read_fasta(options.target));
  }

  AlignInput input;
  std::vector<const FastaFile*> all;
  for (const auto& f : files) all.push_back(&f);
  input.alphabet = options.alphabet.empty() ? detect(all) : parse_alphabet(options.alphabet);
  input.scheme = make_scoring(options.scoring, input.alphabet);
  input.queries = encode_fasta(files[0], input.alphabet, input.scheme.allowed);
  input.targets_are_queries = files.size() == 1;
  if (!input.targets_are_queries)
    input.separate_targets = encode_fasta(files[1], input.alphabet, input.scheme.allowed);
  const auto q = static_cast<std::uint32_t>(input.queries.size());
  const auto t = static_cast<std::uint32_t>(input.targets().size());
  input.plan = std::make_unique<PairPlan>(mode, q, t);
  return input;
}

}  // namespace wg::align
