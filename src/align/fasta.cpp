#include "align/fasta.hpp"

#include <zlib.h>

#include <cctype>
#include <memory>

#include "error.hpp"

namespace wg::align {
namespace {

// Reads lines through zlib, which passes uncompressed files through unchanged.
class LineReader {
 public:
  explicit LineReader(const std::string& path) : file_(gzopen(path.c_str(), "rb"), &gzclose) {
    if (!file_) fail("{}: cannot open for reading", path);
  }
  bool next(std::string& line) {
    line.clear();
    char buffer[1 << 16];
    bool any = false;
    while (gzgets(file_.get(), buffer, sizeof buffer) != nullptr) {
      any = true;
      line += buffer;
      if (!line.empty() && line.back() == '\n') break;
    }
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    return any;
  }

 private:
  std::unique_ptr<gzFile_s, int (*)(gzFile)> file_;
};

bool is_blank(const std::string& line) {
  for (const char c : line)
    if (!std::isspace(static_cast<unsigned char>(c))) return false;
  return true;
}

}  // namespace

FastaFile read_fasta(const std::string& path) {
  FastaFile file{path, {}};
  LineReader reader(path);
  std::string line;
  std::size_t line_number = 0;
  bool any_text = false;
  while (reader.next(line)) {
    ++line_number;
    if (is_blank(line)) continue;
    any_text = true;
    if (line[0] == '>') {
      FastaRecord record;
      const auto begin = line.find_first_not_of(" \t", 1);
      if (begin != std::string::npos) {
        const auto end = line.find_first_of(" \t", begin);
        record.id = line.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
      }
      if (record.id.empty()) fail("{}: line {}: FASTA header without a name", path, line_number);
      record.line = line_number;
      file.records.push_back(std::move(record));
      continue;
    }
    if (file.records.empty())
      fail("{}: line {}: not a FASTA file (expected a '>' header line first)", path,
           line_number);
    std::string& residues = file.records.back().residues;
    for (const char c : line)
      if (!std::isspace(static_cast<unsigned char>(c))) residues.push_back(c);
  }
  if (!any_text) fail("{}: the file is empty (no FASTA records)", path);
  for (std::size_t r = 0; r < file.records.size(); ++r) {
    const auto& record = file.records[r];
    if (record.residues.empty())
      fail("{}: record {} '{}' (line {}) has no residues", path, r + 1, record.id, record.line);
  }
  return file;
}

std::vector<Sequence> encode_fasta(const FastaFile& file, Alphabet alphabet,
                                   const std::vector<bool>& allowed) {
  std::vector<Sequence> sequences;
  sequences.reserve(file.records.size());
  for (std::size_t r = 0; r < file.records.size(); ++r) {
    const auto& record = file.records[r];
    Sequence sequence{record.id, {}};
    sequence.codes.reserve(record.residues.size());
    for (std::size_t k = 0; k < record.residues.size(); ++k) {
      const char letter = record.residues[k];
      const std::int8_t code = residue_code(alphabet, letter);
      if (code == kNoCode || !allowed[static_cast<std::size_t>(code)])
        fail("{}: record {} '{}' (line {}): invalid {} letter '{}' at position {}", file.path,
             r + 1, record.id, record.line, alphabet_name(alphabet), letter, k + 1);
      sequence.codes.push_back(static_cast<std::uint8_t>(code));
    }
    sequences.push_back(std::move(sequence));
  }
  return sequences;
}

}  // namespace wg::align
