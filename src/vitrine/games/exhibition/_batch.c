/*
 * Solo games of Exhibition stepped together, for the vectorised environment
 * (vitrine/adapters/vector_env.py, which also holds the pure-Python path that
 * gives the same numbers).
 *
 * A Batch keeps one packed position per copy (the Game of _core.h, read from
 * fastplayout.pack by read_game, or dealt from a seed by start_deal), plus
 * the cards the Game only counts (each depot's and the discards), and the
 * legal actions of each copy.  Its rules are the beam search's (take_card
 * with the stock in order, put_card) and its scoring the playouts' (score,
 * returns_of); only the deal is written here again: game.deal's shuffle
 * (engine/rng.py, SplitMix64 with rejection) and ExhibitionState's first
 * position, which a test compares with the engine's on many seeds.
 *
 * layout (once, from vector_env.py): observation size, number of actions,
 * take stride, first place id (the id of target 0), then the flat
 * observation's field offsets: seat, to_act, phase, pending, market, stock,
 * round, vehicles, halls, depots, discards, final, all_continents,
 * secret_decades.  Action ids are the engine's: a take is card * stride +
 * destination + 1, a placement first_place + target (DEPOT and END < 0).
 */
#include "_core.h"

#include <string.h>

#define MARKET_PER_CONTINENT 3 /* state.MARKET_PER_CONTINENT */

enum {
    SIZE, ACTIONS, TAKE_STRIDE, FIRST_PLACE,
    SEAT, TO_ACT, PHASE, PENDING, MARKET, STOCK, ROUND, VEHICLES, HALLS, DEPOTS, DISCARDS,
    FINAL, ALL_CONTINENTS, SECRET_DECADES, LAYOUT
};

typedef struct {
    PyObject_HEAD
    Core *core; /* a reference held */
    int count, layout[LAYOUT];
    int decade_years[DECADES]; /* the table's secret decades, before the shuffle */
    Game *games;
    int (*depot_cards)[NUM_CARDS];
    int (*discards)[NUM_CARDS];
    int *discard_count;
    unsigned char *legal; /* count x actions */
} Batch;

static void batch_dealloc(Batch *b)
{
    Py_XDECREF((PyObject *)b->core);
    PyMem_Free(b->games);
    PyMem_Free(b->depot_cards);
    PyMem_Free(b->discards);
    PyMem_Free(b->discard_count);
    PyMem_Free(b->legal);
    PyTypeObject *type = Py_TYPE((PyObject *)b);
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(b);
    Py_DECREF(type); /* a heap type's instances hold a reference to it */
}

static int batch_init(Batch *b, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"core", "count", "layout", "decades", NULL};
    PyObject *core, *layout, *decades;
    int count;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!iO!O!:Batch", keywords, CoreType, &core,
                                     &count, &PyList_Type, &layout, &PyList_Type, &decades))
        return -1;
    if (!((Core *)core)->solo || count < 1 || PyList_Size(layout) != LAYOUT ||
        PyList_Size(decades) != DECADES) {
        PyErr_SetString(PyExc_ValueError,
                        "Batch: a solo core, a positive count, a full layout, ten decades");
        return -1;
    }
    for (int i = 0; i < LAYOUT; i++) {
        b->layout[i] = (int)PyLong_AsLong(PyList_GetItem(layout, i));
        if (b->layout[i] < 0 && PyErr_Occurred())
            return -1;
    }
    for (int i = 0; i < DECADES; i++) {
        b->decade_years[i] = (int)PyLong_AsLong(PyList_GetItem(decades, i));
        if (b->decade_years[i] < FIRST_YEAR || b->decade_years[i] > LAST_YEAR) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "Batch: decades are years 1900-1999");
            return -1;
        }
    }
    Py_INCREF(core);
    Core *previous = b->core; /* Py_XSETREF is no part of the stable ABI */
    b->core = (Core *)core;
    Py_XDECREF((PyObject *)previous);
    PyMem_Free(b->games); /* a second __init__ starts afresh */
    PyMem_Free(b->depot_cards);
    PyMem_Free(b->discards);
    PyMem_Free(b->discard_count);
    PyMem_Free(b->legal);
    b->count = count;
    b->games = PyMem_Calloc((size_t)count, sizeof(Game));
    b->depot_cards = PyMem_Calloc((size_t)count, sizeof(*b->depot_cards));
    b->discards = PyMem_Calloc((size_t)count, sizeof(*b->discards));
    b->discard_count = PyMem_Calloc((size_t)count, sizeof(int));
    b->legal = PyMem_Calloc((size_t)count * (size_t)b->layout[ACTIONS], 1);
    if (!b->games || !b->depot_cards || !b->discards || !b->discard_count || !b->legal) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int check_index(const Batch *b, int index)
{
    if (index >= 0 && index < b->count)
        return 1;
    PyErr_Format(PyExc_IndexError, "copy %d of a batch of %d", index, b->count);
    return 0;
}

/* start(index, state): a new game in one copy, from fastplayout.pack of its first position. */
static PyObject *batch_start(Batch *b, PyObject *args)
{
    int index;
    PyObject *state;
    if (!PyArg_ParseTuple(args, "iO!:start", &index, &PyList_Type, &state) || !check_index(b, index))
        return NULL;
    Game *g = &b->games[index];
    if (!read_game(b->core, state, g))
        return NULL;
    if (g->depot[0] != 0 || g->filled[0] != 0) {
        PyErr_SetString(PyExc_ValueError, "start: a new game has an empty hall and depot");
        return NULL;
    }
    b->discard_count[index] = 0;
    Py_RETURN_NONE;
}

/* SplitMix64.below of engine/rng.py: uniform in [0, bound) by rejection,
 * drawing again above the largest multiple of bound below 2^64. */
static int exact_below(uint64_t *state, int bound)
{
    uint64_t rest = (UINT64_MAX % (uint64_t)bound + 1) % (uint64_t)bound; /* 2^64 mod bound */
    uint64_t draw;
    do
        draw = next_random(state);
    while (rest != 0 && draw >= (uint64_t)0 - rest);
    return (int)(draw % (uint64_t)bound);
}

/* SplitMix64.shuffle: Fisher-Yates from the last position down. */
static void exact_shuffle(uint64_t *state, int *items, int count)
{
    for (int i = count - 1; i > 0; i--) {
        int j = exact_below(state, i + 1), swap = items[i];
        items[i] = items[j];
        items[j] = swap;
    }
}

/* start_deal(index, seed): a new game in one copy, dealt as game.deal(seed)
 * and ExhibitionState.__init__ do: the deck shuffled, then the decades; the
 * first 3 cards per continent make the market, the rest the stock (drawn
 * from the end here: next the 19th card); the vehicle at continent 0. */
static PyObject *batch_start_deal(Batch *b, PyObject *args)
{
    int index;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "iK:start_deal", &index, &seed) || !check_index(b, index))
        return NULL;
    const Core *core = b->core;
    uint64_t state = seed;
    int deck[NUM_CARDS], decades[DECADES];
    for (int card = 0; card < NUM_CARDS; card++)
        deck[card] = card;
    exact_shuffle(&state, deck, NUM_CARDS);
    memcpy(decades, b->decade_years, sizeof(decades));
    exact_shuffle(&state, decades, DECADES);
    Game *g = &b->games[index];
    memset(g, 0, sizeof(Game));
    g->round = 1;
    g->pending_card = -1;
    g->pending_dest = NO_DESTINATION;
    g->secret[0] = (decades[0] - FIRST_YEAR) / 10;
    for (int spot = 0; spot < core->spots; spot++)
        g->hall[0][spot] = EMPTY;
    int dealt = 0;
    for (int k = 0; k < core->continents; k++) {
        for (int i = 0; i < MARKET_PER_CONTINENT; i++) { /* sorted, as the engine's groups */
            int card = deck[dealt++], at = g->group_size[k]++;
            for (; at > 0 && g->market[k][at - 1] > card; at--)
                g->market[k][at] = g->market[k][at - 1];
            g->market[k][at] = card;
        }
        g->market_size += MARKET_PER_CONTINENT;
    }
    for (int i = NUM_CARDS - 1; i >= dealt; i--)
        g->stock[g->stock_size++] = deck[i];
    for (int showcase = 0; showcase < core->showcases; showcase++)
        refresh(core, g, 0, showcase);
    b->discard_count[index] = 0;
    Py_RETURN_NONE;
}

/* The legal action ids of one copy, as ExhibitionState.legal_action_ids. */
static void find_legal(Batch *b, int index)
{
    const Core *core = b->core;
    const Game *g = &b->games[index];
    unsigned char *legal = &b->legal[(size_t)index * (size_t)b->layout[ACTIONS]];
    memset(legal, 0, (size_t)b->layout[ACTIONS]);
    if (g->current == NOBODY)
        return;
    if (g->pending_card >= 0) {
        int targets[MAX_SPOTS + 2];
        int n = targets_of(core, g, g->pending_card, targets);
        for (int i = 0; i < n; i++)
            legal[b->layout[FIRST_PLACE] + targets[i]] = 1;
        return;
    }
    int takes[NUM_CARDS * MAX_CONTINENTS][2];
    int n = takes_of(core, g, takes);
    for (int i = 0; i < n; i++)
        legal[takes[i][0] * b->layout[TAKE_STRIDE] + takes[i][1] + 1] = 1;
}

/* ExhibitionEncoding.encode of the only player's view, and the mask. */
static void write_row(const Batch *b, int index, float *obs, int8_t *mask)
{
    const Core *core = b->core;
    const Game *g = &b->games[index];
    const int *at = b->layout;
    float *row = &obs[(size_t)index * (size_t)at[SIZE]];
    memset(row, 0, sizeof(float) * (size_t)at[SIZE]);
    row[at[SEAT]] = 1;
    if (g->current != NOBODY) {
        row[at[TO_ACT]] = 1;
        if (g->pending_card < 0) {
            row[at[PHASE]] = 1;
        } else {
            row[at[PHASE] + 1] = 1;
            row[at[PENDING] + g->pending_card] = 1;
        }
    }
    for (int k = 0; k < core->continents; k++)
        for (int i = 0; i < g->group_size[k]; i++)
            row[at[MARKET] + k * NUM_CARDS + g->market[k][i]] = 1;
    row[at[STOCK]] = (float)((double)g->stock_size / NUM_CARDS);
    double round = (double)g->round / NUM_CARDS;
    row[at[ROUND]] = (float)(round < 1.0 ? round : 1.0);
    row[at[VEHICLES] + g->vehicle[0]] = 1;
    for (int spot = 0; spot < core->spots; spot++)
        if (g->hall[0][spot] != EMPTY)
            row[at[HALLS] + spot * NUM_CARDS + g->hall[0][spot]] = 1;
    for (int i = 0; i < g->depot[0]; i++)
        row[at[DEPOTS] + b->depot_cards[index][i]] = 1;
    for (int i = 0; i < b->discard_count[index]; i++)
        row[at[DISCARDS] + b->discards[index][i]] = 1;
    row[at[FINAL]] = (float)g->final[0];
    row[at[ALL_CONTINENTS]] = g->six_round[0] ? 1.0f : 0.0f;
    if (core->secret)
        row[at[SECRET_DECADES] + g->secret[0]] = 1;
    const unsigned char *legal = &b->legal[(size_t)index * (size_t)at[ACTIONS]];
    int8_t *out = &mask[(size_t)index * (size_t)at[ACTIONS]];
    for (int a = 0; a < at[ACTIONS]; a++)
        out[a] = (int8_t)legal[a];
}

/* A writable C-contiguous buffer of `count` items of `itemsize` bytes. */
static int get_buffer(PyObject *object, Py_buffer *view, Py_ssize_t count, Py_ssize_t itemsize,
                      const char *what)
{
    if (PyObject_GetBuffer(object, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return 0;
    if (view->len != count * itemsize || view->itemsize != itemsize) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items of %zd bytes", what, count, itemsize);
        PyBuffer_Release(view);
        return 0;
    }
    return 1;
}

/* observe(obs, masks, indices=None): the rows of the copies named (all by default). */
static PyObject *batch_observe(Batch *b, PyObject *args)
{
    PyObject *obs_object, *mask_object, *indices = Py_None;
    if (!PyArg_ParseTuple(args, "OO|O:observe", &obs_object, &mask_object, &indices))
        return NULL;
    Py_buffer obs, mask;
    if (!get_buffer(obs_object, &obs, (Py_ssize_t)b->count * b->layout[SIZE], sizeof(float), "obs"))
        return NULL;
    if (!get_buffer(mask_object, &mask, (Py_ssize_t)b->count * b->layout[ACTIONS], 1, "masks")) {
        PyBuffer_Release(&obs);
        return NULL;
    }
    int ok = 1;
    if (indices == Py_None) {
        for (int index = 0; index < b->count; index++) {
            find_legal(b, index);
            write_row(b, index, obs.buf, mask.buf);
        }
    } else if (!PyList_Check(indices)) {
        PyErr_SetString(PyExc_TypeError, "observe: indices is a list of ints");
        ok = 0;
    } else {
        for (Py_ssize_t i = 0; ok && i < PyList_Size(indices); i++) {
            long index = PyLong_AsLong(PyList_GetItem(indices, i));
            ok = !(index == -1 && PyErr_Occurred()) && check_index(b, (int)index);
            if (ok) {
                find_legal(b, (int)index);
                write_row(b, (int)index, obs.buf, mask.buf);
            }
        }
    }
    PyBuffer_Release(&obs);
    PyBuffer_Release(&mask);
    if (!ok)
        return NULL;
    Py_RETURN_NONE;
}

/* step(actions, rewards, ended, illegal, totals): one action id per copy
 * (int64).  A legal one is applied; an illegal one changes nothing and ends
 * the episode (illegal[i] = 1).  A game that ends writes its reward, as
 * returns_of, and its total.  ended, illegal: uint8; rewards: float64;
 * totals: int64. */
static PyObject *batch_step(Batch *b, PyObject *args)
{
    PyObject *objects[5];
    if (!PyArg_ParseTuple(args, "OOOOO:step", &objects[0], &objects[1], &objects[2], &objects[3],
                          &objects[4]))
        return NULL;
    static const char *names[5] = {"actions", "rewards", "ended", "illegal", "totals"};
    const Py_ssize_t sizes[5] = {8, 8, 1, 1, 8};
    Py_buffer views[5];
    for (int i = 0; i < 5; i++)
        if (!get_buffer(objects[i], &views[i], b->count, sizes[i], names[i])) {
            while (i-- > 0)
                PyBuffer_Release(&views[i]);
            return NULL;
        }
    const int64_t *actions = views[0].buf;
    double *rewards = views[1].buf;
    uint8_t *ended = views[2].buf, *illegal = views[3].buf;
    int64_t *totals = views[4].buf;
    const Core *core = b->core;
    const int *at = b->layout;
    for (int index = 0; index < b->count; index++) {
        Game *g = &b->games[index];
        int64_t action = actions[index];
        rewards[index] = 0.0;
        ended[index] = illegal[index] = 0;
        totals[index] = 0;
        if (action < 0 || action >= at[ACTIONS] ||
            !b->legal[(size_t)index * (size_t)at[ACTIONS] + (size_t)action]) {
            ended[index] = illegal[index] = 1;
            continue;
        }
        int id = (int)action;
        if (id < at[FIRST_PLACE] + END) {
            int dest = id % at[TAKE_STRIDE] - 1;
            take_card(core, g, id / at[TAKE_STRIDE], dest);
        } else {
            int target = id - at[FIRST_PLACE], card = g->pending_card;
            if (target == DEPOT)
                b->depot_cards[index][g->depot[0]] = card;
            else if (target == END)
                b->discards[index][b->discard_count[index]++] = card;
            put_card(core, g, target);
        }
        if (g->current == NOBODY) {
            int total, tiebreak;
            score(core, g, &total, &tiebreak);
            returns_of(core, &total, &tiebreak, &rewards[index]);
            totals[index] = total;
            ended[index] = 1;
        }
    }
    for (int i = 0; i < 5; i++)
        PyBuffer_Release(&views[i]);
    Py_RETURN_NONE;
}

static PyMethodDef batch_methods[] = {
    {"start", (PyCFunction)batch_start, METH_VARARGS,
     "start(index, state, /)\n--\n\nA new game in copy `index`, from fastplayout.pack."},
    {"start_deal", (PyCFunction)batch_start_deal, METH_VARARGS,
     "start_deal(index, seed, /)\n--\n\nA new game in copy `index`, dealt from `seed` as the\n"
     "engine deals it."},
    {"observe", (PyCFunction)batch_observe, METH_VARARGS,
     "observe(obs, masks, indices=None, /)\n--\n\n"
     "Write the observation row and legal-action mask of every copy (or those listed)."},
    {"step", (PyCFunction)batch_step, METH_VARARGS,
     "step(actions, rewards, ended, illegal, totals, /)\n--\n\n"
     "One action per copy; see the comment above batch_step."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot batch_slots[] = {
    {Py_tp_doc, (void *)PyDoc_STR("Batch(core, count, layout)\n--\n\nSolo games stepped together.")},
    {Py_tp_new, (void *)PyType_GenericNew},
    {Py_tp_init, (void *)batch_init},
    {Py_tp_dealloc, (void *)batch_dealloc},
    {Py_tp_methods, batch_methods},
    {0, NULL},
};

/* A heap type, like Core's, for the stable ABI (setup.py). */
static PyType_Spec batch_spec = {
    .name = "vitrine.games.exhibition._playout.Batch",
    .basicsize = sizeof(Batch),
    .flags = Py_TPFLAGS_DEFAULT,
    .slots = batch_slots,
};

int add_batch_type(PyObject *module)
{
    PyObject *batch_type = PyType_FromSpec(&batch_spec);
    if (batch_type == NULL || PyModule_AddObject(module, "Batch", batch_type) < 0) {
        Py_XDECREF(batch_type);
        return -1;
    }
    return 0;
}
