// Finished results that an interrupted run could not yet write to FILE.partial: batches
// finish out of input order (they are length-sorted within windows and come back from
// several ranks), so at an interrupt some pairs are done while an earlier one is not.
// They are kept beside the partial file, in FILE.partial.pending, so that --resume puts
// them in place instead of computing them again.
//
// The file is text: the job record (resume_record.hpp) it belongs to, a count, then one
// line per pair in increasing pair order, "PAIR SCORE" or, with traceback,
// "PAIR SCORE QBEGIN QEND TBEGIN TEND CIGAR" (region 0-based, end excluded; the CIGAR may
// be empty). It is written under a temporary name and renamed when complete.
#pragma once

#include <cstdint>
#include <string>

#include "comm/align/messages.hpp"

namespace wg::align {

std::string pending_results_path(const std::string& output);

// Interrupted run: replaces the file with `results` (pair ids increasing), or removes it
// when there are none.
void write_pending_results(const std::string& output, const std::string& record,
                           const comm::align::BatchResults& results, bool traceback);

// --resume: the results kept for pairs first..pairs-1 (those before `first` have reached
// FILE.partial since they were kept); none when there is no file. Fails, naming the file,
// when it belongs to another job record or is damaged.
comm::align::BatchResults read_pending_results(const std::string& output, const std::string& record,
                                               bool traceback, std::uint64_t first,
                                               std::uint64_t pairs);

// Complete run, or a fresh one: the file goes.
void remove_pending_results(const std::string& output);

}  // namespace wg::align
