#include "src/align/fasta.hpp"

#include <htslib/kseq.h>

#include <algorithm>
#include <cctype>
#include <memory>

#include "src/align/residue_encoder.hpp"
#include "src/common/error.hpp"
#include "src/common/input_stream.hpp"

namespace wg::align {
namespace {

// What kseq reads from: the decompressed input, with the line count kseq does not keep
// (for messages) and a check that the input starts like FASTA or FASTQ, where kseq would
// silently skip text up to the first '>' or '@'.
struct SequenceInput {
  explicit SequenceInput(const std::string& input_path) : path(input_path), stream(input_path) {}
  std::string path;
  InputStream stream;
  std::uint64_t newlines = 0;  // in every byte handed to kseq
  std::uint64_t first_header_line = 0;
  bool started = false;
};

int read_block(SequenceInput* input, unsigned char* buffer, int size) {
  const auto got = static_cast<int>(
      input->stream.read(reinterpret_cast<char*>(buffer), static_cast<std::size_t>(size)));
  for (int i = 0; i < got && !input->started; ++i) {
    const char c = static_cast<char>(buffer[i]);
    if (c == '\n') ++input->first_header_line;
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (c != '>' && c != '@')
      fail("{}: line {}: not a FASTA file, nor FASTQ (expected a '>' or '@' header line first)",
           input->path, input->first_header_line + 1);
    input->started = true;
  }
  input->newlines += static_cast<std::uint64_t>(std::count(buffer, buffer + got, '\n'));
  return got;
}

KSEQ_INIT(SequenceInput*, read_block)

struct KseqDeleter {
  void operator()(kseq_t* seq) const { kseq_destroy(seq); }
};

// Lines kseq has consumed so far: the newlines handed to it minus those still buffered.
std::uint64_t consumed_lines(const kseq_t& seq, const SequenceInput& input) {
  const kstream_t& buffered = *seq.f;
  const auto pending = std::count(buffered.buf + buffered.begin, buffered.buf + buffered.end, '\n');
  return input.newlines - static_cast<std::uint64_t>(pending);
}

}  // namespace

FastaFile read_fasta(const std::string& path) {
  FastaFile file{path, {}};
  SequenceInput input(path);
  std::unique_ptr<kseq_t, KseqDeleter> seq(kseq_init(&input));
  std::size_t header_line = 0;
  while (true) {
    const int status = kseq_read(seq.get());
    if (header_line == 0) header_line = input.first_header_line + 1;
    if (status == -1) break;
    const std::size_t number = file.records.size() + 1;
    if (status == -2)
      fail(
          "{}: record {} '{}' (line {}): the quality line does not match the sequence "
          "(truncated FASTQ?)",
          path, number, seq->name.s, header_line);
    if (status < 0) fail("{}: record {} (line {}): too long", path, number, header_line);
    FastaRecord record;
    record.id.assign(seq->name.s, seq->name.l);
    if (record.id.empty()) fail("{}: line {}: header without a name", path, header_line);
    record.residues.assign(seq->seq.s, seq->seq.l);
    record.residues.erase(
        std::remove_if(record.residues.begin(), record.residues.end(),
                       [](char c) { return std::isspace(static_cast<unsigned char>(c)); }),
        record.residues.end());
    record.line = header_line;
    if (record.residues.empty())
      fail("{}: record {} '{}' (line {}) has no residues", path, number, record.id, record.line);
    file.records.push_back(std::move(record));
    // A FASTA record's read ends on the next '>', so that header is on the next line; a
    // FASTQ record's read ends with its quality line, and the next '@' follows.
    header_line = consumed_lines(*seq, input) + 1;
  }
  if (file.records.empty()) fail("{}: the file is empty (no FASTA or FASTQ records)", path);
  return file;
}

std::vector<Sequence> encode_fasta(const FastaFile& file, Alphabet alphabet,
                                   const std::vector<bool>& allowed) {
  // read_fasta removed the blanks, so every byte is a letter to code.
  const ResidueEncoder encoder(letter_codes(alphabet, allowed));
  std::vector<Sequence> sequences;
  sequences.reserve(file.records.size());
  for (std::size_t r = 0; r < file.records.size(); ++r) {
    const auto& record = file.records[r];
    Sequence sequence{record.id, std::vector<std::uint8_t>(record.residues.size())};
    const ResidueEncoder::Encoded encoded =
        encoder.encode(record.residues, sequence.codes.data(), sequence.codes.size());
    if (encoded.bad_letter != nullptr)
      fail("{}: record {} '{}' (line {}): invalid {} letter {} at position {}", file.path, r + 1,
           record.id, record.line, alphabet_name(alphabet), quoted_letter(*encoded.bad_letter),
           encoded.residues + 1);
    sequences.push_back(std::move(sequence));
  }
  return sequences;
}

}  // namespace wg::align
