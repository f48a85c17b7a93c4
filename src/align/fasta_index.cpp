#include "src/align/fasta_index.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

#include "src/align/sequence_digest.hpp"
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

// The records of the bytes [from, to): `from` is a header's '>' and `to` the file's end or
// the '>' of a header line. Each record's digest hash is taken as it closes, while its
// text is still in cache. A piece only notes its first bad record: index_fasta reports the
// first in file order, however the file was split.
struct Piece {
  std::vector<std::uint64_t> starts;    // offsets of the headers' '>'
  std::vector<std::uint64_t> residues;  // per record
  std::vector<std::uint64_t> lines;     // per record: line ends between `from` and its header
  std::vector<std::string_view> ids;
  std::vector<std::uint64_t> hashes;  // per record: record_hash of its id and text
  std::uint64_t line_ends = 0;        // in [from, to)
  std::size_t first_bad = 0;          // the first record without a name or residues, or
                                      // too long; records() when none
  std::size_t records() const { return starts.size(); }
};

bool bad_record(const Piece& piece, std::size_t k) {
  return piece.ids[k].empty() || piece.residues[k] == 0 ||
         piece.residues[k] > std::numeric_limits<std::uint32_t>::max();
}

Piece index_piece(const char* begin, const char* from, const char* to) {
  Piece piece;
  const char* text = nullptr;  // the residue text of the record being read
  const auto close_record = [&](const char* end) {
    piece.hashes.push_back(record_hash(
        piece.ids.back(), std::string_view(text, static_cast<std::size_t>(end - text))));
  };
  for (const char* at = from; at < to;) {
    const char* eol = line_end(at, to);
    const char* next = eol + (eol < to ? 1 : 0);
    if (*at == '>') {
      if (text != nullptr) close_record(at);
      piece.starts.push_back(static_cast<std::uint64_t>(at - begin));
      piece.residues.push_back(0);
      piece.lines.push_back(piece.line_ends);
      piece.ids.push_back(first_word(at + 1, eol));
      text = next;
    } else {
      std::uint64_t letters = 0;
      for_each_letter_run(std::string_view(at, static_cast<std::size_t>(eol - at)),
                          [&](std::string_view run) { letters += run.size(); });
      piece.residues.back() += letters;
    }
    piece.line_ends += eol < to ? 1 : 0;
    at = next;
  }
  if (text != nullptr) close_record(to);
  piece.first_bad = piece.records();
  for (std::size_t k = 0; k < piece.records(); ++k)
    if (bad_record(piece, k)) {
      piece.first_bad = k;
      break;
    }
  return piece;
}

// The error of a bad record, checked as one pass in file order would: its name, then its
// residues.
[[noreturn]] void refuse(const MappedFile& file, const Piece& piece, std::size_t k,
                         std::size_t record, std::uint64_t line) {
  if (piece.ids[k].empty()) fail("{}: line {}: header without a name", file.path(), line);
  if (piece.residues[k] == 0)
    fail("{}: record {} '{}' (line {}) has no residues", file.path(), record + 1, piece.ids[k],
         line);
  fail("{}: record {} (line {}): too long", file.path(), record + 1, line);
}

}  // namespace

std::optional<IndexedFasta> index_fasta(const MappedFile& file, std::size_t piece_bytes) {
  const char* const begin = file.data();
  const char* const end = begin + file.size();
  const char* at = begin;
  std::uint64_t line = 1;
  for (; at < end && is_blank(static_cast<unsigned char>(*at)); ++at) line += *at == '\n';
  if (at == end || *at != '>') return std::nullopt;

  // Pieces end where a header line starts, so no record spans two; they are indexed on all
  // threads (a 100 MB file took 0.15 s on one).
  std::vector<const char*> bounds{at};
  while (static_cast<std::size_t>(end - bounds.back()) > piece_bytes) {
    const char* cut = bounds.back() + piece_bytes;
    const std::string_view rest(cut, static_cast<std::size_t>(end - cut));
    const std::size_t header = rest.find("\n>");
    if (header == std::string_view::npos) break;
    bounds.push_back(cut + header + 1);
  }
  bounds.push_back(end);
  std::vector<Piece> pieces(bounds.size() - 1);
  const auto count = static_cast<std::int64_t>(pieces.size());
#pragma omp parallel for schedule(dynamic, 1) if (count > 1)
  for (std::int64_t p = 0; p < count; ++p) {
    const auto k = static_cast<std::size_t>(p);
    pieces[k] = index_piece(begin, bounds[k], bounds[k + 1]);
  }

  // Where each piece's records and lines start in the whole file.
  std::vector<std::size_t> first_record(pieces.size() + 1, 0);
  std::vector<std::uint64_t> first_line(pieces.size(), line);
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    first_record[p + 1] = first_record[p] + pieces[p].records();
    if (p + 1 < pieces.size()) first_line[p + 1] = first_line[p] + pieces[p].line_ends;
  }
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    const Piece& piece = pieces[p];
    if (piece.first_bad < piece.records())
      refuse(file, piece, piece.first_bad, first_record[p] + piece.first_bad,
             first_line[p] + piece.lines[piece.first_bad]);
  }

  // A million records took 60 ms to gather on one thread, more than indexing them on two.
  const std::size_t records = first_record.back();
  IndexedFasta indexed;
  FastaIndex& index = indexed.index;
  index.path = file.path();
  index.file_size = file.size();
  index.starts.resize(records + 1);
  index.lengths.resize(records);
  index.lines.resize(records);
  indexed.sequences.resize(records);
  std::vector<std::uint64_t> hashes(records);
#pragma omp parallel for schedule(dynamic, 1) if (count > 1)
  for (std::int64_t p = 0; p < count; ++p) {
    const Piece& piece = pieces[static_cast<std::size_t>(p)];
    const std::size_t base = first_record[static_cast<std::size_t>(p)];
    const std::uint64_t base_line = first_line[static_cast<std::size_t>(p)];
    for (std::size_t k = 0; k < piece.records(); ++k) {
      index.starts[base + k] = piece.starts[k];
      index.lengths[base + k] = static_cast<std::uint32_t>(piece.residues[k]);
      index.lines[base + k] = base_line + piece.lines[k];
      indexed.sequences[base + k].id.assign(piece.ids[k]);
      hashes[base + k] = piece.hashes[k];
    }
  }
  index.starts[records] = file.size();
  indexed.digest = digest_of_hashes(hashes);
  return indexed;
}

std::string_view residue_text(const FastaIndex& index, const MappedFile& file, std::size_t r) {
  const char* header = file.data() + index.starts[r];
  const char* end = file.data() + index.starts[r + 1];
  const char* eol = line_end(header, end);
  const char* from = eol < end ? eol + 1 : end;
  return {from, static_cast<std::size_t>(end - from)};
}

std::unique_ptr<MappedFile> map_indexed_file(const FastaIndex& index) {
  auto file = std::make_unique<MappedFile>(index.path);
  WG_REQUIRE(file->size() == index.file_size,
             "{}: the file changed while it was being aligned ({} bytes, {} when indexed)",
             index.path, file->size(), index.file_size);
  return file;
}

std::string_view record_id(const FastaIndex& index, const MappedFile& file, std::size_t r) {
  const char* header = file.data() + index.starts[r];
  return first_word(header + 1, file.data() + index.starts[r + 1]);
}

}  // namespace wg::align
