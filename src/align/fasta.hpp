// FASTA input: multi-line records, any case, plain or gzip-compressed. Records are read
// as text first (so the alphabet can be detected over all inputs), then encoded with a
// check that names the file, record and position of any letter outside the alphabet.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "align/alphabet.hpp"

namespace wg::align {

struct FastaRecord {
  std::string id;        // first word of the header
  std::string residues;  // letters as written, line breaks and blanks removed
  std::size_t line = 0;  // line of the header, for messages
};

struct FastaFile {
  std::string path;
  std::vector<FastaRecord> records;
};

// Reads every record; throws wg::Error for a missing or empty file, a file that is not
// FASTA, or a record without residues.
FastaFile read_fasta(const std::string& path);

// A sequence as the kernels see it.
struct Sequence {
  std::string id;
  std::vector<std::uint8_t> codes;
};

// Encodes every record; `allowed` says which codes the scoring scheme can score.
std::vector<Sequence> encode_fasta(const FastaFile& file, Alphabet alphabet,
                                   const std::vector<bool>& allowed);

}  // namespace wg::align
