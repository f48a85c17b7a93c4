#include "src/align/sequences_on_gpu.hpp"

#include <vector>

#include "src/align/mapped_file.hpp"
#include "src/align/sequence_store.hpp"
#include "src/common/error.hpp"

namespace wg::align {

std::unique_ptr<SequencesOnGpu> SequencesOnGpu::upload(int device, const JobSetup& setup) {
  if (setup.files.empty()) return nullptr;
  // Keys number every file's records in turn, as IndexedSequences does.
  std::vector<std::uint64_t> offsets{0};
  std::vector<std::unique_ptr<MappedFile>> maps;
  std::vector<kernels::align::RecordText> texts;
  for (const FastaIndex& index : setup.files) {
    for (const std::uint32_t length : index.lengths) offsets.push_back(offsets.back() + length);
    maps.push_back(map_indexed_file(index));
    const MappedFile& file = *maps.back();
    texts.push_back({file.data(), file.size(), index.starts.data(), index.records()});
  }
  kernels::align::ResidentUpload upload =
      kernels::align::upload_sequences(device, texts, offsets, setup.letter_codes);
  if (upload.bad_record) {
    // The host reads the record again for the message (file, record, line, position).
    const auto key = static_cast<std::uint32_t>(*upload.bad_record);
    const IndexedSequences files(setup.files, setup.letter_codes, setup.alphabet);
    std::vector<std::uint8_t> codes(offsets[key + 1] - offsets[key]);
    files.copy(key, codes.data());
    fail("internal error: the GPU found sequence {} unreadable but the host reads it", key + 1);
  }
  if (!upload.sequences) return nullptr;
  return std::unique_ptr<SequencesOnGpu>(
      new SequencesOnGpu(std::move(upload.sequences), std::move(offsets), upload.text_bytes));
}

std::unique_ptr<SequencesOnGpu> SequencesOnGpu::upload(int device,
                                                       const std::vector<Sequence>& queries,
                                                       const std::vector<Sequence>& targets) {
  std::vector<std::uint64_t> offsets{0};
  std::vector<const std::uint8_t*> codes;
  const auto add = [&](const std::vector<Sequence>& sequences) {
    for (const Sequence& sequence : sequences) {
      codes.push_back(sequence.codes.data());
      offsets.push_back(offsets.back() + sequence.codes.size());
    }
  };
  add(queries);
  if (&targets != &queries) add(targets);  // all-vs-all: the queries alone
  kernels::align::ResidentUpload upload = kernels::align::upload_codes(device, codes, offsets);
  if (!upload.sequences) return nullptr;
  return std::unique_ptr<SequencesOnGpu>(
      new SequencesOnGpu(std::move(upload.sequences), std::move(offsets), 0));
}

void SequencesOnGpu::place(const comm::align::WorkBatch& batch,
                           kernels::align::PairBatch& pairs) const {
  pairs.residues = nullptr;
  pairs.device_residues = sequences_->residues();
  pairs.offsets.resize(batch.sequences.size());
  for (std::size_t s = 0; s < batch.sequences.size(); ++s)
    pairs.offsets[s] = offsets_[batch.sequences[s]];
}

}  // namespace wg::align
