// Boost.Serialization to and from byte buffers for the alignment messages, and a
// broadcast of one such object from rank 0.
#pragma once

#include <mpi.h>

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/device/back_inserter.hpp>
#include <boost/iostreams/stream.hpp>
#include <climits>
#include <vector>

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"

namespace wg::comm::align {

using Bytes = std::vector<char>;

template <typename T>
Bytes to_bytes(const T& value) {
  Bytes bytes;
  {
    boost::iostreams::stream<boost::iostreams::back_insert_device<Bytes>> out(bytes);
    boost::archive::binary_oarchive archive(out, boost::archive::no_header);
    archive << value;
  }  // the stream flushes into `bytes` when it closes
  return bytes;
}

template <typename T>
T from_bytes(const Bytes& bytes) {
  boost::iostreams::stream<boost::iostreams::array_source> in(bytes.data(), bytes.size());
  boost::archive::binary_iarchive archive(in, boost::archive::no_header);
  T value;
  archive >> value;
  return value;
}

// Collective: every rank returns rank 0's `value` (the others' is ignored).
template <typename T>
T broadcast_object(MPI_Comm comm, const T& value) {
  int rank = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  Bytes bytes = rank == 0 ? to_bytes(value) : Bytes();
  unsigned long long size = bytes.size();
  MPI_CHECK(MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, comm));
  WG_REQUIRE(size < static_cast<unsigned long long>(INT_MAX),
             "alignment set-up of {} bytes is too large for one MPI message", size);
  bytes.resize(size);
  MPI_CHECK(MPI_Bcast(bytes.data(), static_cast<int>(size), MPI_BYTE, 0, comm));
  return rank == 0 ? value : from_bytes<T>(bytes);
}

}  // namespace wg::comm::align
