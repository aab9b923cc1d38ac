/*
 * The compiled core's shared parts: card masks, the packed game configuration
 * (Core) and position (Game), and the rules both the playouts (_playout.c) and
 * the solo beam search (_beam.c) apply.  See _playout.c for the packed layouts.
 */
#ifndef VITRINE_CORE_H
#define VITRINE_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#define NUM_CARDS 101
#define YEARS 100
#define EINSTEIN 100
#define DECADES 10
#define FIRST_YEAR 1900
#define LAST_YEAR 1999
#define UNBOUNDED (10 * YEARS) /* placement.UNBOUNDED: no upper gap */
#define WHITE (-1)
#define EMPTY (-1)
#define NOBODY (-1)
#define NO_DESTINATION (-1)
#define DEPOT (-1)
#define END (-2)

#define MAX_PLAYERS 5 /* state.MAX_PLAYERS */
#define MAX_CONTINENTS 8
#define MAX_SPOTS 32
#define MAX_SHOWCASES 16
#define MAX_AWARDS 16
#define INFORMED_EXPLORE 8 /* one informed placement in 8 is uniform */
#define MAX_TURNS (NUM_CARDS + 1) /* every turn but a pending one takes a card */

enum { NO_SCORING, YEARS_GAP, SHORT_ERA, ANTIQUITY };

/* ------------------------------------------------------------------ masks */

typedef struct {
    uint64_t lo, hi; /* cards 0..63, cards 64..100 */
} Mask;

static const Mask NO_CARDS = {0, 0};

static inline Mask m_and(Mask a, Mask b) { return (Mask){a.lo & b.lo, a.hi & b.hi}; }
static inline Mask m_or(Mask a, Mask b) { return (Mask){a.lo | b.lo, a.hi | b.hi}; }
static inline Mask m_not(Mask a) { return (Mask){~a.lo, ~a.hi}; }

static inline int m_has(Mask m, int card)
{
    return card < 64 ? (int)((m.lo >> card) & 1) : (int)((m.hi >> (card - 64)) & 1);
}

static inline Mask m_card(int card)
{
    return card < 64 ? (Mask){(uint64_t)1 << card, 0} : (Mask){0, (uint64_t)1 << (card - 64)};
}

/* Bits first..last of one 64-bit word, clipped to the word. */
static inline uint64_t word_bits(int first, int last, int base)
{
    if (first < base)
        first = base;
    if (last > base + 63)
        last = base + 63;
    if (first > last)
        return 0;
    int width = last - first + 1;
    uint64_t run = width == 64 ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1);
    return run << (first - base);
}

/* cards.year_window_mask: the year cards from low to high (clamped). */
static inline Mask year_window(int low, int high)
{
    if (low < FIRST_YEAR)
        low = FIRST_YEAR;
    if (high > LAST_YEAR)
        high = LAST_YEAR;
    if (low > high)
        return NO_CARDS;
    int first = low - FIRST_YEAR, last = high - FIRST_YEAR;
    return (Mask){word_bits(first, last, 0), word_bits(first, last, 64)};
}

/* ------------------------------------------------------------------ random */

/* SplitMix64 (Steele, Lea and Flood 2014): one word of state, good enough. */
static inline uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform in 0..n-1 for n >= 1 (bias below n / 2^32). */
static inline int below(uint64_t *state, int n)
{
    return (int)(((next_random(state) >> 32) * (uint64_t)n) >> 32);
}

/* ------------------------------------------------------------------ the core */

typedef struct {
    int first, size;
    int distinct, same, exclusive; /* continent rules */
    int max_gap, min_gap;          /* years per step; 0: none */
    int links;                     /* Links: neighbours within this many years, D-9/D-14 */
    int same_decade;               /* One Decade */
    int unique;                    /* Unique Decades, D-11 */
    Mask unique_allowed;           /* ... the decades allowed for this player count */
    int whites;                    /* may white cards go here */
    int scoring;                   /* ranked category it scores, or NO_SCORING */
} Showcase;

typedef struct {
    PyObject_HEAD
    int players, continents, spots, showcases, depot_size, secret, solo;
    int multiplier, solo_scale, market_award, all_continents_solo;
    int rank_awards[MAX_AWARDS], num_rank_awards;
    int continent_awards[MAX_AWARDS], num_continent_awards;
    int continent_of[NUM_CARDS];
    int tiebreak_spot, tiebreak_year;
    int closeness_spot, closeness_target;
    long long points_num, points_den, per_year_num, per_year_den;
    Showcase showcase[MAX_SHOWCASES];
    int spot_showcase[MAX_SPOTS];
    Mask continent_mask[MAX_CONTINENTS], white_mask, decade_mask[DECADES], all_cards;
    unsigned all_continents; /* a bit per continent */
} Core;

typedef struct {
    int current, round, pending_card, pending_dest;
    int vehicle[MAX_PLAYERS], final[MAX_PLAYERS], six_round[MAX_PLAYERS];
    int secret[MAX_PLAYERS], depot[MAX_PLAYERS];
    int filled[MAX_PLAYERS];    /* hall spots holding a card */
    unsigned held[MAX_PLAYERS]; /* continents of the coloured hall cards */
    int hall[MAX_PLAYERS][MAX_SPOTS];
    Mask masks[MAX_PLAYERS][MAX_SPOTS]; /* per empty spot: the cards that may go there */
    int market[MAX_CONTINENTS][NUM_CARDS];
    int group_size[MAX_CONTINENTS];
    int market_size;
    int stock[NUM_CARDS];
    int stock_size;
} Game;

typedef struct {
    int turns[MAX_TURNS][3]; /* card, destination, target */
    int num_turns;
    int draws[NUM_CARDS];
    int num_draws;
} Trace;

static inline int max_int(int a, int b) { return a > b ? a : b; }
static inline int min_int(int a, int b) { return a < b ? a : b; }

static inline int m_count(Mask m)
{
    return __builtin_popcountll(m.lo) + __builtin_popcountll(m.hi);
}

/* The rules, in _playout.c. */
extern PyTypeObject *CoreType; /* set when the module is created */
void refresh(const Core *core, Game *g, int player, int index);
void put_card(const Core *core, Game *g, int target);
void score(const Core *core, const Game *g, int *total, int *tiebreak);
void returns_of(const Core *core, const int *total, const int *tiebreak, double *value);
int closeness_points(const Core *core, int card);
int read_game(const Core *core, PyObject *list, Game *g);
PyObject *int_list(const int *values, int count);

/* The solo beam search, in _beam.c, and its rules with the stock in order. */
PyObject *core_beam(Core *core, PyObject *args, PyObject *kwds);
void take_card(const Core *core, Game *g, int card, int dest);
int takes_of(const Core *core, const Game *g, int (*out)[2]);
int targets_of(const Core *core, const Game *g, int card, int *out); /* solo: seat 0's masks */

/* Solo games stepped together (the vectorised environment), in _batch.c. */
int add_batch_type(PyObject *module);

#endif
