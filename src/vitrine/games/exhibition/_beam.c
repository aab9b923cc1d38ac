/*
 * The clairvoyant solo solver's beam search (solver.py), compiled.
 *
 * The stock is read in its order (the packed stock's last card is drawn
 * next) and a turn's refill is that card, so a solo game is a deterministic
 * puzzle.  The search runs over whole turns (take, refill, place), layer by
 * layer, as ExhibitionState.legal_moves lists them; positions that agree in
 * hall, depot count, market and vehicle are kept once (the first met), and
 * each layer keeps the `width` best by solver.py's ranking, ties in the
 * order met.  Every number the ranking adds is a multiple of 1/4 far below
 * 2^50, so the doubles here are exact and the search is the same search as
 * the Python reference the tests keep.
 */
#include "_core.h"

#include <string.h>

typedef struct {
    double open_card_points; /* per card still to come that fits an empty spot */
    int open_cards_counted;  /* ... counted up to this many per spot */
    double potential;        /* share of the categories the fitting cards would add */
    double market_hope;      /* share of a half-filled market showcase's best partner */
    int focus_cap;           /* the most cards of one continent a hall can show */
} Weights;

typedef struct {
    int parent; /* index of the position in the layer before */
    int card, dest, target;
} Step;

typedef struct {
    double promise;
    int order; /* when it was met: ties keep that order */
    Step step;
} Candidate;

/* A growing array of candidates and the set of position keys met in a layer. */
typedef struct {
    Candidate *items;
    int count, capacity;
    uint64_t *keys; /* open addressing; 0: free */
    int key_capacity, key_count;
} Layer;

/* ---------------------------------------------------------------- the turn */

/* ExhibitionState._take with the stock in order: the card leaves its group
 * (the group at the vehicle, else the one holding it), the vehicle moves,
 * the next stock card refills that group; groups stay sorted. */
static int index_in(const Game *g, int group, int card)
{
    for (int i = 0; i < g->group_size[group]; i++)
        if (g->market[group][i] == card)
            return i;
    return -1;
}

void take_card(const Core *core, Game *g, int card, int dest)
{
    int player = g->current, from = g->vehicle[player], index = index_in(g, from, card);
    for (int k = 0; index < 0 && k < core->continents; k++)
        if ((index = index_in(g, k, card)) >= 0)
            from = k;
    int *group = g->market[from];
    memmove(&group[index], &group[index + 1], sizeof(int) * (size_t)(g->group_size[from] - index - 1));
    g->group_size[from]--;
    g->market_size--;
    g->vehicle[player] = core->continent_of[card] == WHITE ? dest : core->continent_of[card];
    if (g->stock_size > 0) {
        int refill = g->stock[--g->stock_size], i = g->group_size[from]++;
        for (; i > 0 && group[i - 1] > refill; i--)
            group[i] = group[i - 1];
        group[i] = refill;
        g->market_size++;
    }
    g->pending_card = card;
    g->pending_dest = dest;
}

/* ExhibitionState.play_unchecked: a take unless one is pending, then the place. */
static void play_step(const Core *core, Game *g, const Step *step)
{
    if (g->pending_card < 0)
        take_card(core, g, step->card, step->dest);
    put_card(core, g, step->target);
}

/* ExhibitionState.takes (or the pending take), as (card, dest) pairs. */
int takes_of(const Core *core, const Game *g, int (*out)[2])
{
    if (g->pending_card >= 0) {
        out[0][0] = g->pending_card;
        out[0][1] = g->pending_dest;
        return 1;
    }
    int count = 0, at = g->vehicle[g->current];
    int first = g->group_size[at] ? at : 0, last = g->group_size[at] ? at : core->continents - 1;
    for (int k = first; k <= last; k++)
        for (int i = 0; i < g->group_size[k]; i++) {
            int card = g->market[k][i];
            if (core->continent_of[card] != WHITE) {
                out[count][0] = card;
                out[count++][1] = NO_DESTINATION;
                continue;
            }
            for (int dest = 0; dest < core->continents; dest++) {
                out[count][0] = card;
                out[count++][1] = dest;
            }
        }
    return count;
}

/* ExhibitionState.targets: hall spots, then the depot while it has room, then
 * END when no hall spot is legal (D-5). */
int targets_of(const Core *core, const Game *g, int card, int *out)
{
    int count = 0;
    for (int spot = 0; spot < core->spots; spot++)
        if (m_has(g->masks[0][spot], card))
            out[count++] = spot;
    int fits_hall = count > 0;
    if (g->depot[0] < core->depot_size)
        out[count++] = DEPOT;
    if (!fits_hall)
        out[count++] = END;
    return count;
}

/* ------------------------------------------------------------- the ranking */

static Mask market_mask(const Core *core, const Game *g)
{
    Mask market = NO_CARDS;
    for (int k = 0; k < core->continents; k++)
        for (int i = 0; i < g->group_size[k]; i++)
            market = m_or(market, m_card(g->market[k][i]));
    return market;
}

static int chain_of(Mask years)
{
    int run = 0;
    while (years.lo | years.hi) {
        years.hi &= (years.hi << 1) | (years.lo >> 63);
        years.lo &= years.lo << 1;
        run++;
    }
    return run > 1 ? run : 1;
}

/* solver._hall_points: All 6 Continents, Continent Focus, Number of Decades
 * and Chain of Years of a set of cards. */
static int hall_points(const Core *core, const Weights *w, Mask cards)
{
    Mask years = m_and(cards, year_window(FIRST_YEAR, LAST_YEAR));
    int points = 0, focus = 0, every_continent = 1;
    for (int d = 0; d < DECADES; d++)
        points += m_count(m_and(years, core->decade_mask[d])) > 0;
    for (int k = 0; k < core->continents; k++) {
        int count = m_count(m_and(cards, core->continent_mask[k]));
        focus = count > focus ? count : focus;
        every_continent &= count > 0;
    }
    points += focus < w->focus_cap ? focus : w->focus_cap;
    points += chain_of(years);
    return points + (every_continent ? core->all_continents_solo : 0);
}

/* solver._against: the market years that count against the pair (D-8). */
static Mask against(int scoring, int left, int right)
{
    if (scoring == YEARS_GAP)
        return m_or(year_window(FIRST_YEAR, FIRST_YEAR + left - 1),
                    year_window(FIRST_YEAR + right + 1, LAST_YEAR));
    if (scoring == SHORT_ERA)
        return year_window(FIRST_YEAR + left + 1, FIRST_YEAR + right - 1);
    return year_window(FIRST_YEAR, FIRST_YEAR + right - 1); /* Antiquity */
}

/* solver._showcase_points: Mid Century and the market showcases as they would
 * score now, a half-filled market showcase at a share of its best partner. */
static double showcase_points(const Core *core, const Weights *w, const Game *g, Mask market)
{
    const int *hall = g->hall[0];
    double total = 0.0;
    if (core->closeness_spot >= 0)
        total += closeness_points(core, hall[core->closeness_spot]);
    for (int index = 0; index < core->showcases; index++) {
        const Showcase *s = &core->showcase[index];
        if (s->scoring == NO_SCORING)
            continue;
        int left = hall[s->first], right = hall[s->first + s->size - 1];
        if (left == EINSTEIN || right == EINSTEIN || (left == EMPTY && right == EMPTY))
            continue;
        int pairs[2][2], num_pairs = 2;
        double weight = w->market_hope;
        if (left == EMPTY) {
            pairs[0][0] = 0, pairs[0][1] = right, pairs[1][0] = right - 1, pairs[1][1] = right;
        } else if (right == EMPTY) {
            pairs[0][0] = left, pairs[0][1] = YEARS - 1, pairs[1][0] = left, pairs[1][1] = left + 1;
        } else {
            pairs[0][0] = left, pairs[0][1] = right, num_pairs = 1, weight = 1.0;
        }
        int count = NUM_CARDS;
        for (int i = 0; i < num_pairs; i++) {
            int c = m_count(m_and(market, against(s->scoring, pairs[i][0], pairs[i][1])));
            count = c < count ? c : count;
        }
        int award = core->market_award - count;
        total += weight * (award > 0 ? award : 0) * core->multiplier;
    }
    return total;
}

/* solver._promise: the score so far, plus what the empty spots still offer:
 * a spot no card still to come fits is a certain -1, every other one is worth
 * a little per fitting card. */
static double promise(const Core *core, const Weights *w, const Game *g)
{
    int scale = core->multiplier, empties = core->spots - g->filled[0];
    Mask held = NO_CARDS, market = market_mask(core, g), pool = market, fit = NO_CARDS;
    for (int spot = 0; spot < core->spots; spot++)
        if (g->hall[0][spot] != EMPTY)
            held = m_or(held, m_card(g->hall[0][spot]));
    int coming = empties - 1 < g->stock_size ? empties - 1 : g->stock_size;
    for (int i = 0; i < coming; i++) /* the cards drawn before the hall could be full */
        pool = m_or(pool, m_card(g->stock[g->stock_size - 1 - i]));
    double value = 0.0;
    for (int spot = 0; spot < core->spots; spot++) {
        if (g->hall[0][spot] != EMPTY)
            continue;
        Mask fitting = m_and(g->masks[0][spot], pool);
        int count = m_count(fitting);
        if (count == 0) {
            value -= scale;
            continue;
        }
        fit = m_or(fit, fitting);
        value += w->open_card_points * (count < w->open_cards_counted ? count : w->open_cards_counted);
    }
    int now = hall_points(core, w, held), later = hall_points(core, w, m_or(held, fit));
    value += scale * (now + w->potential * (later - now) - g->depot[0]);
    return value + showcase_points(core, w, g, market);
}

/* ------------------------------------------------------------ the search */

/* What decides a position's future and score (the depot's cards do not), hashed. */
static uint64_t key_of(const Core *core, const Game *g)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL;
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 0x100000001B3ULL, h ^= h >> 29)
    for (int spot = 0; spot < core->spots; spot++)
        MIX(g->hall[0][spot] + 2);
    MIX(g->depot[0]);
    MIX(g->vehicle[0]);
    for (int k = 0; k < core->continents; k++) {
        Mask group = NO_CARDS;
        for (int i = 0; i < g->group_size[k]; i++)
            group = m_or(group, m_card(g->market[k][i]));
        MIX(group.lo);
        MIX(group.hi);
    }
#undef MIX
    h ^= h >> 31;
    return h ? h : 1;
}

static int grow_keys(Layer *layer)
{
    int capacity = layer->key_capacity ? 2 * layer->key_capacity : 1024;
    uint64_t *keys = calloc((size_t)capacity, sizeof(uint64_t));
    if (keys == NULL)
        return 0;
    for (int i = 0; i < layer->key_capacity; i++) {
        uint64_t key = layer->keys[i];
        if (!key)
            continue;
        int slot = (int)(key & (uint64_t)(capacity - 1));
        while (keys[slot])
            slot = (slot + 1) & (capacity - 1);
        keys[slot] = key;
    }
    free(layer->keys);
    layer->keys = keys;
    layer->key_capacity = capacity;
    return 1;
}

/* Adds the key; 0 when it was there already, -1 when out of memory. */
static int first_time(Layer *layer, uint64_t key)
{
    if (2 * (layer->key_count + 1) > layer->key_capacity && !grow_keys(layer))
        return -1;
    int mask = layer->key_capacity - 1, slot = (int)(key & (uint64_t)mask);
    for (; layer->keys[slot]; slot = (slot + 1) & mask)
        if (layer->keys[slot] == key)
            return 0;
    layer->keys[slot] = key;
    layer->key_count++;
    return 1;
}

static int add_candidate(Layer *layer, double value, const Step *step)
{
    if (layer->count == layer->capacity) {
        int capacity = layer->capacity ? 2 * layer->capacity : 1024;
        Candidate *items = realloc(layer->items, sizeof(Candidate) * (size_t)capacity);
        if (items == NULL)
            return 0;
        layer->items = items;
        layer->capacity = capacity;
    }
    layer->items[layer->count] = (Candidate){value, layer->count, *step};
    layer->count++;
    return 1;
}

static int by_promise(const void *a, const void *b)
{
    const Candidate *x = a, *y = b;
    if (x->promise != y->promise)
        return x->promise > y->promise ? -1 : 1;
    return (x->order > y->order) - (x->order < y->order);
}

typedef struct {
    int found, total, depth;
    Step step; /* the last turn of the best finished line */
} Best;

/* One layer: every turn from every position of `layer`; finished games are
 * scored into `best`, the others ranked into `next`.  0: out of memory. */
static int expand(const Core *core, const Weights *w, const Game *layer, int size, int depth,
                  Layer *next, Best *best, long long *positions, Game *scratch)
{
    int takes[NUM_CARDS * MAX_CONTINENTS][2], targets[MAX_SPOTS + 2];
    Game *taken = &scratch[0], *child = &scratch[1];
    for (int i = 0; i < size; i++) {
        const Game *parent = &layer[i];
        int num_takes = takes_of(core, parent, takes);
        for (int t = 0; t < num_takes; t++) {
            *taken = *parent;
            if (taken->pending_card < 0)
                take_card(core, taken, takes[t][0], takes[t][1]);
            int num_targets = targets_of(core, taken, takes[t][0], targets);
            for (int j = 0; j < num_targets; j++) {
                Step step = {i, takes[t][0], takes[t][1], targets[j]};
                *child = *taken;
                put_card(core, child, targets[j]);
                ++*positions;
                if (child->current == NOBODY) {
                    int total[MAX_PLAYERS], tiebreak[MAX_PLAYERS];
                    score(core, child, total, tiebreak);
                    if (!best->found || total[0] > best->total)
                        *best = (Best){1, total[0], depth, step};
                    continue;
                }
                int fresh = first_time(next, key_of(core, child));
                if (fresh < 0 || (fresh && !add_candidate(next, promise(core, w, child), &step)))
                    return 0;
            }
        }
    }
    return 1;
}

/* The line to `best`, turn by turn, as a list of (card, dest, target). */
static PyObject *line_of(const Best *best, Step *const *steps)
{
    PyObject *line = PyList_New(best->depth + 1);
    if (line == NULL)
        return NULL;
    Step step = best->step;
    for (int d = best->depth; d >= 0; d--) {
        PyObject *turn = Py_BuildValue("(iii)", step.card, step.dest, step.target);
        if (turn == NULL) {
            Py_DECREF(line);
            return NULL;
        }
        PyList_SetItem(line, d, turn);
        if (d > 0)
            step = steps[d - 1][step.parent];
    }
    return line;
}

PyObject *core_beam(Core *core, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"state",     "width",     "open_card_points", "open_cards_counted",
                               "potential", "market_hope", NULL};
    PyObject *state;
    int width;
    Weights w;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!ididd:beam", keywords, &PyList_Type, &state,
                                     &width, &w.open_card_points, &w.open_cards_counted,
                                     &w.potential, &w.market_hope))
        return NULL;
    if (!core->solo) {
        PyErr_SetString(PyExc_ValueError, "the beam search plays one-player games only");
        return NULL;
    }
    if (width < 1) {
        PyErr_Format(PyExc_ValueError, "beam width must be at least 1, got %d", width);
        return NULL;
    }
    w.focus_cap = 0;
    for (int index = 0; index < core->showcases; index++)
        w.focus_cap += core->showcase[index].distinct ? 1 : core->showcase[index].size;
    Game *root = malloc(sizeof(Game));
    if (root == NULL)
        return PyErr_NoMemory();
    if (!read_game(core, state, root)) {
        free(root);
        return NULL;
    }
    if (root->current == NOBODY) {
        int total[MAX_PLAYERS], tiebreak[MAX_PLAYERS];
        score(core, root, total, tiebreak);
        free(root);
        return Py_BuildValue("(Nii)", PyList_New(0), total[0], 0);
    }
    /* Layers grow to what they hold: a wide beam over a short endgame stays small. */
    int layer_room = 1, next_room = 0;
    Game *layer = malloc(sizeof(Game)), *next = NULL, *scratch = malloc(sizeof(Game) * 2);
    Step *steps[MAX_TURNS] = {NULL};
    Layer ranked = {NULL, 0, 0, NULL, 0, 0};
    Best best = {0, 0, 0, {0, 0, 0, 0}};
    long long positions = 0;
    int size = 1, depth = 0, ok = layer != NULL && scratch != NULL;
    if (ok)
        layer[0] = *root;
    Py_BEGIN_ALLOW_THREADS
    for (; ok && size > 0 && depth < MAX_TURNS; depth++) {
        ranked.count = ranked.key_count = 0;
        if (ranked.keys)
            memset(ranked.keys, 0, sizeof(uint64_t) * (size_t)ranked.key_capacity);
        ok = expand(core, &w, layer, size, depth, &ranked, &best, &positions, scratch);
        if (!ok)
            break;
        qsort(ranked.items, (size_t)ranked.count, sizeof(Candidate), by_promise);
        size = ranked.count < width ? ranked.count : width;
        if (size > next_room) {
            Game *grown = realloc(next, sizeof(Game) * (size_t)size);
            ok = grown != NULL;
            if (!ok)
                break;
            next = grown;
            next_room = size;
        }
        steps[depth] = malloc(sizeof(Step) * (size_t)(size ? size : 1));
        ok = steps[depth] != NULL;
        for (int j = 0; ok && j < size; j++) {
            const Step *step = &ranked.items[j].step;
            steps[depth][j] = *step;
            next[j] = layer[step->parent];
            play_step(core, &next[j], step);
        }
        Game *swap = layer;
        layer = next;
        next = swap;
        int room = layer_room;
        layer_room = next_room;
        next_room = room;
    }
    Py_END_ALLOW_THREADS
    PyObject *result = NULL;
    if (!ok) {
        PyErr_NoMemory();
    } else if (!best.found) {
        PyErr_SetString(PyExc_RuntimeError, "the beam search finished no game");
    } else {
        PyObject *line = line_of(&best, steps);
        if (line != NULL)
            result = Py_BuildValue("(NiL)", line, best.total, positions);
    }
    for (int d = 0; d < MAX_TURNS; d++)
        free(steps[d]);
    free(ranked.items);
    free(ranked.keys);
    free(scratch);
    free(next);
    free(layer);
    free(root);
    return result;
}
