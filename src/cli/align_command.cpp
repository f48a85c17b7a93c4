#include <map>
#include <string>

#include "kernels/align/resident_sequences.hpp"
#include "src/align/align_options.hpp"
#include "src/cli/commands.hpp"
#include "src/cli/threads_option.hpp"

namespace wg::cli {

void add_align_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<align::AlignOptions>();
  auto* command = app.add_subcommand(
      "align",
      "Batched alignment of sequence pairs: global (Needleman-Wunsch), semi-global or "
      "local (Smith-Waterman), Gotoh affine gaps");
  auto* pairs =
      command
          ->add_option(
              "--pairs", options->pairs,
              "Two FASTA or FASTQ files: record i of the first with record i of the second")
          ->expected(2)
          ->check(CLI::ExistingFile);
  auto* all = command
                  ->add_option("--all-vs-all", options->all_vs_all,
                               "One FASTA or FASTQ file: every unordered pair i < j")
                  ->check(CLI::ExistingFile);
  auto* query =
      command
          ->add_option("--query", options->query,
                       "FASTA or FASTQ queries (with --target: every query with every target)")
          ->check(CLI::ExistingFile);
  auto* target = command->add_option("--target", options->target, "FASTA or FASTQ targets")
                     ->check(CLI::ExistingFile);
  pairs->excludes(all)->excludes(query)->excludes(target);
  all->excludes(query)->excludes(target);
  query->needs(target);
  target->needs(query);
  command
      ->add_option("--alphabet", options->alphabet,
                   "dna (IUPAC codes, U = T) or protein (20 amino acids, B, Z, X, *); "
                   "detected when not given")
      ->check(CLI::IsMember({"dna", "protein"}));
  auto* match = command->add_option("--match", options->scoring.match,
                                    "Score of two equal letters (with --mismatch), e.g. 2");
  auto* mismatch = command->add_option("--mismatch", options->scoring.mismatch,
                                       "Score of two different letters, e.g. -3");
  match->needs(mismatch);
  mismatch->needs(match);
  command
      ->add_option("--matrix", options->scoring.matrix,
                   "BLOSUM62, EDNAFULL or an NCBI-format matrix file "
                   "(default: EDNAFULL for DNA, BLOSUM62 for proteins)")
      ->excludes(match)
      ->excludes(mismatch);
  command
      ->add_option("--gap-open", options->scoring.gap_open,
                   "Penalty (positive) of a gap's first residue")
      ->capture_default_str();
  command
      ->add_option("--gap-extend", options->scoring.gap_extend,
                   "Penalty (positive) of each further residue of a gap")
      ->capture_default_str();
  command
      ->add_option("--end-gaps", options->scoring.end_gaps_free,
                   "penalised (true global alignment) or free (EMBOSS needle's default)")
      ->transform(CLI::CheckedTransformer(
          std::map<std::string, bool>{{"penalised", false}, {"penalized", false}, {"free", true}}))
      ->default_str("penalised");
  command
      ->add_option("--mode", options->scoring.mode,
                   "global (Needleman-Wunsch), semi-global (free end gaps, see --free-ends) "
                   "or local (Smith-Waterman)")
      ->check(CLI::IsMember({"global", "semi-global", "local"}))
      ->capture_default_str();
  command
      ->add_option("--free-ends", options->scoring.free_ends,
                   "semi-global: which end gaps are free, a list of qb,qe,db,de (query or "
                   "database = target, begin or end; parasail's sg_qb/qe/db/de)")
      ->default_str("qb,qe,db,de");
  command->add_flag("--traceback", options->traceback,
                    "Also print the alignment: identity, length, CIGAR and coordinates");
  command
      ->add_option("--outfmt", options->outfmt,
                   "tsv, sam, paf or blast6 (sam, paf and blast6 imply --traceback)")
      ->check(CLI::IsMember({"tsv", "sam", "paf", "blast6"}))
      ->capture_default_str();
  auto* top = command
                  ->add_option("--top", options->top,
                               "With --query/--target: keep each query's K best targets "
                               "(score descending, then target order)")
                  ->check(CLI::Range(1u, 1u << 30))
                  ->needs(query);
  command->add_option("-o,--output", options->output, "Output file ('-': stdout)")
      ->capture_default_str();
  command
      ->add_flag("--resume", options->resume, "Continue an interrupted run into the same --output")
      ->excludes(top);
  command->add_option("--backend", options->backend, "host, cuda, or auto (a GPU when visible)")
      ->check(CLI::IsMember({"host", "cuda", "auto"}))
      ->capture_default_str();
  command->add_option("--report", options->report, "Write a JSON report to this file");
  command->add_flag("!--no-packed-scores", options->packed_scores,
                    "GPUs: keep 32-bit scores (default: global and semi-global pairs run two "
                    "per register in 16 bits whenever their scores provably fit)");
  command->add_flag("!--no-resident-sequences", options->resident_sequences,
                    "GPUs: pack every batch's residues on the host (default: plain FASTA "
                    "inputs that fit 1/" +
                        std::to_string(kernels::align::kResidentBudgetShare) +
                        " of the GPU's free memory are copied to it once and encoded there, "
                        "and batches carry no residues)");
  command->add_option("--batch-cells", options->batch_cells,
                      "Matrix cells per batch handed to a worker (default: per backend)");
  command
      ->add_option("--traceback-memory", options->traceback_memory,
                   "Host: bytes of direction bits one pair may keep; longer pairs are traced "
                   "back in bands recomputed from checkpoints (same result, up to twice the work)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  command->footer(
      "Conventions:\n"
      "  A gap of length L costs open + (L-1) x extend (Gotoh); linear gaps when open = extend.\n"
      "  Scores are exact: decimal values (at most two decimals) are scaled to integers.\n"
      "  Global: end gaps are penalised unless --end-gaps free. Rows are the query, columns\n"
      "  the target. Ties: diagonal, then gap in the query, then gap in the target (local:\n"
      "  a fresh start first); local ends at the first best cell (smallest query end, then\n"
      "  target end); with free trailing gaps at the corner, then the last row, then the\n"
      "  last column.\n"
      "  Output TSV, one line per pair in input order: query id, target id, score; with\n"
      "  --traceback also identity (matches / alignment length), alignment length, CIGAR\n"
      "  (=: match, X: mismatch, I: query residue against a gap in the target,\n"
      "  D: target residue against a gap in the query) and the aligned region's 1-based\n"
      "  query start, end, target start, end (free end gaps lie outside it).\n"
      "  SIGTERM/SIGUSR1 stop the run after flushing finished results to FILE.partial\n"
      "  (those ahead of an unfinished pair to FILE.partial.pending; exit code 75);\n"
      "  --resume with the same --output completes it.\n"
      "Example:\n"
      "  mpirun -n 2 warpgraph align --all-vs-all data/sequences/rfam_5.8S_first40.fa --end-gaps "
      "free \\\n"
      "      --gap-open 10 --gap-extend 0.5 --traceback -o 16S.tsv");
  add_threads_option(*command, ThreadDefault::kEveryCore);  // rank 0 formats for every rank
  command->callback([options, &exit_code] { exit_code = align::run_align(*options); });
}

}  // namespace wg::cli
