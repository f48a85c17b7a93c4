// A job's sequences kept on its GPU from start to end, the way GPU database-search tools
// hold their database: each rank copies the text of the plain FASTA inputs to the GPU
// once and a kernel encodes it there (or copies codes the host encoded), and every batch
// then names its sequences by their place in that memory. No residue is packed on the host or
// copied with a batch: a batch's upload is its few index arrays. Packing residues on the host had
// bound protein jobs (docs/PERFORMANCE.md, "Sequences kept on the GPU").
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace wg::kernels::align {

// One FASTA file's text and where its records lie in it.
struct RecordText {
  const char* text = nullptr;
  std::size_t size = 0;
  const std::uint64_t* starts = nullptr;  // per record: its '>'; then the text's size
  std::size_t records = 0;
};

// The encoded residues of every record on one GPU.
class ResidentSequences {
 public:
  virtual ~ResidentSequences() = default;
  virtual const std::uint8_t* residues() const = 0;  // device memory
};

struct ResidentUpload {
  std::unique_ptr<ResidentSequences> sequences;  // none: they would not fit the budget
  // The first record, counting every file's records in turn, whose residue text holds a
  // byte that is neither a letter of the scoring nor blank, or other than its indexed
  // number of letters. The caller reads it again on the host for the error message (the
  // GPU keeps no line numbers). With one, `sequences` is none.
  std::optional<std::uint64_t> bad_record;
  std::uint64_t text_bytes = 0;  // copied to the GPU
};

// Copies `files` to GPU `device` and encodes their records, record k (counting every
// file's records in turn) to residues [offsets[k], offsets[k + 1]) of the result. codes:
// 256 entries, a byte's residue code, -2 for blank bytes (skipped) and -1 for others (a
// bad letter), as src/align/residue_encoder.hpp's letter_codes builds them. Nothing is
// uploaded when the residues and the largest file's text would take more than
// 1/kResidentBudgetShare of the GPU's free memory (the aligners' scratch sizes itself from
// what is left).
inline constexpr std::size_t kResidentBudgetShare = 4;
ResidentUpload upload_sequences(int device, const std::vector<RecordText>& files,
                                const std::vector<std::uint64_t>& offsets,
                                const std::vector<std::int8_t>& codes);

// The same for sequences already encoded on the host (inputs read whole: compressed files,
// standard input, FASTQ): sequence k's codes, at sequences[k], become residues
// [offsets[k], offsets[k + 1]). Nothing is uploaded when they would take more than
// 1/kResidentBudgetShare of the GPU's free memory.
ResidentUpload upload_codes(int device, const std::vector<const std::uint8_t*>& sequences,
                            const std::vector<std::uint64_t>& offsets);

}  // namespace wg::kernels::align
