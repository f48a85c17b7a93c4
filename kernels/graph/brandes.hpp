// The two phases of Brandes's betweenness centrality (src/engine/betweenness.cpp runs
// them once per source): shortest paths by hop count, each edge counted as a path step
// (parallel edges are distinct paths), edge weights ignored.
//
// Forward: level by level from the source, as ssnsp, every vertex takes its level (hops
// from the source) and sigma, the number of shortest paths to it: the sum of the sigmas
// of its in-neighbours one level up. The value packs both, since the backward phase
// needs the two per vertex and a phase hands the next one values only:
//   bits 63..48  level (saturating at kMaxLevel: the driver refuses deeper graphs)
//   bits 47..0   sigma as a float64 without its sign bit and its 16 lowest mantissa bits
//                (36 remain: counts below 2^37 are exact, larger ones within 2^-36)
// 0 is "not reached" (the source has level 0 and sigma 1).
//
// Backward, over the transposed graph, deepest level first: with
//   y(v) = (1 + delta(v)) / sigma(v) = 1 / sigma(v) + sum of y(w) over successors w
// (out-neighbours one level down), the dependency is delta(v) = sigma(v) y(v) - 1. A
// vertex starts pending, with its countdown D - level (D the deepest level) and sigma;
// in iteration t the pending vertices of countdown t (level D - t) apply 1/sigma + the
// sum of y over their frontier out-neighbours, which are exactly the vertices finished in
// iteration t - 1 (level D - t + 1), hence exactly their successors (t >= 1; the
// deepest level, t = 0, has none). Values:
//   0                          not reached
//   bit 63 set                 pending: countdown in bits 62..47, sigma in bits 46..0
//   else                       final: the float64 bits of y (> 0)
// Pulls only: apply reads the vertex's own countdown.
#pragma once

#include <cstdint>
#include <cstring>

#include "kernels/graph/vertex_program.hpp"

namespace wg::kernels::graph {

// Sigma in the 47 bits both phases keep of it.
struct BrandesPaths {
  static constexpr std::uint64_t kMask = (std::uint64_t{1} << 47) - 1;
  static WG_HD std::uint64_t pack(double paths) {
    std::uint64_t bits;
    memcpy(&bits, &paths, sizeof bits);
    return (bits >> 16) & kMask;
  }
  static WG_HD double unpack(std::uint64_t packed) {
    const std::uint64_t bits = (packed & kMask) << 16;
    double paths;
    memcpy(&paths, &bits, sizeof paths);
    return paths;
  }
};

struct BrandesForward : ProgramDefaults {
  using Value = std::uint64_t;
  static constexpr const char* kName = "bc-forward";
  static constexpr std::uint32_t kMaxLevel = 0xffff;
  static constexpr bool kPhase = true;
  static constexpr bool kNeedsSource = true;
  static constexpr bool kLevelSynchronous = true;
  static constexpr bool kWholeLevel = true;

  static WG_HD std::uint32_t level(Value v) { return static_cast<std::uint32_t>(v >> 48); }
  static WG_HD double paths(Value v) { return BrandesPaths::unpack(v); }
  static WG_HD Value pack(std::uint32_t level, double paths) {
    return (Value{level} << 48) | BrandesPaths::pack(paths);
  }

  static WG_HD Value identity() { return 0; }
  static WG_HD Value init(VertexId v, const ProgramParams& p) {
    return v == p.source ? pack(0, 1.0) : 0;
  }
  static WG_HD Value gather(Value u, EdgeValue) {
    if (u == 0) return 0;
    return pack(level(u) < kMaxLevel ? level(u) + 1 : kMaxLevel, paths(u));
  }
  // The senders of one iteration share a level: reduce keeps it and sums the paths.
  static WG_HD Value reduce(Value a, Value b) {
    if (a == 0) return b;
    if (b == 0) return a;
    return pack(level(a) > level(b) ? level(a) : level(b), paths(a) + paths(b));
  }
  static WG_HD bool apply(Value& current, Value reduced, const ProgramParams&) {
    if (current != 0 || reduced == 0) return false;
    current = reduced;
    return true;
  }
};

struct BrandesBackward : ProgramDefaults {
  using Value = std::uint64_t;
  static constexpr const char* kName = "bc-backward";
  static constexpr bool kPhase = true;
  static constexpr bool kReversed = true;
  static constexpr bool kPullOnly = true;
  static constexpr Value kPending = std::uint64_t{1} << 63;

  // The start of a vertex the forward phase reached (`forward` its value).
  static Value pending(std::uint64_t countdown, std::uint64_t forward) {
    return kPending | (countdown << 47) | (forward & BrandesPaths::kMask);
  }
  static WG_HD bool is_pending(Value v) { return (v & kPending) != 0; }
  static WG_HD std::uint64_t countdown(Value v) { return (v & ~kPending) >> 47; }
  static WG_HD double as_double(Value v) {
    double d;
    memcpy(&d, &v, sizeof d);
    return d;
  }
  static WG_HD Value from_double(double d) {
    Value v;
    memcpy(&v, &d, sizeof v);
    return v;
  }

  static WG_HD Value identity() { return 0; }                            // +0.0
  static WG_HD Value init(VertexId, const ProgramParams&) { return 0; }  // phases start given
  static WG_HD Value gather(Value w, EdgeValue) { return is_pending(w) ? 0 : w; }
  static WG_HD Value reduce(Value a, Value b) { return from_double(as_double(a) + as_double(b)); }
  // The deepest level (countdown 0) has no successors. Its iteration is the first, whose
  // frontier is every vertex of the start (all not 0), some finishing in that same
  // iteration: what it reduced is not theirs to read, so it is ignored.
  static WG_HD bool apply(Value& current, Value reduced, const ProgramParams& p) {
    if (!is_pending(current) || countdown(current) != p.iteration) return false;
    const double successors = p.iteration == 0 ? 0.0 : as_double(reduced);
    current = from_double(1.0 / BrandesPaths::unpack(current) + successors);
    return true;
  }
};

}  // namespace wg::kernels::graph
