// What shaped an alignment's output, kept beside its partial file (FILE.partial.job) so
// that --resume refuses to finish a partial file with other inputs or other settings:
// a different score scheme or a change from score-only to traceback would give a file
// whose lines disagree with each other.
#pragma once

#include <string>

#include "src/align/align_input.hpp"
#include "src/align/align_options.hpp"

namespace wg::align {

// The record of a job: the content of its inputs (hashes of every id and residue) and
// every setting that changes an output line. One "key: value" per line.
std::string job_record(const AlignOptions& options, const AlignInput& input);

// Path of the record for an output file.
std::string job_record_path(const std::string& output);

// Fresh run: writes the record (durably, before any result line).
void write_job_record(const std::string& output, const std::string& record);

// --resume of an existing partial file: fails, naming the first setting that differs,
// unless the record beside it equals `record`. A partial file without a record (written
// by hand or by an older warpgraph) is accepted with a warning.
void check_job_record(const std::string& output, const std::string& record);

// Complete run: the record goes with the partial file.
void remove_job_record(const std::string& output);

}  // namespace wg::align
