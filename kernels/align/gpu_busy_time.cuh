// The time a GPU spends in the kernels of this process's aligners, each instant counted
// once. Two or three aligners share a GPU (some prepare their next batch while another
// computes), so their batches' kernel spans overlap and summing the spans would count the
// overlap twice, understating kernel throughput. Every aligner adds its batch spans here
// and is credited only with the part that no span added before covered: the aligners'
// kernel seconds then add up to the GPU's busy time.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include "src/common/cuda_check.hpp"

namespace wg::kernels::align::cuda {

class GpuBusyTime {
 public:
  // The clock of the current device; the first call records its origin, so make it before
  // any span to be added (an aligner's constructor).
  static GpuBusyTime& of_current_device() {
    static std::mutex mutex;
    static std::map<int, GpuBusyTime*> clocks;  // live as long as the process
    int device = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    std::lock_guard<std::mutex> lock(mutex);
    GpuBusyTime*& clock = clocks[device];
    if (!clock) clock = new GpuBusyTime();
    return *clock;
  }

  // Adds the span between two completed events of this device; returns the seconds of it
  // that no earlier span covered.
  double add(cudaEvent_t start, cudaEvent_t end) {
    float start_ms = 0;
    float end_ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&start_ms, origin_, start));
    CUDA_CHECK(cudaEventElapsedTime(&end_ms, origin_, end));
    double begin = start_ms;
    double finish = std::max(end_ms, start_ms);
    std::lock_guard<std::mutex> lock(mutex_);
    double uncovered = finish - begin;
    // spans_ is sorted and disjoint: take out every span touching [begin, finish] and
    // put back their union with it.
    auto first = std::lower_bound(spans_.begin(), spans_.end(), begin,
                                  [](const auto& span, double at) { return span.second < at; });
    auto last = first;
    for (; last != spans_.end() && last->first <= finish; ++last) {
      uncovered -= std::min(finish, last->second) - std::max(begin, last->first);
      begin = std::min(begin, last->first);
      finish = std::max(finish, last->second);
    }
    const auto at = spans_.erase(first, last);
    spans_.insert(at, {begin, finish});
    return std::max(uncovered, 0.0) * 1e-3;
  }

 private:
  GpuBusyTime() {
    CUDA_CHECK(cudaEventCreate(&origin_));
    CUDA_CHECK(cudaEventRecord(origin_, nullptr));
    CUDA_CHECK(cudaEventSynchronize(origin_));
  }

  cudaEvent_t origin_ = nullptr;
  std::mutex mutex_;
  // ms since origin_. Event times are floats: after an hour of run they resolve to about
  // 0.25 ms, small beside a batch's span of tens of milliseconds.
  std::vector<std::pair<double, double>> spans_;
};

}  // namespace wg::kernels::align::cuda
