#include "src/align/residue_encoder.hpp"

#include <algorithm>
#include <cstring>

#include "src/align/fasta_index.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace wg::align {
namespace {

using Encoded = ResidueEncoder::Encoded;

// One byte at a time from p, `written` codes already in dest.
Encoded encode_bytes(const std::int8_t* codes, const char* p, const char* end, std::uint8_t* dest,
                     std::size_t written, std::size_t room) {
  for (; p < end; ++p) {
    const std::int8_t code = codes[static_cast<unsigned char>(*p)];
    if (code >= 0) {
      if (written == room) return {written, nullptr, true};
      dest[written++] = static_cast<std::uint8_t>(code);
    } else if (code != kBlankByte) {
      return {written, p, false};
    }
  }
  return {written, nullptr, false};
}

#if defined(__x86_64__)
// 32 bytes at a time while 32 remain to read and there is room for 32 codes; a block with
// a bad letter, and the last bytes, go to encode_bytes, which finds the letter's place.
__attribute__((target("avx2"))) Encoded encode_avx2(
    const std::int8_t* codes, const std::array<std::array<std::int8_t, 32>, 8>& by_high,
    const char* p, const char* end, std::uint8_t* dest, std::size_t room) {
  __m256i table[8];
  for (int h = 0; h < 8; ++h)
    table[h] = _mm256_load_si256(reinterpret_cast<const __m256i*>(by_high[h].data()));
  const __m256i low_nibble = _mm256_set1_epi8(0x0f);
  const __m256i no_code = _mm256_set1_epi8(kNoCode);
  std::size_t written = 0;
  while (end - p >= 32 && room - written >= 32) {
    const __m256i text = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i low = _mm256_and_si256(text, low_nibble);
    const __m256i high = _mm256_and_si256(_mm256_srli_epi16(text, 4), low_nibble);
    // Bytes from 128 up match no high nibble and keep kNoCode.
    __m256i code = no_code;
    for (int h = 0; h < 8; ++h)
      code = _mm256_blendv_epi8(code, _mm256_shuffle_epi8(table[h], low),
                                _mm256_cmpeq_epi8(high, _mm256_set1_epi8(static_cast<char>(h))));
    const auto negative = static_cast<unsigned>(_mm256_movemask_epi8(code));
    if (negative == 0) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dest + written), code);
      written += 32;
      p += 32;
      continue;
    }
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi8(code, no_code)) != 0) break;
    // Blanks: copy the runs of letters between them.
    alignas(32) std::uint8_t block[32];
    _mm256_store_si256(reinterpret_cast<__m256i*>(block), code);
    unsigned blanks = negative;
    unsigned from = 0;
    while (blanks != 0) {
      const auto blank = static_cast<unsigned>(__builtin_ctz(blanks));
      std::memcpy(dest + written, block + from, blank - from);
      written += blank - from;
      from = blank + 1;
      blanks &= blanks - 1;
    }
    std::memcpy(dest + written, block + from, 32 - from);
    written += 32 - from;
    p += 32;
  }
  return encode_bytes(codes, p, end, dest, written, room);
}
#endif

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

ResidueEncoder::ResidueEncoder(const std::vector<std::int8_t>& codes) {
  std::copy(codes.begin(), codes.end(), codes_.begin());
  for (std::size_t h = 0; h < by_high_nibble_.size(); ++h)
    for (std::size_t low = 0; low < 16; ++low)
      by_high_nibble_[h][low] = by_high_nibble_[h][16 + low] = codes_[h * 16 + low];
}

ResidueEncoder::Encoded ResidueEncoder::encode(std::string_view text, std::uint8_t* dest,
                                               std::size_t room) const {
  const char* end = text.data() + text.size();
#if defined(__x86_64__)
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) return encode_avx2(codes_.data(), by_high_nibble_, text.data(), end, dest, room);
#endif
  return encode_bytes(codes_.data(), text.data(), end, dest, 0, room);
}

}  // namespace wg::align
