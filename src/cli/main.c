/* handstat and handstat-mpi: the command-line entry point; dispatches to the subcommand groups. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

static const char USAGE[] =
    "usage: handstat <game> <command> [options]\n"
    "       handstat query 'QUERY' [options]\n"
    "       handstat serve [options]\n"
    "\n"
    "Exact, exhaustive card-hand statistics.\n"
    "\n"
    "commands:\n"
    "  crib score [--crib] [--csv] [CARD x5]   score a cribbage hand (last card: starter)\n"
    "  crib nscore [FILE]                      score n cards by rank (\"Cribbage On Steroids\")\n"
    "  crib hist [--crib] [--threads N] [-o FILE] [--components FILE]\n"
    "                                          the exact distribution over all 12,994,800 hands\n"
    "  crib discard [--dealer|--pone] [--csv] CARD x6 (or x5)\n"
    "                                          exact expectations of every keep and throw\n"
    "  crib throw-table [-o FILE]              the exact expected crib of every two-card throw\n"
    "  crib deals [--threads N] [-o FILE] [--combined FILE] [--patterns FILE]\n"
    "                                          the best keep of all 20,358,520 six-card deals\n"
    "  crib peg PONE_HAND -- DEALER_HAND       the play, both playing perfectly (double dummy)\n"
    "  crib peg-table [--threads N] [-o FILE] [--patterns FILE]\n"
    "                                          every deal's best keep with pegging\n"
    "  poker rank [--csv] [CARD x5..7]         class (1..7462), category, description\n"
    "  poker compare HAND1 -- HAND2            which hand wins\n"
    "  poker pe54 [--verbose] [FILE]           Project Euler 54: player 1's wins\n"
    "  poker hist --cards K [--classes] [--threads N] [-o FILE]\n"
    "                                          the exact distribution over all K-card hands\n"
    "  poker matchups [--threads N] [-o FILE]  every 5-card hand against every disjoint one\n"
    "  poker matchups --hand CARD x5 [--csv]   one hand against every disjoint hand\n"
    "  holdem equity HAND HAND.. [--board C] [--dead C]  exact equity over every board\n"
    "  holdem preflop [-o FILE] [--resume]     the exact 169 x 169 heads-up preflop table\n"
    "  holdem preflop3 [--classes LIST] [-o FILE] [--resume]\n"
    "                                          the exact three-way preflop table\n"
    "  holdem vs-random [--opponents 1-3] [--samples N] [-o FILE] [--resume]\n"
    "                                          each class vs 1-3 random hands (1-9: sampled)\n"
    "  holdem hits RANGE --board C | --flops [--turns] [--rivers]\n"
    "                                          what a range makes: categories and draws\n"
    "  holdem range RANGE [--to handstat|pio|equilab] [--board C] [--dead C]\n"
    "                                          a range normalised, converted and counted\n"
    "  holdem equity-dist RANGE RANGE [--board C] [--bins N] [--svg FILE]\n"
    "                                          each combination's exact equity (equity graph)\n"
    "  holdem filter RANGE --vs RANGE --min-equity E | --top P% [--board C]\n"
    "                                          the part of a range above an exact equity\n"
    "  holdem matrix RANGE --vs RANGE [--board C] [--svg FILE]\n"
    "                                          each class's exact equity (13 x 13 heat map)\n"
    "  omaha equity HAND HAND.. [--board C] [--dead C] [--hilo]\n"
    "                                          Omaha equity of hands or ranges, high or hi/lo\n"
    "  omaha rank HOLE -- BOARD                the best high and 8-or-better low\n"
    "  omaha range RANGE [--cards N] [--list]  count or list an Omaha range (AA**:$ds, KK-TT)\n"
    "  shortdeck equity HAND HAND.. [--board C] [--dead C]  short-deck hold'em equity\n"
    "  shortdeck rank [--csv] [CARD x5..7]     short-deck class (1..1404), category, best five\n"
    "  shortdeck hist --cards K [--classes] [-o FILE]\n"
    "                                          the exact distribution over the 36-card deck\n"
    "  lowball rank --a5|--27 [--csv] [CARD x5..7]\n"
    "                                          the best ace-to-five or deuce-to-seven low\n"
    "  lowball hist --a5|--27 [-o FILE]        every five-card hand by its low\n"
    "  badugi rank [--csv] [CARD x4]           badugi class (1..1092), description, best sub-hand\n"
    "  badugi hist [-o FILE]                   every four-card hand by badugi size and top card\n"
    "  draw odds --game 27|a5|high|badugi [KEPT] [--draw K] [--discard C] [--dead C]\n"
    "                                          exact odds of each final band after one draw\n"
    "  draw discard --game G HAND [--vs C [--vs-discard C]] [--dead C]\n"
    "                                          every discard choice, best first (vs an opponent)\n"
    "  draw table --game 27|a5|badugi [-o FILE]  the classic one-draw odds table\n"
    "  draw equity --game G HAND[:DISCARD].. [--dead C]\n"
    "                                          exact equity of 2-6 players with one draw\n"
    "  stud equity HAND HAND.. [--dead C] [--hilo]\n"
    "                                          exact seven-card stud equity, high or hi/lo\n"
    "  razz equity HAND HAND.. [--dead C]      exact razz (stud, A-5 low) equity\n"
    "  query 'select ... from ... [where ...]' [--samples N]\n"
    "                                          any question about hold'em or Omaha deals (PQL)\n"
    "  serve [--bind ADDR] [--port N] [--max-seconds S] [--max-jobs N]\n"
    "                                          the local web app and its JSON API\n"
    "  bench [--quick] [--json] [--threads N]  time the kernels and jobs on every ISA path\n"
    "                                          and check that all give the same results\n"
    "\n"
    "Cards are a rank (A 2-9 T/10 J Q K) and a suit (C D H S or a suit symbol), any case:\n"
    "AS 10h Td 5C qd. 'handstat <game> <command> --help' describes each command.\n"
    "\n"
    "Options may be written --opt value or --opt=value (-oFILE for -o FILE); -- ends them.\n"
    "Every command takes --quiet (no summary or progress on standard error) and --no-progress.\n"
    "The long jobs (crib deals, crib peg-table, poker matchups, holdem preflop, preflop3 and\n"
    "vs-random; stud and razz equity of long deals) save a checkpoint as they go and when\n"
    "interrupted; the same command with --resume continues (--checkpoint FILE: where).\n"
    "\n"
    "The ranking and scoring kernels take, on each CPU, the form fastest there (scalar, AVX2,\n"
    "AVX-512): from a table of benchmarked CPUs (a CPU not in it takes the forms fastest on\n"
    "every CPU measured); nothing is timed at start. 'handstat --version' shows which and why.\n"
    "HANDSTAT_ISA=scalar, avx2 or avx512 forces the widest form up to that one,\n"
    "HANDSTAT_ISA=measure times them. Every form gives the same results ('handstat bench'\n"
    "checks it on this machine).\n"
    "\n"
    "exit status: 0 success, 1 bad input data, 2 bad command line, 3 file error,\n"
    "             130 interrupted (SIGINT), 143 terminated (SIGTERM)\n";

/* The version, the CPU, its paths and each dispatching kernel's choice with the rule that made it
 * (handstat/cpu.h): on a CPU in the table nothing is timed, so this stays cheap. */
static int print_version(void) {
    static const char *const kernels[HS_KERNEL_COUNT] = {
        [HS_KERNEL_POKER_IDS] = "poker ranking from card ids",
        [HS_KERNEL_POKER_STATE] = "poker hand states",
        [HS_KERNEL_POKER_MASKS] = "poker ranking of masks",
        [HS_KERNEL_CRIB_TOTALS] = "cribbage totals",
    };
    const hs_isa paths[HS_KERNEL_COUNT] = {
        [HS_KERNEL_POKER_IDS] = hs_poker_rank7_ids_path(),
        [HS_KERNEL_POKER_STATE] = hs_poker_state_path(),
        [HS_KERNEL_POKER_MASKS] = hs_poker_rank_batch_path(),
        [HS_KERNEL_CRIB_TOTALS] = hs_crib_total_batch_path(),
    };
    unsigned family, model;
    const char *vendor = hs_cpu_id(&family, &model);
    const char *row = hs_cpu_table_name();
    printf("handstat %s\n", HS_VERSION_STRING);
    printf("cpu: %s family 0x%02x model 0x%02x (%s%s)\n", vendor, family, model,
           row != NULL ? "in the table of benchmarked CPUs: "
                       : "not in the table of benchmarked CPUs: the forms fastest on every CPU "
                         "measured",
           row != NULL ? row : "");
    printf("cpu paths: scalar%s%s", hs_cpu_has_avx2() ? ", avx2" : "",
           hs_cpu_has_avx512() ? ", avx512" : "");
    if (hs_isa_forced())
        printf(" (HANDSTAT_ISA=%s: each kernel its widest form up to it)\n",
               getenv("HANDSTAT_ISA"));
    else
        printf(" (each kernel the form fastest here by the table, or timed with "
               "HANDSTAT_ISA=measure; HANDSTAT_ISA=scalar, avx2 or avx512 forces one)\n");
    printf("kernels:");
    for (int k = 0; k < HS_KERNEL_COUNT; k++)
        printf("%s %s %s (%s)", k > 0 ? "," : "", kernels[k], hs_isa_name(paths[k]),
               hs_isa_rule_name(hs_kernel_rule((hs_kernel)k)));
    printf("\n");
    return CLI_OK;
}

/* HANDSTAT_ISA must name a path the kernels know, or nothing (the library takes any other value
 * as auto; the command line says so instead of running with another path than asked). */
static int check_isa_env(void) {
    const char *env = getenv("HANDSTAT_ISA");
    hs_isa isa;
    if (hs_isa_parse(env, &isa) < 0) {
        cli_error("HANDSTAT_ISA='%s' is not scalar, avx2, avx512, measure or auto", env);
        return CLI_EXIT_USAGE;
    }
    return CLI_OK;
}

static int dispatch(int argc, char **argv) {
    if (check_isa_env() != CLI_OK)
        return CLI_EXIT_USAGE;
    if (argc < 2 || cli_is_help(argv[1])) {
        fputs(USAGE, argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_EXIT_USAGE : CLI_OK;
    }
    if (strcmp(argv[1], "--version") == 0)
        return print_version();
    if (strcmp(argv[1], "crib") == 0)
        return cli_crib_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "poker") == 0)
        return cli_poker_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "holdem") == 0)
        return cli_holdem_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "omaha") == 0)
        return cli_omaha_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "shortdeck") == 0)
        return cli_shortdeck_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "lowball") == 0)
        return cli_lowball_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "badugi") == 0)
        return cli_badugi_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "draw") == 0)
        return cli_draw_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "stud") == 0)
        return cli_stud_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "razz") == 0)
        return cli_razz_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "query") == 0) {
        cli_command = "handstat query";
        return cli_query_main(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "bench") == 0) {
        cli_command = "handstat bench";
        return cli_bench_main(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "serve") == 0) {
        cli_command = "handstat serve";
        return cli_serve_main(argc - 1, argv + 1);
    }
    cli_error("unknown game '%s' (try 'handstat --help')", argv[1]);
    return CLI_EXIT_USAGE;
}

int main(int argc, char **argv) {
    cli_guard_std_fds();
    /* handstat-mpi: every rank runs the command; see cli_mpi.c. */
    cli_mpi_init(&argc, &argv);
    int status = dispatch(argc, argv);
    /* Results that did not reach standard output are an error, never a silent success. */
    if (cli_stdout_check() != 0 && (status == CLI_OK || status == CLI_EXIT_DATA))
        status = CLI_EXIT_IO;
    return cli_mpi_finalize(status);
}
