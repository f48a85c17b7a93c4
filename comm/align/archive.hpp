// Boost.Serialization to and from byte buffers for the alignment messages, and a
// broadcast of one such object from rank 0.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/device/back_inserter.hpp>
#include <boost/iostreams/stream.hpp>
#include <vector>

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

// Collective: every rank's `value` becomes rank 0's. Nothing is copied on one rank. The
// bytes go in messages of at most 1 GiB, since MPI counts a message's bytes in an int (the
// index of 100 million records is 2 GB).
template <typename T>
void broadcast_object(MPI_Comm comm, T& value) {
  int ranks = 1;
  int rank = 0;
  MPI_CHECK(MPI_Comm_size(comm, &ranks));
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  if (ranks == 1) return;
  Bytes bytes = rank == 0 ? to_bytes(value) : Bytes();
  unsigned long long size = bytes.size();
  MPI_CHECK(MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, comm));
  bytes.resize(size);
  constexpr unsigned long long kMessageBytes = 1ull << 30;
  for (unsigned long long at = 0; at < size; at += kMessageBytes)
    MPI_CHECK(MPI_Bcast(bytes.data() + at, static_cast<int>(std::min(kMessageBytes, size - at)),
                        MPI_BYTE, 0, comm));
  if (rank != 0) value = from_bytes<T>(bytes);
}

}  // namespace wg::comm::align
