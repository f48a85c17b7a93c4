#include "src/align/sequence_store.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>

#include "src/common/error.hpp"

namespace wg::align {
namespace {

// Batches with more residues than this are packed on several threads: the align thread's
// team (align_driver.cpp, kMaxAlignerTeam). Capping each aligner's team at a third of the
// rank's threads was slower, since most of the time one packs while another's batch is on
// the GPU.
constexpr std::uint64_t kParallelPackResidues = std::uint64_t{1} << 20;
// How much of a record prefetch() loads: the hardware prefetcher follows longer ones once
// they are being read.
constexpr std::uint64_t kPrefetchBytes = 4096;
constexpr std::uint64_t kCacheLine = 64;

}  // namespace

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
                                   const std::vector<std::int8_t>& codes, std::string alphabet)
    : files_(files), encoder_(codes), alphabet_(std::move(alphabet)) {
  for (const FastaIndex& index : files_) {
    maps_.push_back(std::make_unique<MappedFile>(index.path));
    WG_REQUIRE(maps_.back()->size() == index.file_size,
               "{}: the file changed while it was being aligned ({} bytes, {} when indexed)",
               index.path, maps_.back()->size(), index.file_size);
  }
}

std::pair<std::size_t, std::size_t> IndexedSequences::locate(std::uint32_t key) const {
  if (files_.size() > 1 && key >= files_[0].records()) return {1, key - files_[0].records()};
  return {0, key};
}

void IndexedSequences::prefetch(std::uint32_t key) const {
  const auto [f, r] = locate(key);
  const FastaIndex& index = files_[f];
  const char* data = maps_[f]->data();
  const std::uint64_t end = std::min(index.starts[r + 1], index.starts[r] + kPrefetchBytes);
  for (std::uint64_t at = index.starts[r]; at < end; at += kCacheLine)
    __builtin_prefetch(data + at);
}

void IndexedSequences::copy(std::uint32_t key, std::uint8_t* dest) const {
  const auto [f, r] = locate(key);
  const FastaIndex& index = files_[f];
  const MappedFile& file = *maps_[f];
  const std::string_view text = residue_text(index, file, r);
  const ResidueEncoder::Encoded encoded = encoder_.encode(text, dest, index.lengths[r]);
  if (encoded.bad_letter != nullptr)
    bad_letter(index, file, r, *encoded.bad_letter, encoded.residues + 1);
  WG_REQUIRE(!encoded.overflow && encoded.residues == index.lengths[r],
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
