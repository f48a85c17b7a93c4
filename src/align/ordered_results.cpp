#include "src/align/ordered_results.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>

#include "src/common/error.hpp"

namespace wg::align {

OrderedResults::OrderedResults(const std::vector<Sequence>& queries,
                               const std::vector<Sequence>& targets, const PairPlan& plan,
                               const ResultFormat& format, bool traceback, std::uint64_t first,
                               std::size_t window_pairs, std::uint64_t format_ahead_bytes)
    : queries_(queries),
      targets_(targets),
      plan_(plan),
      format_(format),
      traceback_(traceback),
      window_pairs_(window_pairs),
      format_ahead_bytes_(format_ahead_bytes),
      last_window_(plan.size() > first ? plan.size() - 1 - (plan.size() - 1 - first) % window_pairs
                                       : first),
      next_(first),
      base_(first),
      format_threads_(std::clamp(omp_get_max_threads(), 1, kMaxFormatThreads)) {}

void OrderedResults::prepare() {
  // The first window's lines were formatted 10 times slower than the next ones (0.4-0.6
  // ms for 8,192 protein lines on a 32-core host): libgomp started the team's threads, and
  // their first texts grew from nothing, each in the fresh malloc arena of its thread.
  const std::size_t chunks =
      std::min(kPreparedChunks, (window_pairs_ + kParallelChunk - 1) / kParallelChunk);
  if (run_texts_.size() < chunks) run_texts_.resize(chunks);
#pragma omp parallel for schedule(static) num_threads(format_threads_)
  for (std::size_t c = 0; c < chunks; ++c) {
    fmt::memory_buffer& text = run_texts_[c];
    text.reserve(kPreparedChunkBytes);
    std::memset(text.data(), 0, text.capacity());  // the pages, faulted in now
  }
}

OrderedResults::Slab& OrderedResults::slab(std::size_t k) {
  while (slabs_.size() <= k) slabs_.emplace_back();
  std::unique_ptr<Slab>& slot = slabs_[k];
  if (!slot) {
    if (spare_) {  // flags and lines were cleared as its lines were written
      slot = std::move(spare_);
    } else {
      // The last window of a job is short; a spare is never shorter than a later window.
      const auto pairs = static_cast<std::size_t>(std::min<std::uint64_t>(
          window_pairs_, plan_.size() - base_ - std::uint64_t{k} * window_pairs_));
      slot = std::make_unique<Slab>();
      slot->scores.resize(pairs);
      slot->done.assign(pairs, 0);
      slot->lines.resize(pairs);
      if (traceback_) {
        slot->cigars.resize(pairs);
        slot->regions.resize(4 * pairs);
      }
    }
  }
  return *slot;
}

void OrderedResults::retire_front() {
  if (Slab* s = slabs_.front().get()) {
    formatted_bytes_ -= s->text_bytes;
    s->text_bytes = 0;
    for (fmt::memory_buffer& text : s->texts) {
      if (spare_text_bytes_ + text.capacity() > kSpareTextBytes) break;
      spare_text_bytes_ += text.capacity();
      text.clear();
      spare_texts_.push_back(std::move(text));
    }
    s->texts.clear();
    s->cigar_tables.clear();
    s->formatted_ahead = false;
    spare_ = std::move(slabs_.front());
  }
  slabs_.pop_front();
  base_ += window_pairs_;
}

void OrderedResults::store(comm::align::BatchResults& results) {
  WG_REQUIRE(results.scores.size() == results.pair_ids.size() &&
                 (!traceback_ || (results.cigars.size() == results.pair_ids.size() &&
                                  results.regions.size() == 4 * results.pair_ids.size())),
             "internal error: batch {} has {} pairs but {} scores and {} CIGAR strings", results.id,
             results.pair_ids.size(), results.scores.size(), results.cigars.size());
  // Lines of the last window are formatted now unless too much text already waits; all
  // others when written.
  const bool format_ahead = formatted_bytes_ < format_ahead_bytes_;
  // A batch's pairs come from one window or two: look the slab up only when it changes,
  // and format the pairs of each slab together.
  Slab* s = nullptr;
  std::uint64_t slab_first = 0;  // offset of *s's first pair from base_
  std::vector<std::uint32_t> places;
  // The batch's CIGAR texts, kept by every slab that holds some of its pairs.
  std::shared_ptr<const StringTable> cigars;
  if (traceback_) cigars = std::make_shared<const StringTable>(std::move(results.cigars));
  const auto format_stored = [&] {
    if (format_ahead && s && !places.empty() && base_ + slab_first >= last_window_) {
      format_lines(*s, base_ + slab_first, places);
      s->formatted_ahead = true;
    }
    places.clear();
  };
  for (std::size_t k = 0; k < results.pair_ids.size(); ++k) {
    const std::uint64_t id = results.pair_ids[k];
    WG_REQUIRE(id >= next_ && id < plan_.size(), "internal error: result for pair {} (next {})", id,
               next_);
    const std::uint64_t offset = id - base_;
    if (!s || offset < slab_first || offset - slab_first >= window_pairs_) {
      format_stored();
      const std::uint64_t k_slab = offset / window_pairs_;
      s = &slab(static_cast<std::size_t>(k_slab));
      slab_first = k_slab * window_pairs_;
      if (cigars && (s->cigar_tables.empty() || s->cigar_tables.back() != cigars))
        s->cigar_tables.push_back(cigars);
    }
    const auto at = static_cast<std::size_t>(offset - slab_first);
    WG_REQUIRE(!s->done[at], "internal error: two results for pair {}", id);
    s->scores[at] = results.scores[k];
    s->done[at] = 1;
    if (traceback_) {
      s->cigars[at] = (*cigars)[k];
      std::copy_n(&results.regions[4 * k], 4, &s->regions[4 * at]);
    }
    places.push_back(static_cast<std::uint32_t>(at));
  }
  format_stored();
  pending_ += results.pair_ids.size();
}

void OrderedResults::gather_lines(Slab& s, std::size_t begin, std::size_t end,
                                  fmt::memory_buffer& out) {
  // Where each line goes in `out`, then the copies: in chunks on several threads for long
  // runs. One resize for the run: growing `out` line by line copies it again at every
  // doubling, and every new page of it is a fault.
  const std::size_t count = end - begin;
  std::vector<std::size_t> to(count + 1);
  to[0] = out.size();
  for (std::size_t k = 0; k < count; ++k) to[k + 1] = to[k] + s.lines[begin + k].size;
  out.resize(to[count]);
  const std::size_t chunks = (count + kParallelChunk - 1) / kParallelChunk;
#pragma omp parallel for schedule(static) num_threads(chunks > 1 ? format_threads_ : 1)
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::size_t last = std::min(count, (c + 1) * kParallelChunk);
    for (std::size_t k = c * kParallelChunk; k < last; ++k) {
      Line& line = s.lines[begin + k];
      std::memcpy(out.data() + to[k], s.texts[line.text].data() + line.begin, line.size);
      line = Line{};
      s.done[begin + k] = 0;
    }
  }
}

void OrderedResults::append_texts(const fmt::memory_buffer* texts, std::size_t count,
                                  fmt::memory_buffer& out) {
  std::vector<std::size_t> to(count + 1);
  to[0] = out.size();
  for (std::size_t k = 0; k < count; ++k) to[k + 1] = to[k] + texts[k].size();
  out.resize(to[count]);
#pragma omp parallel for schedule(static) num_threads(count > 1 ? format_threads_ : 1)
  for (std::size_t k = 0; k < count; ++k) {
    const fmt::memory_buffer& text = texts[k];
    std::memcpy(out.data() + to[k], text.data(), text.size());
  }
}

comm::align::BatchResults OrderedResults::pending_results() const {
  comm::align::BatchResults results;
  for (std::size_t k = 0; k < slabs_.size(); ++k) {
    if (!slabs_[k]) continue;
    const Slab& s = *slabs_[k];
    // Lines already written cleared their flags, so a set flag is a pending pair.
    for (std::size_t at = 0; at < s.done.size(); ++at) {
      if (!s.done[at]) continue;
      results.pair_ids.push_back(base_ + k * window_pairs_ + at);
      results.scores.push_back(s.scores[at]);
      if (!traceback_) continue;
      results.cigars.push_back(s.cigars[at]);
      results.regions.insert(results.regions.end(), &s.regions[4 * at], &s.regions[4 * at + 4]);
    }
  }
  return results;
}

bool OrderedResults::append_next(fmt::memory_buffer& out) {
  if (next_ >= plan_.size() || slabs_.empty() || !slabs_.front()) return false;
  Slab& s = *slabs_.front();
  const std::size_t begin = static_cast<std::size_t>(next_ - base_);
  const std::size_t limit = s.done.size();
  std::size_t end = begin;
  while (end < limit && s.done[end]) ++end;
  write_range(s, begin, end, out);
  pending_ -= end - begin;
  next_ += end - begin;
  if (end < window_pairs_ && next_ < plan_.size()) return end > begin;  // waiting for next_
  retire_front();
  return true;
}

void OrderedResults::format_lines(Slab& s, std::uint64_t slab_pair,
                                  const std::vector<std::uint32_t>& places) {
  const std::size_t chunks = (places.size() + kParallelChunk - 1) / kParallelChunk;
  const std::size_t first_text = s.texts.size();
  s.texts.resize(first_text + chunks);
  for (std::size_t c = 0; c < chunks && !spare_texts_.empty(); ++c) {
    spare_text_bytes_ -= spare_texts_.back().capacity();
    s.texts[first_text + c] = std::move(spare_texts_.back());
    spare_texts_.pop_back();
  }
  // Each chunk into its own text, so that threads never share a buffer.
#pragma omp parallel for schedule(dynamic, 1) num_threads(chunks > 1 ? format_threads_ : 1)
  for (std::size_t c = 0; c < chunks; ++c) {
    fmt::memory_buffer& text = s.texts[first_text + c];
    const std::size_t from = c * kParallelChunk;
    const std::size_t to = std::min(places.size(), (c + 1) * kParallelChunk);
    // The records of a batch's pairs (in length order) lie all over the sequence arrays,
    // and every CIGAR string's text is wherever its batch left it: the records are fetched
    // kPrefetchLines ahead, their ids (heap text when long) and CIGAR texts half as far.
    std::vector<PairRef> pairs(to - from);
    for (std::size_t k = from; k < to; ++k) pairs[k - from] = plan_.at(slab_pair + places[k]);
    for (std::size_t k = from; k < to; ++k) {
      if (k + kPrefetchLines < to) {
        const PairRef ahead = pairs[k + kPrefetchLines - from];
        __builtin_prefetch(&queries_[ahead.query]);
        __builtin_prefetch(&targets_[ahead.target]);
      }
      if (k + kPrefetchLines / 2 < to) {
        const PairRef ahead = pairs[k + kPrefetchLines / 2 - from];
        __builtin_prefetch(queries_[ahead.query].id.data());
        __builtin_prefetch(targets_[ahead.target].id.data());
        if (traceback_) __builtin_prefetch(s.cigars[places[k + kPrefetchLines / 2]].data());
      }
      const std::uint32_t at = places[k];
      const std::size_t begin = text.size();
      format_.append(text, record(s, at, pairs[k - from]));
      s.lines[at] = {begin, static_cast<std::uint32_t>(text.size() - begin),
                     static_cast<std::uint32_t>(first_text + c)};
    }
  }
  std::uint64_t added = 0;
  for (std::size_t c = 0; c < chunks; ++c) added += s.texts[first_text + c].size();
  s.text_bytes += added;
  formatted_bytes_ += added;
}

ResultRecord OrderedResults::record(const Slab& s, std::size_t at, PairRef pair) const {
  ResultRecord record;
  record.query = &queries_[pair.query];
  record.target = &targets_[pair.target];
  record.score = s.scores[at];
  if (traceback_) {
    record.cigar = s.cigars[at];
    record.region = &s.regions[4 * at];
  }
  return record;
}

void OrderedResults::write_run(Slab& s, std::size_t begin, std::size_t end,
                               fmt::memory_buffer& out) {
  // Pairs in order: each chunk looks its first pair up and steps along the plan, and reads
  // the records one after another.
  const std::size_t chunks = (end - begin + kParallelChunk - 1) / kParallelChunk;
  if (run_texts_.size() < chunks) run_texts_.resize(chunks);
#pragma omp parallel for schedule(dynamic, 1) num_threads(chunks > 1 ? format_threads_ : 1)
  for (std::size_t c = 0; c < chunks; ++c) {
    fmt::memory_buffer& text = run_texts_[c];
    text.clear();
    const std::size_t from = begin + c * kParallelChunk;
    const std::size_t to = std::min(end, from + kParallelChunk);
    PairRef pair = plan_.at(base_ + from);
    for (std::size_t at = from; at < to; ++at, plan_.advance(pair))
      format_.append(text, record(s, at, pair));
  }
  append_texts(run_texts_.data(), chunks, out);
  std::fill(s.done.begin() + static_cast<std::ptrdiff_t>(begin),
            s.done.begin() + static_cast<std::ptrdiff_t>(end), std::uint8_t{0});
}

void OrderedResults::write_range(Slab& s, std::size_t begin, std::size_t end,
                                 fmt::memory_buffer& out) {
  if (begin == end) return;
  if (!s.formatted_ahead) return write_run(s, begin, end, out);
  const std::size_t count = end - begin;
  std::vector<std::uint32_t> unformatted;
  for (std::size_t at = begin; at < end; ++at)
    if (s.lines[at].text == kUnformatted) unformatted.push_back(static_cast<std::uint32_t>(at));
  const std::size_t first_text = s.texts.size();
  if (!unformatted.empty()) format_lines(s, base_, unformatted);
  if (unformatted.size() == count) {
    // Formatted just now, in order: the new texts are the run's lines, one after another.
    append_texts(s.texts.data() + first_text, s.texts.size() - first_text, out);
    for (std::size_t at = begin; at < end; ++at) {
      s.lines[at] = Line{};
      s.done[at] = 0;
    }
  } else {
    gather_lines(s, begin, end, out);
  }
}

}  // namespace wg::align
