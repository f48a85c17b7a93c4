// The residue encoder against a plain reference (every non-blank byte looked up with
// residue_code and the scheme's letters), on random record texts: letters of both cases,
// line ends (LF, CRLF), spaces and tabs, bad letters (digits, gaps, bytes from 128 up,
// letters the scheme does not score) at every place, and rooms smaller than the text.
#include "src/align/residue_encoder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "src/align/fasta_index.hpp"

namespace wg::align {
namespace {

struct Reference {
  std::vector<std::uint8_t> codes;
  std::ptrdiff_t bad_at = -1;  // offset in the text
  bool overflow = false;
};

Reference reference(Alphabet alphabet, const std::vector<bool>& allowed, const std::string& text,
                    std::size_t room) {
  Reference out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (is_blank(c)) continue;
    const std::int8_t code = residue_code(alphabet, text[i]);
    if (code == kNoCode || !allowed[static_cast<std::size_t>(code)]) {
      out.bad_at = static_cast<std::ptrdiff_t>(i);
      return out;
    }
    if (out.codes.size() == room) {
      out.overflow = true;
      return out;
    }
    out.codes.push_back(static_cast<std::uint8_t>(code));
  }
  return out;
}

std::string random_text(std::mt19937& rng, std::string_view letters, std::size_t length,
                        double bad_rate) {
  static const std::vector<std::string> blanks = {"\n", "\r\n", " ", "\t", "\n\n"};
  static const std::string bad = std::string("0123456789-.@[") + '\x80' + '\xff' + '\0';
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const std::size_t line = 1 + rng() % 90;
  std::string text;
  for (std::size_t i = 0; i < length; ++i) {
    if (unit(rng) < bad_rate) {
      text += bad[rng() % bad.size()];
    } else {
      const char letter = letters[rng() % letters.size()];
      text += rng() % 4 == 0 ? static_cast<char>(std::tolower(letter)) : letter;
    }
    if ((i + 1) % line == 0 || unit(rng) < 0.01) text += blanks[rng() % blanks.size()];
  }
  return text;
}

void check(const ResidueEncoder& encoder, Alphabet alphabet, const std::vector<bool>& allowed,
           const std::string& text, std::size_t room) {
  constexpr std::size_t kGuard = 64;
  constexpr std::uint8_t kUntouched = 0xa5;
  std::vector<std::uint8_t> dest(room + kGuard, kUntouched);
  const ResidueEncoder::Encoded got = encoder.encode(text, dest.data(), room);
  const Reference want = reference(alphabet, allowed, text, room);
  SCOPED_TRACE(::testing::Message() << "text of " << text.size() << " bytes, room " << room);
  ASSERT_EQ(got.residues, want.codes.size());
  EXPECT_EQ(got.overflow, want.overflow);
  EXPECT_EQ(got.bad_letter == nullptr ? -1 : got.bad_letter - text.data(), want.bad_at);
  EXPECT_TRUE(std::equal(want.codes.begin(), want.codes.end(), dest.begin()));
  for (std::size_t i = room; i < dest.size(); ++i) ASSERT_EQ(dest[i], kUntouched) << "byte " << i;
}

TEST(AlignResidueEncoder, MatchesTheReferenceOnRandomTexts) {
  std::mt19937 rng(20261124);
  for (const Alphabet alphabet : {Alphabet::dna, Alphabet::protein}) {
    const std::string_view letters = alphabet_letters(alphabet);
    // Every letter scored, and a scheme that leaves the last letter out.
    for (const bool all : {true, false}) {
      std::vector<bool> allowed(letters.size(), true);
      if (!all) allowed.back() = false;
      const ResidueEncoder encoder(letter_codes(alphabet, allowed));
      for (int round = 0; round < 3000; ++round) {
        const std::size_t length = rng() % 400;
        const double bad_rate = round % 3 == 0 ? 0.0 : round % 3 == 1 ? 0.002 : 0.02;
        const std::string text = random_text(rng, letters, length, bad_rate);
        check(encoder, alphabet, allowed, text, length);
        check(encoder, alphabet, allowed, text, rng() % (length + 1));
      }
    }
  }
}

TEST(AlignResidueEncoder, CasesByHand) {
  const std::vector<bool> allowed(alphabet_letters(Alphabet::dna).size(), true);
  const ResidueEncoder encoder(letter_codes(Alphabet::dna, allowed));
  const std::string text = std::string(40, 'A') + "\r\n" + std::string(40, 'c') + "\nGT x";
  std::vector<std::uint8_t> dest(100, 0xff);
  ResidueEncoder::Encoded got = encoder.encode(text, dest.data(), dest.size());
  EXPECT_EQ(got.residues, 82u);
  ASSERT_NE(got.bad_letter, nullptr);
  EXPECT_EQ(*got.bad_letter, 'x');
  EXPECT_EQ(got.bad_letter - text.data(), static_cast<std::ptrdiff_t>(text.size() - 1));
  EXPECT_EQ(dest[0], residue_code(Alphabet::dna, 'A'));
  EXPECT_EQ(dest[40], residue_code(Alphabet::dna, 'C'));
  EXPECT_EQ(dest[81], residue_code(Alphabet::dna, 'T'));
  got = encoder.encode(text, dest.data(), 50);
  EXPECT_TRUE(got.overflow);
  EXPECT_EQ(got.residues, 50u);
  EXPECT_EQ(encoder.encode("", dest.data(), 0).residues, 0u);
}

}  // namespace
}  // namespace wg::align
