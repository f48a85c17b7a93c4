#include "src/align/sequence_store.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>

#include "src/common/error.hpp"

namespace wg::align {
namespace {

// Batches with more residues than this are packed on several threads: all of the rank's
// (aligners packing at once share them; capping each at a share was slower, since most
// of the time one packs while another's batch is on the GPU).
constexpr std::uint64_t kParallelPackResidues = std::uint64_t{1} << 20;

}  // namespace

std::vector<std::int8_t> letter_codes(Alphabet alphabet, const std::vector<bool>& allowed) {
  std::vector<std::int8_t> codes(256, kNoCode);
  for (int byte = 0; byte < 256; ++byte) {
    const auto c = static_cast<unsigned char>(byte);
    if (is_blank(c)) {
      codes[c] = kBlankByte;
      continue;
    }
    const std::int8_t code = residue_code(alphabet, static_cast<char>(c));
    if (code != kNoCode && allowed[static_cast<std::size_t>(code)]) codes[c] = code;
  }
  return codes;
}

EncodedSequences::EncodedSequences(const std::vector<Sequence>& queries,
                                   const std::vector<Sequence>& targets)
    : queries_(queries),
      targets_(targets),
      target_base_(&queries == &targets ? 0 : static_cast<std::uint32_t>(queries.size())) {}

void EncodedSequences::copy(std::uint32_t key, std::uint8_t* dest) const {
  const bool query = target_base_ == 0 || key < target_base_;
  const auto& codes = query ? queries_[key].codes : targets_[key - target_base_].codes;
  std::memcpy(dest, codes.data(), codes.size());
}

IndexedSequences::IndexedSequences(const std::vector<FastaIndex>& files,
                                   std::vector<std::int8_t> codes, std::string alphabet)
    : files_(files), codes_(std::move(codes)), alphabet_(std::move(alphabet)) {
  for (const FastaIndex& index : files_) {
    maps_.push_back(std::make_unique<MappedFile>(index.path));
    WG_REQUIRE(maps_.back()->size() == index.file_size,
               "{}: the file changed while it was being aligned ({} bytes, {} when indexed)",
               index.path, maps_.back()->size(), index.file_size);
  }
}

void IndexedSequences::copy(std::uint32_t key, std::uint8_t* dest) const {
  std::size_t f = 0;
  std::size_t r = key;
  if (files_.size() > 1 && r >= files_[0].records()) {
    r -= files_[0].records();
    f = 1;
  }
  const FastaIndex& index = files_[f];
  const MappedFile& file = *maps_[f];
  const std::string_view text = residue_text(index, file, r);
  std::uint8_t* out = dest;
  for (const char letter : text) {
    const std::int8_t code = codes_[static_cast<unsigned char>(letter)];
    if (code >= 0)
      *out++ = static_cast<std::uint8_t>(code);
    else if (code != kBlankByte)
      bad_letter(index, file, r, letter, static_cast<std::uint64_t>(out - dest) + 1);
  }
  WG_REQUIRE(static_cast<std::uint64_t>(out - dest) == index.lengths[r],
             "{}: record {} (line {}) changed while it was being aligned", index.path, r + 1,
             index.lines[r]);
}

void IndexedSequences::bad_letter(const FastaIndex& index, const MappedFile& file, std::size_t r,
                                  char letter, std::uint64_t position) const {
  fail("{}: record {} '{}' (line {}): invalid {} letter {} at position {}", index.path, r + 1,
       record_id(index, file, r), index.lines[r], alphabet_, quoted_letter(letter), position);
}

void pack_residues(const comm::align::WorkBatch& batch, const SequenceStore& store,
                   std::uint8_t* dest) {
  const int threads = batch.pool_size() > kParallelPackResidues ? omp_get_max_threads() : 1;
  copy_sequences(
      store, static_cast<std::int64_t>(batch.sequences.size()), threads,
      [&](std::int64_t s) { return batch.sequences[static_cast<std::size_t>(s)]; },
      [&](std::int64_t s) { return dest + batch.offsets[static_cast<std::size_t>(s)]; });
}

}  // namespace wg::align
