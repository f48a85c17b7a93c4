// The host backend of a partition (graph/partition.hpp): a full copy of the values and
// full-length frontier bitmasks in host memory, OpenMP operators for pull, push, outbox
// and scatter. It is the reference the CUDA backend is tested against.
#pragma once

#include <omp.h>

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <memory>
#include <vector>

#include "kernels/graph/host/atomic_value.hpp"
#include "kernels/graph/host/compact_outbox.hpp"
#include "kernels/graph/host/group_activation.hpp"
#include "kernels/graph/host/pull_compute.hpp"
#include "kernels/graph/host/push_compute.hpp"
#include "kernels/graph/host/split_compute.hpp"
#include "kernels/graph/partition.hpp"

namespace wg::kernels::graph::host {

template <typename P>
class HostPartition final : public Partition<P> {
 public:
  using Value = typename P::Value;
  using Update = UpdatePair<Value>;

  HostPartition(const PartitionView& view, const WalkOptions& walk)
      : view_(view),
        words_(bit_words(view.num_vertices)),
        values_(view.num_vertices),
        frontier_(words_, 0),
        next_(words_, 0),
        // The host holds every edge in host memory: --group auto means none here.
        groups_(view, can_group<P>() && walk.group != kChosenByPartition ? walk.group : 1) {
    if (P::kAllActive) messages_.resize(view.num_vertices);
    split_ =
        plan_virtual_split(view.in.indptr, static_cast<VertexId>(view.stored.size()), walk.split);
    layout_.split = split_.k;
    layout_.virtual_nodes = split_.virtual_nodes();
    layout_.group = groups_.ratio();
    layout_.activation_edges = groups_.on() ? groups_.edges() : view.num_targets;
  }

  void load(const Value* values, const BitWord* frontier) override {
    std::copy(values, values + view_.num_vertices, values_.begin());
    if (frontier)
      std::copy(frontier, frontier + words_, frontier_.begin());
    else
      std::fill(frontier_.begin(), frontier_.end(), 0);
    measure_frontier();
  }

  void section_loads(VertexRange assigned, double* loads) override {
    const partition::SectionLayout& sections = view_.sections;
    const auto first = static_cast<std::int64_t>(sections.first(assigned));
    const auto last = static_cast<std::int64_t>(sections.last(assigned));
#pragma omp parallel for schedule(static)
    for (std::int64_t s = first; s < last; ++s) {
      const VertexRange r = sections.clip(static_cast<std::size_t>(s), assigned);
      std::uint64_t count = r.size();
      if (!P::kAllActive) {
        count = 0;
        for (std::size_t w = r.begin / kBitsPerWord; w < bit_words(r.end); ++w)
          count += std::bitset<64>(word_in_range(frontier_.data(), w, r)).count();
      }
      loads[s] = static_cast<double>(count);
    }
  }

  double global_term(VertexRange assigned) override {
    if constexpr (!P::kHasGlobalTerm) {
      return 0.0;
    } else {
      // Summed per section, then in section order: the same total whatever the threads.
      static const VertexStatic kNoStatic{};
      const partition::SectionLayout& sections = view_.sections;
      const auto first = static_cast<std::int64_t>(sections.first(assigned));
      const auto last = static_cast<std::int64_t>(sections.last(assigned));
      std::vector<double> terms(static_cast<std::size_t>(last - first), 0.0);
#pragma omp parallel for schedule(static)
      for (std::int64_t s = first; s < last; ++s) {
        const VertexRange r = sections.clip(static_cast<std::size_t>(s), assigned);
        double term = 0.0;
        for (VertexId v = r.begin; v < r.end; ++v)
          term += P::global_term(values_[v], view_.statics ? view_.statics[v] : kNoStatic);
        terms[static_cast<std::size_t>(s - first)] = term;
      }
      double total = 0.0;
      for (double t : terms) total += t;
      return total;
    }
  }

  StepStats step(VertexRange assigned, Direction direction, const ProgramParams& params,
                 bool own_global_term, bool make_outbox, bool boundary_only) override {
    StepStats stats;
    ProgramParams p = params;
    if (own_global_term && P::kHasGlobalTerm) p.global_sum = global_term(assigned);
    // Grouped activation keeps no exact out-edges to push along: every step pulls.
    const Direction way = groups_.on()
                              ? Direction::pull
                              : choose_direction<P>(direction, frontier_edges_, view_.num_targets);
    stats.pulled = way == Direction::pull;
    if (stats.pulled) {
      if constexpr (P::kAllActive) take_messages();
      const ActiveGroups active = groups_.activate(frontier_.data());
      const PullTotals totals =
          split_.k ? split_pull_compute<P>(view_.in, split_, assigned, frontier_.data(),
                                           messages_.data(), values_.data(), view_.vertex_weights,
                                           p, next_.data(), partial_, active)
                   : pull_compute<P>(view_.in, view_.sections, assigned, frontier_.data(),
                                     messages_.data(), values_.data(), view_.vertex_weights, p,
                                     next_.data(), active);
      stats.updates = totals.updates;
      stats.redundant = totals.redundant;
      stats.change = totals.change;
      stats.edges = view_.in.indptr[assigned.end - view_.in.rows.begin] -
                    view_.in.indptr[assigned.begin - view_.in.rows.begin];
    } else if constexpr (!P::kAllActive) {
      stats.edges =
          split_.k ? split_push_compute<P>(view_.targets, split_.k, words_, frontier_.data(),
                                           assigned, view_.statics, values_.data(), next_.data())
                   : push_compute<P>(view_.targets, words_, frontier_.data(), assigned,
                                     view_.statics, values_.data(), next_.data());
      stats.updates = count_in(next_.data(), assigned);
    }
    outbox_.clear();
    if (make_outbox)
      compact_outbox(next_.data(), boundary_only ? view_.boundary : nullptr, view_.sections,
                     assigned, values_.data(), outbox_);
    stats.outbox = outbox_.size();
    return stats;
  }

  const Update* outbox() const override { return outbox_.data(); }

  void scatter(const Update* updates, std::size_t count) override {
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(count); ++i) {
      const Update& u = updates[i];
      values_[u.id] = u.value;  // a vertex has one owner per iteration: no other writer
      if (!P::kAllActive) set_bit_atomic(next_.data(), u.id);
    }
  }

  std::uint64_t end_iteration() override {
    frontier_.swap(next_);
    std::fill(next_.begin(), next_.end(), 0);
    measure_frontier();
    return frontier_size_;
  }

  WalkLayout layout() const override { return layout_; }

  void download(Value* values, BitWord* frontier) override {
    std::copy(values_.begin(), values_.end(), values);
    if (frontier) std::copy(frontier_.begin(), frontier_.end(), frontier);
  }

 private:
  // All-active programs pull from a snapshot of emit(value), taken once per iteration.
  void take_messages() {
    static const VertexStatic kNoStatic{};
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < static_cast<std::int64_t>(view_.num_vertices); ++v) {
      const auto i = static_cast<std::size_t>(v);
      messages_[i] = P::emit(values_[i], view_.statics ? view_.statics[i] : kNoStatic);
    }
  }

  std::uint64_t count_in(const BitWord* words, VertexRange r) const {
    std::uint64_t count = 0;
    if (r.empty()) return 0;
    for (std::size_t w = r.begin / kBitsPerWord; w < bit_words(r.end); ++w)
      count += std::bitset<64>(word_in_range(words, w, r)).count();
    return count;
  }

  // The frontier's size and out-edges, for the direction rule.
  void measure_frontier() {
    std::uint64_t size = 0, edges = 0;
    const TargetsView& t = view_.targets;
#pragma omp parallel for schedule(static) reduction(+ : size, edges)
    for (std::int64_t w = 0; w < static_cast<std::int64_t>(words_); ++w) {
      BitWord pending = frontier_[static_cast<std::size_t>(w)];
      while (pending) {
        const auto u = static_cast<VertexId>(static_cast<std::size_t>(w) * kBitsPerWord +
                                             static_cast<unsigned>(__builtin_ctzll(pending)));
        pending &= pending - 1;
        ++size;
        edges += t.indptr[u + 1] - t.indptr[u];
      }
    }
    frontier_size_ = size;
    frontier_edges_ = edges;
  }

  PartitionView view_;
  WalkLayout layout_;
  std::size_t words_;
  std::vector<Value> values_;
  std::vector<Value> messages_;  // all-active programs
  std::vector<BitWord> frontier_;
  std::vector<BitWord> next_;
  std::vector<Update> outbox_;
  VirtualSplit split_;          // --split: the rows' virtual nodes (k 0: none)
  std::vector<Value> partial_;  // --split: what each member of a split row reduced
  GroupActivation groups_;
  std::uint64_t frontier_size_ = 0;
  std::uint64_t frontier_edges_ = 0;
};

}  // namespace wg::kernels::graph::host
