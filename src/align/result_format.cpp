#include "src/align/result_format.hpp"

#include <fmt/compile.h>

#include <algorithm>
#include <iterator>
#include <map>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "src/common/error.hpp"

namespace wg::align {
namespace {

void tab(fmt::memory_buffer& out) { out.push_back('\t'); }

// A sequence's letters from its codes (each below 32): SAM's SEQ column, where a table
// lookup per letter was most of a line of a 1 kb read. With AVX2, 32 codes at a time: a
// byte shuffle looks each code up in both 16-entry halves of the table, and the code's
// fifth bit picks the half.
void decode_bytes(const std::array<char, 32>& letters, const std::uint8_t* codes, std::size_t count,
                  char* out) {
  for (std::size_t k = 0; k < count; ++k) out[k] = letters[codes[k]];
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) void decode_avx2(const std::array<char, 32>& letters,
                                                 const std::uint8_t* codes, std::size_t count,
                                                 char* out) {
  const __m256i low =
      _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&letters[0])));
  const __m256i high =
      _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&letters[16])));
  const __m256i fifteen = _mm256_set1_epi8(15);
  std::size_t k = 0;
  for (; k + 32 <= count; k += 32) {
    const __m256i code = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(codes + k));
    const __m256i letter =
        _mm256_blendv_epi8(_mm256_shuffle_epi8(low, code), _mm256_shuffle_epi8(high, code),
                           _mm256_cmpgt_epi8(code, fifteen));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + k), letter);
  }
  decode_bytes(letters, codes + k, count - k, out + k);
}
#endif

void decode_letters(const std::array<char, 32>& letters, const std::uint8_t* codes,
                    std::size_t count, char* out) {
#if defined(__x86_64__)
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) return decode_avx2(letters, codes, count, out);
#endif
  decode_bytes(letters, codes, count, out);
}

// Column counts of a CIGAR string.
struct CigarCounts {
  std::uint64_t matches = 0;     // =
  std::uint64_t mismatches = 0;  // X
  std::uint64_t gaps = 0;        // I and D columns
  std::uint64_t gap_opens = 0;   // runs of I or D
  std::uint64_t length() const { return matches + mismatches + gaps; }
};

CigarCounts count_cigar(std::string_view cigar) {
  CigarCounts counts;
  std::uint64_t run = 0;
  for (const char c : cigar) {
    if (c >= '0' && c <= '9') {
      run = run * 10 + static_cast<std::uint64_t>(c - '0');
      continue;
    }
    if (c == '=') counts.matches += run;
    if (c == 'X') counts.mismatches += run;
    if (c == 'I' || c == 'D') {
      counts.gaps += run;
      ++counts.gap_opens;
    }
    run = 0;
  }
  return counts;
}

// The first `count` tab-separated fields of a line.
std::vector<std::string_view> fields(std::string_view line, std::size_t count) {
  std::vector<std::string_view> out;
  while (out.size() < count) {
    const std::size_t tab_at = line.find('\t');
    out.push_back(line.substr(0, tab_at));
    if (tab_at == std::string_view::npos) break;
    line.remove_prefix(tab_at + 1);
  }
  return out;
}

}  // namespace

OutputFormat parse_output_format(const std::string& name) {
  if (name == "tsv") return OutputFormat::tsv;
  if (name == "sam") return OutputFormat::sam;
  if (name == "paf") return OutputFormat::paf;
  if (name == "blast6") return OutputFormat::blast6;
  fail("--outfmt {}: expected tsv, sam, paf or blast6", name);
}

bool needs_alignment(OutputFormat format) { return format != OutputFormat::tsv; }

ResultFormat::ResultFormat(OutputFormat format, Alphabet alphabet, std::int32_t scale)
    : format_(format), scale_(scale) {
  const std::string_view letters = alphabet_letters(alphabet);
  WG_REQUIRE(letters.size() <= letters_.size(), "internal error: {} letters", letters.size());
  letters_.fill('?');
  std::copy(letters.begin(), letters.end(), letters_.begin());
}

std::string ResultFormat::header(const std::vector<Sequence>& targets) const {
  if (format_ != OutputFormat::sam) return {};
  std::string text = "@HD\tVN:1.6\tSO:unsorted\tGO:query\n";
  std::map<std::string_view, std::size_t> lengths;
  for (const Sequence& t : targets) {
    const auto [at, added] = lengths.emplace(t.id, t.codes.size());
    if (!added) {
      WG_REQUIRE(at->second == t.codes.size(),
                 "--outfmt sam: two targets are named '{}' ({} and {} residues); SAM names "
                 "each reference once",
                 t.id, at->second, t.codes.size());
      continue;
    }
    text += fmt::format("@SQ\tSN:{}\tLN:{}\n", t.id, t.codes.size());
  }
  text += "@PG\tID:warpgraph\tPN:warpgraph\tVN:" WARPGRAPH_VERSION "\n";
  return text;
}

char* ResultFormat::write_score(char* to, std::int32_t scaled) const {
  // As format_score (EMBOSS style: 1286, 112.5, -2623, 0.25) without a temporary string;
  // integer scores (scale 1) skip the two divisions.
  const auto put_int = [&](std::int64_t value) {
    const fmt::format_int text(value);
    return std::copy(text.data(), text.data() + text.size(), to);
  };
  if (scale_ == 1) return put_int(scaled);
  if (scaled % scale_ == 0) return put_int(scaled / scale_);
  const std::int64_t hundredths = std::int64_t{scaled} * (100 / scale_);
  const std::int64_t magnitude = hundredths < 0 ? -hundredths : hundredths;
  if (hundredths < 0) *to++ = '-';
  to = put_int(magnitude / 100);
  *to++ = '.';
  *to++ = static_cast<char>('0' + magnitude % 100 / 10);
  if (magnitude % 10 != 0) *to++ = static_cast<char>('0' + magnitude % 10);
  return to;
}

void ResultFormat::append_score(fmt::memory_buffer& out, std::int32_t scaled) const {
  const std::size_t at = out.size();
  out.resize(at + kScoreChars);
  out.resize(static_cast<std::size_t>(write_score(out.data() + at, scaled) - out.data()));
}

void ResultFormat::append_tsv_score_line(fmt::memory_buffer& out, std::string_view query_id,
                                         std::string_view target_id, std::int32_t scaled) const {
  const std::size_t at = out.size();
  out.resize(at + query_id.size() + target_id.size() + kScoreChars + 3);
  char* to = std::copy(query_id.begin(), query_id.end(), out.data() + at);
  *to++ = '\t';
  to = std::copy(target_id.begin(), target_id.end(), to);
  *to++ = '\t';
  to = write_score(to, scaled);
  *to++ = '\n';
  out.resize(static_cast<std::size_t>(to - out.data()));
}

void ResultFormat::append(fmt::memory_buffer& out, const ResultRecord& r) const {
  // Score-only TSV, the most lines a job writes: one reservation and plain copies (a
  // million protein pairs spent 40 ns a line in the general path's appends).
  if (format_ == OutputFormat::tsv && !r.cigar)
    return append_tsv_score_line(out, r.query->id, r.target->id, r.score);
  const std::string& query_id = r.query->id;
  const std::string& target_id = r.target->id;
  const auto m = static_cast<std::uint64_t>(r.query->codes.size());
  const auto n = static_cast<std::uint64_t>(r.target->codes.size());
  const std::uint32_t* region = r.region;
  const bool empty = r.cigar && r.cigar->empty();
  const CigarCounts counts = r.cigar ? count_cigar(*r.cigar) : CigarCounts{};
  // 1-based inclusive coordinates; 0 0 for an empty alignment.
  const auto first = [&](int k) -> std::uint64_t { return empty ? 0 : region[k] + 1; };
  const auto last = [&](int k) -> std::uint64_t { return empty ? 0 : region[k]; };
  auto out_it = std::back_inserter(out);
  switch (format_) {
    case OutputFormat::tsv: {
      out.append(query_id);
      tab(out);
      out.append(target_id);
      tab(out);
      append_score(out, r.score);
      if (r.cigar) {
        const std::uint64_t length = counts.length();
        const double identity =
            length ? static_cast<double>(counts.matches) / static_cast<double>(length) : 0.0;
        fmt::format_to(out_it, FMT_COMPILE("\t{:.4f}\t{}\t"), identity, length);
        if (empty)
          out.push_back('*');
        else
          out.append(*r.cigar);
        fmt::format_to(out_it, FMT_COMPILE("\t{}\t{}\t{}\t{}"), first(0), last(1), first(2),
                       last(3));
      }
      break;
    }
    case OutputFormat::sam: {
      out.append(query_id);
      const int flag = empty ? 4 : r.secondary ? 256 : 0;
      fmt::format_to(out_it, FMT_COMPILE("\t{}\t"), flag);
      if (empty) {
        out.append(std::string_view("*\t0\t0\t*"));
      } else {
        out.append(target_id);
        fmt::format_to(out_it, FMT_COMPILE("\t{}\t255\t"), region[2] + 1);
        if (region[0] > 0) fmt::format_to(out_it, FMT_COMPILE("{}S"), region[0]);
        out.append(*r.cigar);
        if (region[1] < m) fmt::format_to(out_it, FMT_COMPILE("{}S"), m - region[1]);
      }
      out.append(std::string_view("\t*\t0\t0\t"));
      // The query's letters, written in place: one push per letter was most of a SAM line.
      const std::vector<std::uint8_t>& codes = r.query->codes;
      const std::size_t seq_at = out.size();
      out.resize(seq_at + codes.size());
      decode_letters(letters_, codes.data(), codes.size(), out.data() + seq_at);
      out.append(std::string_view(scale_ == 1 ? "\t*\tAS:i:" : "\t*\tAS:f:"));
      append_score(out, r.score);
      fmt::format_to(out_it, FMT_COMPILE("\tNM:i:{}"), counts.mismatches + counts.gaps);
      break;
    }
    case OutputFormat::paf: {
      out.append(query_id);
      fmt::format_to(out_it, FMT_COMPILE("\t{}\t{}\t{}\t+\t"), m, empty ? 0 : region[0],
                     empty ? 0 : region[1]);
      out.append(target_id);
      fmt::format_to(out_it, FMT_COMPILE("\t{}\t{}\t{}\t{}\t{}\t255\t"), n, empty ? 0 : region[2],
                     empty ? 0 : region[3], counts.matches, counts.length());
      out.append(std::string_view(scale_ == 1 ? "AS:i:" : "AS:f:"));
      append_score(out, r.score);
      out.append(std::string_view("\tcg:Z:"));
      out.append(*r.cigar);
      break;
    }
    case OutputFormat::blast6: {
      out.append(query_id);
      tab(out);
      out.append(target_id);
      const std::uint64_t length = counts.length();
      const double identity =
          length ? 100.0 * static_cast<double>(counts.matches) / static_cast<double>(length) : 0.0;
      fmt::format_to(out_it, FMT_COMPILE("\t{:.3f}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\tNA\t"), identity,
                     length, counts.mismatches, counts.gap_opens, first(0), last(1), first(2),
                     last(3));
      append_score(out, r.score);
      break;
    }
  }
  out.push_back('\n');
}

bool ResultFormat::line_is_pair(std::string_view line, const std::string& query_id,
                                const std::string& target_id) const {
  const auto f = fields(line, 6);
  // Where each format puts the target id: tsv and blast6 column 2, SAM column 3 (or '*'
  // when unmapped), PAF column 6.
  const std::size_t target_column = format_ == OutputFormat::sam   ? 2
                                    : format_ == OutputFormat::paf ? 5
                                                                   : 1;
  if (f.size() <= target_column || f[0] != query_id) return false;
  return f[target_column] == target_id || (format_ == OutputFormat::sam && f[target_column] == "*");
}

}  // namespace wg::align
