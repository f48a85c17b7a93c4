#include "src/align/alphabet.hpp"

#include <cctype>

#include "src/common/error.hpp"

namespace wg::align {
namespace {
constexpr std::string_view kDnaLetters = "ATGCSWRYKMBVHDN";
constexpr std::string_view kProteinLetters = "ARNDCQEGHILKMFPSTWYVBZX*";
}  // namespace

std::string_view alphabet_letters(Alphabet alphabet) {
  return alphabet == Alphabet::dna ? kDnaLetters : kProteinLetters;
}

std::string alphabet_name(Alphabet alphabet) {
  return alphabet == Alphabet::dna ? "dna" : "protein";
}

Alphabet parse_alphabet(const std::string& name) {
  if (name == "dna") return Alphabet::dna;
  if (name == "protein") return Alphabet::protein;
  fail("--alphabet: unknown alphabet '{}' (use dna or protein)", name);
}

std::int8_t residue_code(Alphabet alphabet, char letter) {
  char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
  if (alphabet == Alphabet::dna && upper == 'U') upper = 'T';
  const auto letters = alphabet_letters(alphabet);
  const auto at = letters.find(upper);
  return at == std::string_view::npos ? kNoCode : static_cast<std::int8_t>(at);
}

Alphabet detect_alphabet(std::string_view residues) {
  std::size_t plain = 0;
  for (const char c : residues) {
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (residue_code(Alphabet::dna, upper) == kNoCode) return Alphabet::protein;
    if (std::string_view("ACGTUN").find(upper) != std::string_view::npos) ++plain;
  }
  return 2 * plain >= residues.size() ? Alphabet::dna : Alphabet::protein;
}

std::string quoted_letter(char letter) {
  const auto byte = static_cast<unsigned char>(letter);
  return std::isprint(byte) ? fmt::format("'{}'", letter) : fmt::format("byte {:#04x}", byte);
}

}  // namespace wg::align
