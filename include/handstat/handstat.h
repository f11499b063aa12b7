/* handstat — exact, exhaustive card-hand statistics. The umbrella header: include this one. */
#ifndef HANDSTAT_HANDSTAT_H
#define HANDSTAT_HANDSTAT_H

#include "handstat/version.h"
#include "handstat/error.h"
#include "handstat/cards.h"
#include "handstat/progress.h"
#include "handstat/count.h"
#include "handstat/table.h"
#include "handstat/job.h"
#include "handstat/cpu.h"
#include "handstat/crib.h"
#include "handstat/crib_gmp.h"
#include "handstat/stats.h"
#include "handstat/discard.h"
#include "handstat/peg.h"
#include "handstat/poker.h"
#include "handstat/poker_state.h"
#include "handstat/lowball.h"
#include "handstat/shortdeck.h"
#include "handstat/omaha.h"
#include "handstat/stud.h"
#include "handstat/draw.h"
#include "handstat/holdem.h"
#include "handstat/holdem_board.h"
#include "handstat/holdem_matrix.h"
#include "handstat/showdown.h"
#include "handstat/query.h"
#include "handstat/command.h"
#include "handstat/request.h"

#endif
