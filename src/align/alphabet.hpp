// Residue alphabets: DNA/RNA with IUPAC ambiguity codes, and proteins (20 amino acids
// plus B, Z, X and the stop *). Letters are case-insensitive and become small codes.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace wg::align {

enum class Alphabet { dna, protein };

inline constexpr std::int8_t kNoCode = -1;

// Letters in code order (the column order of NCBI's NUC.4.4 and BLOSUM62).
std::string_view alphabet_letters(Alphabet alphabet);
std::string alphabet_name(Alphabet alphabet);
Alphabet parse_alphabet(const std::string& name);  // "dna" or "protein"

// Code of an upper- or lower-case letter, or kNoCode. RNA's U is T.
std::int8_t residue_code(Alphabet alphabet, char letter);

// A letter as messages quote it: 'J', or "byte 0x00" for one that does not print.
std::string quoted_letter(char letter);

// DNA when every letter is a nucleotide code and most are A, C, G, T, U or N.
Alphabet detect_alphabet(std::string_view residues);

}  // namespace wg::align
