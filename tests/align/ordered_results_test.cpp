// The in-order result output: batches arriving out of order and across window boundaries
// come out in input order, byte for byte as worked out by hand (scores, decimal scores,
// traceback columns), nothing is written before its predecessors, a resumed run starts at
// its first pair, the file layer keeps complete lines of a partial output, and results
// waiting for an earlier pair are kept beside it (FILE.partial.pending) for the next run,
// which refuses such a file when it is damaged or belongs to another job.
#include "src/align/ordered_results.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>
#include <utility>
#include <vector>

#include "src/align/pending_results.hpp"
#include "src/align/result_format.hpp"
#include "src/align/result_stream.hpp"
#include "src/align/result_top.hpp"
#include "src/align/result_writer.hpp"
#include "src/align/scoring.hpp"
#include "src/common/error.hpp"

namespace wg::align {
namespace {

std::vector<Sequence> named(const std::vector<std::string>& ids) {
  std::vector<Sequence> sequences;
  for (const auto& id : ids) sequences.push_back({id, {0, 1, 2}});
  return sequences;
}

comm::align::BatchResults batch(const std::vector<std::uint64_t>& ids,
                                const std::vector<std::int32_t>& scores,
                                const std::vector<std::string>& cigars = {}) {
  comm::align::BatchResults results;
  results.pair_ids = ids;
  results.scores = scores;
  results.cigars = StringTable(cigars);
  for (std::size_t k = 0; k < cigars.size(); ++k)
    results.regions.insert(results.regions.end(), {0, 3, 0, 3});
  return results;
}

// TSV with scores scaled by `scale` (kept alive for the sinks that refer to it).
const ResultFormat& tsv(std::int32_t scale) {
  static std::map<std::int32_t, ResultFormat> formats;
  return formats.try_emplace(scale, OutputFormat::tsv, Alphabet::dna, scale).first->second;
}

std::string text(const fmt::memory_buffer& buffer) { return {buffer.data(), buffer.size()}; }

// Stores one batch's results and appends every line that became writable, as the writer
// thread does piece by piece.
void put(ResultSink& sink, comm::align::BatchResults& results, fmt::memory_buffer& out) {
  sink.store(results);
  while (sink.append_next(out)) {
  }
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream all;
  all << in.rdbuf();
  return all.str();
}

// A new directory for one test's files, unique per run.
std::filesystem::path test_directory(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   (name + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  std::filesystem::create_directories(dir);
  return dir;
}

// All-vs-all of a, b, c, d, e: pairs 0..9 are ab ac ad ae bc bd be cd ce de.
TEST(AlignOrderedResults, OutOfOrderAcrossWindowsComesOutInOrder) {
  const auto sequences = named({"a", "b", "c", "d", "e"});
  const PairPlan plan(PairMode::all_vs_all, 5, 5);
  OrderedResults ordered(sequences, sequences, plan, tsv(1), false, 0, 3);  // windows of 3 pairs
  fmt::memory_buffer out;

  auto first = batch({7, 2, 9}, {70, 20, 90});  // windows 2, 0, 3: nothing writable yet
  put(ordered, first, out);
  EXPECT_EQ(text(out), "");
  EXPECT_EQ(ordered.next_index(), 0u);
  EXPECT_EQ(ordered.pending(), 3u);

  auto second = batch({1, 0}, {-10, 0});  // pairs 0-2 complete window 0
  put(ordered, second, out);
  EXPECT_EQ(text(out), "a\tb\t0\na\tc\t-10\na\td\t20\n");
  EXPECT_EQ(ordered.next_index(), 3u);
  EXPECT_EQ(ordered.pending(), 2u);

  out.clear();
  auto third = batch({8, 4, 6, 3, 5}, {80, 40, 60, 30, 50});
  put(ordered, third, out);
  EXPECT_EQ(text(out), "a\te\t30\nb\tc\t40\nb\td\t50\nb\te\t60\nc\td\t70\nc\te\t80\nd\te\t90\n");
  EXPECT_EQ(ordered.next_index(), 10u);
  EXPECT_EQ(ordered.pending(), 0u);
}

// The writer thread takes the writable lines a window at a time, so that it writes one
// window while the next is formatted.
TEST(AlignOrderedResults, WritableLinesComeAWindowAtATime) {
  const auto sequences = named({"a", "b", "c", "d", "e"});
  const PairPlan plan(PairMode::all_vs_all, 5, 5);
  OrderedResults ordered(sequences, sequences, plan, tsv(1), false, 0, 4);  // windows of 4 pairs
  auto late = batch({9, 8, 7, 6, 5, 4, 3, 2, 1}, {9, 8, 7, 6, 5, 4, 3, 2, 1});
  ordered.store(late);
  fmt::memory_buffer out;
  EXPECT_FALSE(ordered.append_next(out));  // pair 0 missing: nothing writable
  auto first = batch({0}, {0});
  ordered.store(first);
  ASSERT_TRUE(ordered.append_next(out));
  EXPECT_EQ(text(out), "a\tb\t0\na\tc\t1\na\td\t2\na\te\t3\n");
  out.clear();
  ASSERT_TRUE(ordered.append_next(out));
  EXPECT_EQ(text(out), "b\tc\t4\nb\td\t5\nb\te\t6\nc\td\t7\n");
  out.clear();
  ASSERT_TRUE(ordered.append_next(out));
  EXPECT_EQ(text(out), "c\te\t8\nd\te\t9\n");
  EXPECT_FALSE(ordered.append_next(out));
  EXPECT_TRUE(ordered.complete());
}

TEST(AlignOrderedResults, DecimalScoresAndTracebackColumns) {
  const auto queries = named({"q0", "q1"});
  const auto targets = named({"t0", "t1"});
  const PairPlan plan(PairMode::pairs, 2, 2);
  OrderedResults ordered(queries, targets, plan, tsv(2), true, 0, 4);  // scores in halves
  fmt::memory_buffer out;
  auto later = batch({1}, {-7}, {"3=1X2I"});
  put(ordered, later, out);
  EXPECT_EQ(text(out), "");
  auto earlier = batch({0}, {8}, {"4="});
  put(ordered, earlier, out);
  // identity = matches / length: 4/4 and 3/6.
  EXPECT_EQ(text(out),
            "q0\tt0\t4\t1.0000\t4\t4=\t1\t3\t1\t3\n"
            "q1\tt1\t-3.5\t0.5000\t6\t3=1X2I\t1\t3\t1\t3\n");
}

TEST(AlignOrderedResults, ScoresAreWrittenAsFormatScoreWritesThem) {
  for (const std::int32_t scale : {1, 2, 4, 5, 10, 20, 25, 50, 100}) {
    for (std::int32_t scaled = -1234; scaled <= 1234; ++scaled) {
      fmt::memory_buffer line;
      const Sequence q{"q", {}};
      const Sequence t{"t", {}};
      ResultRecord record;
      record.query = &q;
      record.target = &t;
      record.score = scaled;
      tsv(scale).append(line, record);
      ASSERT_EQ(text(line), "q\tt\t" + format_score(scaled, scale) + "\n")
          << "scaled " << scaled << ", scale " << scale;
    }
  }
}

// --top 2 over 3 queries x 4 targets, batches out of order and split across queries: each
// query's best two by score, ties to the smaller target index, written in query order once
// all of a query's pairs are in; a worker's drop_outside_top keeps alignments of its
// batch's best two per query only.
TEST(AlignTopResults, BestKPerQueryWithTiesInQueryOrder) {
  const auto queries = named({"q0", "q1", "q2"});
  const auto targets = named({"t0", "t1", "t2", "t3"});
  TopResults top(queries, targets, tsv(1), false, 2);
  fmt::memory_buffer out;
  auto late = batch({4, 5, 6, 7, 8, 9, 10}, {5, 9, 5, 9, 1, 1, 1});  // q1 whole, q2 partly
  put(top, late, out);
  EXPECT_EQ(text(out), "");  // q0 has no results yet
  auto early = batch({3, 0, 11, 2, 1}, {7, 3, 0, 7, 7});
  put(top, early, out);
  EXPECT_EQ(text(out), "q0\tt1\t7\nq0\tt2\t7\nq1\tt1\t9\nq1\tt3\t9\nq2\tt0\t1\nq2\tt1\t1\n");
  EXPECT_TRUE(top.complete());

  auto worker = batch({0, 1, 2, 4, 5}, {3, 8, 8, 1, 0}, {"a", "b", "c", "d", "e"});
  drop_outside_top(worker, 1, 4);  // best of q0: t1 (tie with t2, smaller index); of q1: t0
  EXPECT_EQ(worker.cigars, StringTable({"", "b", "", "d", ""}));
}

// 300 records all-vs-all in two batches, the later half first: the whole job becomes
// writable at once. Lines are formatted in parallel chunks, each pair from its own place
// in the plan: in one window (the job's last) when their batch arrives, when they are
// written (no text may wait), or some of each (the first batch fills the budget); in
// windows of 1,000 pairs when written, but for the last window's; with traceback, each
// line keeps its own CIGAR string and region (the strings are then released on a thread
// of their own).
TEST(AlignOrderedResults, LongRunsFormattedInParallelStayInOrder) {
  // n columns as n runs of one match: long enough to live on the heap.
  const auto ones = [](std::uint64_t n) {
    std::string cigar;
    for (std::uint64_t k = 0; k < n; ++k) cigar += "1=";
    return cigar;
  };
  std::vector<std::string> ids;
  for (int i = 0; i < 300; ++i) ids.push_back("seq" + std::to_string(i * 7));
  const auto sequences = named(ids);
  const PairPlan plan(PairMode::all_vs_all, 300, 300);
  struct Setting {
    bool traceback;
    std::uint64_t format_ahead;
    std::size_t window;
  };
  constexpr std::uint64_t kAhead = OrderedResults::kFormatAheadBytes;
  for (const auto& [traceback, format_ahead, window] :
       std::vector<Setting>{{false, kAhead, 1 << 16},
                            {true, kAhead, 1 << 16},
                            {false, 0, 1 << 16},
                            {true, 0, 1 << 16},
                            {true, 1000, 1 << 16},
                            {false, kAhead, 1000},
                            {true, kAhead, 1000}}) {
    std::string expected;
    std::uint64_t index = 0;
    for (std::size_t i = 0; i < 300; ++i) {
      for (std::size_t j = i + 1; j < 300; ++j, ++index) {
        expected +=
            ids[i] + "\t" + ids[j] + "\t" + std::to_string(static_cast<int>(index % 1000) - 500);
        const std::string n = std::to_string(index % 50 + 20);
        if (traceback)
          expected += "\t1.0000\t" + n + "\t" + ones(index % 50 + 20) + "\t1\t" + n + "\t1\t" + n;
        expected += "\n";
      }
    }
    ASSERT_EQ(index, plan.size());
    comm::align::BatchResults later, earlier;
    for (std::uint64_t id = 0; id < plan.size(); ++id) {
      comm::align::BatchResults& into = id < 1000 ? earlier : later;
      into.pair_ids.push_back(id);
      into.scores.push_back(static_cast<std::int32_t>(id % 1000) - 500);
      if (!traceback) continue;
      const auto n = static_cast<std::uint32_t>(id % 50 + 20);
      into.cigars.push_back(ones(n));
      into.regions.insert(into.regions.end(), {0, n, 0, n});
    }
    OrderedResults ordered(sequences, sequences, plan, tsv(1), traceback, 0, window, format_ahead);
    fmt::memory_buffer out;
    put(ordered, later, out);
    EXPECT_EQ(out.size(), 0u);
    put(ordered, earlier, out);
    EXPECT_EQ(ordered.next_index(), plan.size());
    EXPECT_TRUE(text(out) == expected)
        << "parallel formatting differs from the plan's order, "
        << "traceback " << traceback << ", ahead " << format_ahead << ", window " << window;
  }
}

TEST(AlignOrderedResults, ResumedRunStartsAtItsFirstPairAndRefusesEarlierOnes) {
  const auto queries = named({"q0", "q1", "q2"});
  const auto targets = named({"t0", "t1"});
  const PairPlan plan(PairMode::query_target, 3, 2);  // q0t0 q0t1 q1t0 q1t1 q2t0 q2t1
  OrderedResults ordered(queries, targets, plan, tsv(1), false, 3, 2);
  EXPECT_EQ(ordered.next_index(), 3u);
  fmt::memory_buffer out;
  auto stale = batch({2}, {1});
  EXPECT_THROW(put(ordered, stale, out), Error);
  auto rest = batch({5, 4, 3}, {5, 4, 3});
  put(ordered, rest, out);
  EXPECT_EQ(text(out), "q1\tt1\t3\nq2\tt0\t4\nq2\tt1\t5\n");
  auto twice = batch({3}, {3});
  EXPECT_THROW(put(ordered, twice, out), Error);
}

TEST(AlignOrderedResults, WriterThreadAndPartialFileResume) {
  const auto dir = test_directory("wg_ordered_");
  const std::string path = (dir / "out.tsv").string();
  const auto sequences = named({"a", "b", "c", "d", "e"});
  const PairPlan plan(PairMode::all_vs_all, 5, 5);
  const std::string expected =
      "a\tb\t0\na\tc\t1\na\td\t2\na\te\t3\nb\tc\t4\nb\td\t5\nb\te\t6\nc\td\t7\nc\te\t8\nd\te\t9\n";

  {  // an interrupted run: only the prefix before the missing pair 4 reaches the file
    ResultWriter file(path, false);
    OrderedResults ordered(sequences, sequences, plan, tsv(1), false, 0, 3);
    ResultStream stream(ordered, file);
    stream.submit(batch({3, 0, 2}, {3, 0, 2}));
    stream.submit(batch({5, 1}, {5, 1}));
    stream.finish();
    EXPECT_EQ(ordered.next_index(), 4u);
    EXPECT_EQ(ordered.pending(), 1u);
  }
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_EQ(read_file(path + ".partial"), expected.substr(0, expected.find("b\tc")));

  // Torn last line, as after a kill mid-write: resume keeps the 3 complete lines.
  std::filesystem::resize_file(path + ".partial", expected.find("a\te") + 2);
  {
    ResultWriter file(path, true);
    EXPECT_EQ(file.lines_kept(), 3u);
    EXPECT_EQ(file.last_kept_line(), "a\td\t2");
    OrderedResults ordered(sequences, sequences, plan, tsv(1), false, file.lines_kept(), 3);
    ResultStream stream(ordered, file);
    stream.submit(batch({9, 8, 7, 6}, {9, 8, 7, 6}));
    stream.submit(batch({3, 5, 4}, {3, 5, 4}));
    stream.finish();
    EXPECT_EQ(ordered.next_index(), 10u);
    file.commit();
  }
  EXPECT_FALSE(std::filesystem::exists(path + ".partial"));
  EXPECT_EQ(read_file(path), expected);
  std::filesystem::remove_all(dir);
}

// Lines written while the job still runs reach FILE.partial within about a second (the
// flush interval) even when no more results come, so that a killed run keeps them.
TEST(AlignResultStream, WrittenLinesReachTheFileWhileTheRunWaits) {
  const auto dir = test_directory("wg_stream_");
  const std::string path = (dir / "out.tsv").string();
  const auto sequences = named({"a", "b", "c", "d", "e"});
  const PairPlan plan(PairMode::all_vs_all, 5, 5);
  ResultWriter file(path, false);
  OrderedResults ordered(sequences, sequences, plan, tsv(1), false, 0, 3);
  ResultStream stream(ordered, file);
  stream.submit(batch({1, 0, 2}, {1, 0, 2}));
  const std::string expected = "a\tb\t0\na\tc\t1\na\td\t2\n";
  std::string seen;
  for (int wait = 0; wait < 40 && seen != expected; ++wait) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    seen = read_file(path + ".partial");
  }
  EXPECT_EQ(seen, expected);
  stream.finish();
  std::filesystem::remove_all(dir);
}

// Small texts are gathered in the writer's buffer and large ones written as they are: the
// file holds every byte once, in order, whichever way each text went.
TEST(AlignResultWriter, SmallAndLargeTextsReachTheFileInOrder) {
  const auto dir = test_directory("wg_writer_");
  const std::string path = (dir / "out.tsv").string();
  std::string expected;
  {
    ResultWriter file(path, false);
    for (const std::size_t size : {10, 300000, 7, 65536, 65535, 2000000, 1}) {
      std::string text(size, '\0');
      for (std::size_t k = 0; k < size; ++k)
        text[k] = static_cast<char>('a' + (expected.size() + k) % 23);
      file.write(text.data(), text.size());
      expected += text;
    }
    file.commit();
  }
  EXPECT_EQ(read_file(path), expected);
  std::filesystem::remove_all(dir);
}

// An interrupted run with pairs 1, 5 and 8 finished but pair 0 missing: the three are
// kept with their CIGAR strings and regions, and the next run (resumed after pair 1 reached
// the partial file) gets back 5 and 8 alone.
TEST(AlignOrderedResults, PendingResultsAreKeptForTheNextRun) {
  const auto sequences = named({"a", "b", "c", "d", "e"});
  const PairPlan plan(PairMode::all_vs_all, 5, 5);
  OrderedResults ordered(sequences, sequences, plan, tsv(1), true, 0, 3);
  fmt::memory_buffer out;
  auto done = batch({8, 1, 5}, {80, 10, 50}, {"3=", "", "1X2="});
  done.regions[4] = 1;  // pair 1: an empty alignment at query position 1
  done.regions[5] = 1;
  put(ordered, done, out);
  EXPECT_EQ(text(out), "");
  const comm::align::BatchResults pending = ordered.pending_results();
  EXPECT_EQ(pending.pair_ids, (std::vector<std::uint64_t>{1, 5, 8}));
  EXPECT_EQ(pending.scores, (std::vector<std::int32_t>{10, 50, 80}));
  EXPECT_EQ(pending.cigars, StringTable({"", "1X2=", "3="}));
  EXPECT_EQ(pending.regions, (std::vector<std::uint32_t>{1, 1, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3}));

  const auto dir =
      std::filesystem::temp_directory_path() /
      ("wg_pending_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  std::filesystem::create_directories(dir);
  const std::string output = (dir / "out.tsv").string();
  const std::string record = "format: 2\ntraceback: true\n";
  write_pending_results(output, record, pending, true);
  const comm::align::BatchResults back = read_pending_results(output, record, true, 2, plan.size());
  EXPECT_EQ(back.pair_ids, (std::vector<std::uint64_t>{5, 8}));
  EXPECT_EQ(back.scores, (std::vector<std::int32_t>{50, 80}));
  EXPECT_EQ(back.cigars, StringTable({"1X2=", "3="}));
  EXPECT_EQ(back.regions, (std::vector<std::uint32_t>{0, 3, 0, 3, 0, 3, 0, 3}));
  EXPECT_EQ(read_pending_results(output, record, true, 0, plan.size()).cigars[0], "");

  // Another job's record, a job with fewer pairs, a cut file: refused, naming the file.
  const std::string path = pending_results_path(output);
  const auto refused = [&](const std::string& their_record, std::uint64_t pairs) {
    try {
      read_pending_results(output, their_record, true, 0, pairs);
    } catch (const Error& e) {
      return std::string(e.what()).find(path) != std::string::npos;
    }
    return false;
  };
  EXPECT_TRUE(refused("format: 2\ntraceback: false\n", plan.size()));
  EXPECT_TRUE(refused(record, 8));
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 3);
  EXPECT_TRUE(refused(record, plan.size()));

  // Nothing pending: the file goes.
  write_pending_results(output, record, comm::align::BatchResults{}, true);
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_TRUE(read_pending_results(output, record, true, 0, plan.size()).pair_ids.empty());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wg::align
