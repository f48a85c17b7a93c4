// Fuzz target for the sequence reader (FASTA or FASTQ, plain or compressed, detected
// from the content): any input either throws wg::Error or gives records with residues
// that encode, under the default scoring of the detected alphabet, to codes the scoring
// scores.
#include "src/align/fasta.hpp"
#include "src/align/scoring.hpp"
#include "src/common/error.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wg::align;
  const std::string path = wg::fuzz::scratch_file("input.fa", data, size);
  try {
    const FastaFile file = read_fasta(path);
    if (file.records.empty()) wg::fuzz::broken_promise("a file without records was accepted");
    std::string residues;
    for (const FastaRecord& record : file.records) {
      if (record.residues.empty()) wg::fuzz::broken_promise("a record without residues");
      residues += record.residues;
    }
    const Alphabet alphabet = detect_alphabet(residues);
    const ScoringScheme scheme = make_scoring(ScoringOptions{}, alphabet);
    const std::vector<Sequence> sequences = encode_fasta(file, alphabet, scheme.allowed);
    if (sequences.size() != file.records.size())
      wg::fuzz::broken_promise("a record was lost in encoding");
    for (std::size_t s = 0; s < sequences.size(); ++s) {
      if (sequences[s].codes.size() != file.records[s].residues.size())
        wg::fuzz::broken_promise("encoding changed a sequence's length");
      for (const std::uint8_t code : sequences[s].codes)
        if (code >= scheme.allowed.size() || !scheme.allowed[code])
          wg::fuzz::broken_promise("a residue encoded to a code the scoring cannot score");
    }
  } catch (const wg::Error&) {
    // A clear error is the promised outcome for bad input.
  }
  return 0;
}
