// Rank 0's writer thread: takes finished batches from the dispatcher's main thread (which
// must stay free to answer workers), hands them to the sink (order, --top), writes
// them to the output, flushing the finished prefix about every second so that an
// interrupted run leaves as much as possible in FILE.partial.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include "comm/align/messages.hpp"
#include "src/align/result_sink.hpp"
#include "src/align/result_writer.hpp"

namespace wg::align {

class ResultStream {
 public:
  ResultStream(ResultSink& sink, ResultWriter& file);
  ~ResultStream();
  ResultStream(const ResultStream&) = delete;
  ResultStream& operator=(const ResultStream&) = delete;

  // Queues one batch's results; rethrows an error of the writer thread.
  void submit(comm::align::BatchResults&& results);
  // Writes and flushes everything submitted, then stops the thread; rethrows its error.
  void finish();
  // Seconds the thread spent ordering, formatting and writing (read after finish()).
  double seconds() const { return seconds_; }

 private:
  void loop();

  ResultSink& sink_;
  ResultWriter& file_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<comm::align::BatchResults> queue_;
  bool closing_ = false;
  std::exception_ptr error_;
  double seconds_ = 0;
  std::thread thread_;
};

}  // namespace wg::align
