// OpenMP keeps its thread count per thread: a std::thread starts with the process's
// default (OMP_NUM_THREADS, else every core), not with the count that --threads set on the
// main thread through omp_set_num_threads. Threads whose work opens OpenMP teams (packing
// residues, building CIGAR strings, formatting lines, the host aligner) start through
// openmp_thread, so that their teams have the thread count of the thread that started them.
#pragma once

#include <omp.h>

#include <thread>
#include <utility>

namespace wg {

template <typename Body>
std::thread openmp_thread(Body&& body) {
  const int threads = omp_get_max_threads();
  return std::thread([threads, body = std::forward<Body>(body)]() mutable {
    omp_set_num_threads(threads);
    body();
  });
}

}  // namespace wg
