// Residue text of a FASTA record (letters, blanks, line ends) into the residue codes the
// aligners take, with every letter checked against the scoring. This is the inner loop of
// packing a batch from the mapped input files, run over every residue of every pair, so on
// x86-64 CPUs with AVX2 it takes 32 bytes at a time: a byte's code is looked up in the
// 16-entry table of its high nibble (a byte shuffle per nibble), and blanks are squeezed
// out between the runs of letters. Elsewhere, and for the last bytes of a record, one byte
// at a time; both give the same codes and stop at the same bad letter.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "src/align/alphabet.hpp"

namespace wg::align {

// Per input byte: its residue code, kBlankByte (skipped) or kNoCode (a letter the scoring
// cannot score).
inline constexpr std::int8_t kBlankByte = -2;
std::vector<std::int8_t> letter_codes(Alphabet alphabet, const std::vector<bool>& allowed);

class ResidueEncoder {
 public:
  // codes: 256 entries, as letter_codes() builds them.
  explicit ResidueEncoder(const std::vector<std::int8_t>& codes);

  struct Encoded {
    std::size_t residues = 0;          // codes written
    const char* bad_letter = nullptr;  // the first byte that is neither a letter nor blank
    bool overflow = false;             // the text holds more than `room` residues
  };
  // Writes the codes of `text` to dest, at most `room` of them; stops at a bad letter
  // (residues then counts the codes before it) or when the room is full.
  Encoded encode(std::string_view text, std::uint8_t* dest, std::size_t room) const;

 private:
  std::array<std::int8_t, 256> codes_{};
  // codes_ of bytes 0-127, 16 per high nibble, each row twice (both 128-bit lanes).
  alignas(32) std::array<std::array<std::int8_t, 32>, 8> by_high_nibble_{};
};

}  // namespace wg::align
