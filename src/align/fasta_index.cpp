#include "src/align/fasta_index.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

#include "src/common/error.hpp"

namespace wg::align {
namespace {

std::string_view first_word(const char* from, const char* end) {
  const char* word_end = from;
  while (word_end < end && !is_blank(static_cast<unsigned char>(*word_end))) ++word_end;
  return {from, static_cast<std::size_t>(word_end - from)};
}

const char* line_end(const char* from, const char* end) {
  const void* newline = std::memchr(from, '\n', static_cast<std::size_t>(end - from));
  return newline ? static_cast<const char*>(newline) : end;
}

}  // namespace

std::optional<IndexedFasta> index_fasta(const MappedFile& file) {
  const char* const begin = file.data();
  const char* const end = begin + file.size();
  const char* at = begin;
  std::uint64_t line = 1;
  for (; at < end && is_blank(static_cast<unsigned char>(*at)); ++at) line += *at == '\n';
  if (at == end || *at != '>') return std::nullopt;

  IndexedFasta indexed;
  FastaIndex& index = indexed.index;
  index.path = file.path();
  index.file_size = file.size();
  std::uint64_t residues = 0;  // of the record being read
  const auto close_record = [&] {
    const std::size_t r = index.records() - 1;
    if (residues == 0)
      fail("{}: record {} '{}' (line {}) has no residues", file.path(), r + 1, indexed.ids[r],
           index.lines[r]);
    if (residues > std::numeric_limits<std::uint32_t>::max())
      fail("{}: record {} (line {}): too long", file.path(), r + 1, index.lines[r]);
    index.lengths[r] = static_cast<std::uint32_t>(residues);
  };
  while (at < end) {
    const char* eol = line_end(at, end);
    if (*at == '>') {
      if (index.records() > 0) close_record();
      const std::string_view id = first_word(at + 1, eol);
      if (id.empty()) fail("{}: line {}: header without a name", file.path(), line);
      index.starts.push_back(static_cast<std::uint64_t>(at - begin));
      index.lengths.push_back(0);
      index.lines.push_back(line);
      indexed.ids.emplace_back(id);
      residues = 0;
    } else {
      residues += static_cast<std::uint64_t>(
          std::count_if(at, eol, [](char c) { return !is_blank(static_cast<unsigned char>(c)); }));
    }
    at = eol + (eol < end ? 1 : 0);
    ++line;
  }
  close_record();
  index.starts.push_back(file.size());
  return indexed;
}

std::string_view residue_text(const FastaIndex& index, const MappedFile& file, std::size_t r) {
  const char* header = file.data() + index.starts[r];
  const char* end = file.data() + index.starts[r + 1];
  const char* eol = line_end(header, end);
  const char* from = eol < end ? eol + 1 : end;
  return {from, static_cast<std::size_t>(end - from)};
}

std::string_view record_id(const FastaIndex& index, const MappedFile& file, std::size_t r) {
  const char* header = file.data() + index.starts[r];
  return first_word(header + 1, file.data() + index.starts[r + 1]);
}

}  // namespace wg::align
