// Fuzz target for substitution matrix files (NCBI format, as --matrix FILE reads them):
// any input, for either alphabet, either throws wg::Error or gives a scoring scheme with a
// positive scale that the score range check accepts or refuses with wg::Error.
#include "src/align/scoring.hpp"
#include "src/common/error.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wg::align;
  const std::string path = wg::fuzz::scratch_file("matrix.txt", data, size);
  for (const Alphabet alphabet : {Alphabet::dna, Alphabet::protein}) {
    try {
      ScoringOptions options;
      options.matrix = path;
      const ScoringScheme scheme = make_scoring(options, alphabet);
      if (scheme.scale < 1) wg::fuzz::broken_promise("a scale below 1");
      // The scheme must be usable for the range check of any job size.
      check_score_range(scheme, 2);
      check_score_range(scheme, std::uint64_t{1} << 40);
    } catch (const wg::Error&) {
      // A clear error is the promised outcome for bad input.
    }
  }
  return 0;
}
