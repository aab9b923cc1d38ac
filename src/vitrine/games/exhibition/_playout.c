/*
 * Compiled playout core of Exhibition: 20th Century.
 *
 * The same game as state.py, placement.py and scoring.py, cut down to what a
 * playout needs: from a packed position it plays the game to its end with the
 * policy of ExhibitionState.playout and scores it as score_game and
 * ExhibitionState.returns do.  Only the random choices differ from the Python
 * engine (a SplitMix64 stream here, Python's Random there).
 *
 * Both inputs are flat lists of ints written by fastplayout.py:
 *
 *   spec (once per game configuration, see pack_spec):
 *     players, continents, spots, showcases, depot_size, secret_decade,
 *     solo_multiplier, solo_scale, solo_market_award, all_continents_solo,
 *     n, rank_awards[n], m, all_continents_awards[m],
 *     continent_of[101]                       (-1: a white card)
 *     tiebreak spot, tiebreak year            (spot -1: none)
 *     closeness spot, target, points num, points den, per_year num, per_year den
 *     per showcase: first_spot, size, distinct, same, exclusive, max_gap,
 *       min_gap, links, same_decade, unique, first and last year allowed by
 *       unique (D-11, this player count), whites, scoring
 *       (flags 0/1; gaps and links 0: none; scoring 0: none, else YEARS_GAP..)
 *
 *   state (per call, see pack):
 *     current, round, pending card, pending destination   (-1: none)
 *     vehicles[p], final[p], six_round[p], secret decades[p] (only with the
 *     variant, as years 1900, 1910 ...), depot sizes[p]
 *     halls[p][spots]                          (-1: empty)
 *     per continent: group size, cards
 *     stock size, cards                        (order irrelevant: drawn at random)
 *
 * Cards are ints: 0..99 the years 1900..1999, 100 Einstein.  A set of cards
 * is a 101-bit mask held in two 64-bit words.
 */
#include "_core.h"

/* ------------------------------------------------------------ placement.py */

/* placement._step_bounds: allowed rise of year between filled spots `distance` apart. */
static inline void step_bounds(const Showcase *s, int distance, int *low, int *high)
{
    int least = s->min_gap * distance;
    *low = least > 1 ? least : 1; /* ascending years */
    *high = (s->max_gap ? s->max_gap : UNBOUNDED) * distance;
}

/* Cards that may neighbour `card` in a Links showcase: the same continent or
 * within `within` years (D-9, D-14).  White cards never lie there. */
static Mask links_mask(const Core *core, int card, int within)
{
    int year = FIRST_YEAR + card;
    Mask mask = year_window(year - within, year + within);
    int continent = core->continent_of[card];
    return continent == WHITE ? mask : m_or(mask, core->continent_mask[continent]);
}

/*
 * placement.spot_masks: for each spot of showcase `s` holding `cards`, the
 * cards that may go there given the cross-player `context`.
 *
 * Years: every filled card is an interval of possible years (Einstein's is
 * wild, D-6), narrowed from the left and from the right by the step bounds;
 * a new card fits an empty spot when its year meets both projections.
 * Continents: white cards pass every continent rule (D-6), so the rules only
 * ever remove coloured cards.
 */
static void showcase_masks(const Core *core, const Showcase *s, const int *cards, Mask context,
                           Mask *out)
{
    Mask allowed = m_and(core->all_cards, context);
    if (!s->whites)
        allowed = m_and(allowed, m_not(core->white_mask));
    int first_continent = WHITE, first_year = -1;
    for (int i = 0; i < s->size; i++) {
        int card = cards[i];
        if (card == EMPTY)
            continue;
        int continent = core->continent_of[card];
        if (continent != WHITE) {
            if (s->distinct)
                allowed = m_and(allowed, m_not(core->continent_mask[continent]));
            if (first_continent == WHITE)
                first_continent = continent;
        }
        if (card < YEARS && first_year < 0)
            first_year = card;
    }
    if (s->same && first_continent != WHITE) /* One Continent */
        allowed = m_and(allowed, m_or(core->continent_mask[first_continent], core->white_mask));
    if (s->same_decade && first_year >= 0) /* One Decade (1945 has a year, D-6) */
        allowed = m_and(allowed, core->decade_mask[first_year / 10]);

    int position[MAX_SPOTS], left_low[MAX_SPOTS], left_high[MAX_SPOTS];
    int right_low[MAX_SPOTS], right_high[MAX_SPOTS];
    int filled = 0, step_low, step_high;
    for (int i = 0; i < s->size; i++) {
        if (cards[i] == EMPTY)
            continue;
        int low = cards[i] == EINSTEIN ? FIRST_YEAR : FIRST_YEAR + cards[i];
        int high = cards[i] == EINSTEIN ? LAST_YEAR : low;
        if (filled > 0) {
            step_bounds(s, i - position[filled - 1], &step_low, &step_high);
            low = max_int(low, left_low[filled - 1] + step_low);
            high = min_int(high, left_high[filled - 1] + step_high);
        }
        position[filled] = i;
        left_low[filled] = low;
        left_high[filled] = high;
        filled++;
    }
    for (int k = filled - 1; k >= 0; k--) {
        int card = cards[position[k]];
        int low = card == EINSTEIN ? FIRST_YEAR : FIRST_YEAR + card;
        int high = card == EINSTEIN ? LAST_YEAR : low;
        if (k < filled - 1) {
            step_bounds(s, position[k + 1] - position[k], &step_low, &step_high);
            low = max_int(low, right_low[k + 1] - step_high);
            high = min_int(high, right_high[k + 1] - step_low);
        }
        right_low[k] = low;
        right_high[k] = high;
    }

    Mask einstein = m_card(EINSTEIN);
    int right = 0; /* index of the first filled spot right of i */
    for (int i = 0; i < s->size; i++) {
        out[i] = NO_CARDS;
        if (cards[i] != EMPTY) {
            right++;
            continue;
        }
        int low = FIRST_YEAR, high = LAST_YEAR;
        if (right > 0) {
            step_bounds(s, i - position[right - 1], &step_low, &step_high);
            low = max_int(low, left_low[right - 1] + step_low);
            high = min_int(high, left_high[right - 1] + step_high);
        }
        if (right < filled) {
            step_bounds(s, position[right] - i, &step_low, &step_high);
            low = max_int(low, right_low[right] - step_high);
            high = min_int(high, right_high[right] - step_low);
        }
        if (low > high)
            continue;
        Mask mask = m_and(allowed, m_or(year_window(low, high), einstein));
        if (s->links) { /* neighbours: the nearest filled spots, gaps ignored (D-14) */
            if (right > 0)
                mask = m_and(mask, links_mask(core, cards[position[right - 1]], s->links));
            if (right < filled)
                mask = m_and(mask, links_mask(core, cards[position[right]], s->links));
        }
        out[i] = mask;
    }
}

/* ExhibitionState.context: what the other players' halls still allow in
 * showcase `index`.  One Continent: no continent another player claims with
 * the first coloured card of theirs (D-14).  Unique Decades: the decades
 * allowed for the player count, less every decade in any player's showcase,
 * one's own included (D-11). */
static Mask context(const Core *core, const Game *g, int player, int index)
{
    const Showcase *s = &core->showcase[index];
    Mask allowed = core->all_cards;
    if (s->exclusive) {
        for (int seat = 0; seat < core->players; seat++) {
            if (seat == player)
                continue;
            for (int i = s->first; i < s->first + s->size; i++) {
                int card = g->hall[seat][i];
                if (card != EMPTY && core->continent_of[card] != WHITE) {
                    allowed = m_and(allowed, m_not(core->continent_mask[core->continent_of[card]]));
                    break;
                }
            }
        }
    }
    if (s->unique) {
        allowed = m_and(allowed, s->unique_allowed);
        for (int seat = 0; seat < core->players; seat++)
            for (int i = s->first; i < s->first + s->size; i++) {
                int card = g->hall[seat][i];
                if (card != EMPTY && card < YEARS)
                    allowed = m_and(allowed, m_not(core->decade_mask[card / 10]));
            }
    }
    return allowed;
}

/* ExhibitionState._refresh: the masks of one showcase of one player. */
void refresh(const Core *core, Game *g, int player, int index)
{
    const Showcase *s = &core->showcase[index];
    Mask ctx = s->exclusive || s->unique ? context(core, g, player, index) : core->all_cards;
    showcase_masks(core, s, &g->hall[player][s->first], ctx, &g->masks[player][s->first]);
}

/* ---------------------------------------------------------------- state.py */

/* _advance: pass the turn to the next non-final seat; a wrap starts a round;
 * no card left in the market ends every exhibition (D-4). */
static void advance(const Core *core, Game *g, int player)
{
    int n = core->players, following = player, found = 0;
    for (int i = 0; i < n; i++) {
        following = following + 1 < n ? following + 1 : 0;
        if (!g->final[following]) {
            found = 1;
            break;
        }
    }
    if (!found) {
        g->current = NOBODY;
        return;
    }
    if (following <= player)
        g->round++;
    g->current = following;
    if (g->market_size == 0) {
        for (int seat = 0; seat < n; seat++)
            g->final[seat] = 1;
        g->current = NOBODY;
    }
}

/* The informed policy's take: a random card among those the taker can show
 * in the hall, if any (one take in INFORMED_EXPLORE stays uniform), as real
 * players rarely take a card only the depot or the end of their exhibition
 * can hold.  Sets `from` and `index`; 0 when no card fits. */
static int fitting_take(const Core *core, const Game *g, uint64_t *rng, int *from, int *index)
{
    int player = g->current, first = *from, last = *from, fitting = 0;
    if (g->group_size[*from] == 0)
        first = 0, last = core->continents - 1;
    Mask fit = NO_CARDS;
    for (int spot = 0; spot < core->spots; spot++)
        fit = m_or(fit, g->masks[player][spot]);
    for (int k = first; k <= last; k++)
        for (int i = 0; i < g->group_size[k]; i++)
            fitting += m_has(fit, g->market[k][i]);
    if (fitting == 0)
        return 0;
    int chosen = below(rng, fitting);
    for (int k = first; k <= last; k++)
        for (int i = 0; i < g->group_size[k]; i++)
            if (m_has(fit, g->market[k][i]) && chosen-- == 0) {
                *from = k, *index = i;
                return 1;
            }
    return 0;
}

/* The take of the playout policy: a random card of the group at the vehicle,
 * or of the whole market when that group is empty (informed: a card that
 * fits the hall, see fitting_take); a white card's vehicle goes to a random
 * continent.  The emptied group is refilled from the stock (a random card:
 * the stock is hidden, D-13). */
static void take(const Core *core, Game *g, uint64_t *rng, Trace *trace, int informed)
{
    int player = g->current, from = g->vehicle[player], index = 0;
    int chosen = informed && below(rng, INFORMED_EXPLORE) != 0 &&
                 fitting_take(core, g, rng, &from, &index);
    if (!chosen && g->group_size[from] > 0) {
        index = below(rng, g->group_size[from]);
    } else if (!chosen) {
        index = below(rng, g->market_size);
        for (from = 0; index >= g->group_size[from]; from++)
            index -= g->group_size[from];
    }
    int card = g->market[from][index];
    g->market[from][index] = g->market[from][--g->group_size[from]];
    g->market_size--;
    int dest = NO_DESTINATION;
    if (core->continent_of[card] == WHITE) {
        dest = below(rng, core->continents);
        g->vehicle[player] = dest;
    } else {
        g->vehicle[player] = core->continent_of[card];
    }
    if (g->stock_size > 0) {
        int drawn = below(rng, g->stock_size);
        int refill = g->stock[drawn];
        g->stock[drawn] = g->stock[--g->stock_size];
        g->market[from][g->group_size[from]++] = refill;
        g->market_size++;
        if (trace)
            trace->draws[trace->num_draws++] = refill;
    }
    g->pending_card = card;
    g->pending_dest = dest;
}

/* The informed policy's spot: the legal spot that accepts the fewest cards
 * (ties at random), as best-fit packing keeps the roomy spots for cards that
 * need them; one placement in INFORMED_EXPLORE stays uniform. */
static int best_fit(Game *g, int player, const int *legal, int num_legal, uint64_t *rng)
{
    if (below(rng, INFORMED_EXPLORE) == 0)
        return legal[below(rng, num_legal)];
    int best = legal[0], best_count = m_count(g->masks[player][best]), ties = 1;
    for (int i = 1; i < num_legal; i++) {
        int count = m_count(g->masks[player][legal[i]]);
        if (count < best_count) {
            best = legal[i];
            best_count = count;
            ties = 1;
        } else if (count == best_count && below(rng, ++ties) == 0) {
            best = legal[i]; /* reservoir sampling: each tie equally likely */
        }
    }
    return best;
}

/* ExhibitionState._place: the pending card to `target` (a hall spot, DEPOT or
 * END: the card is discarded and the exhibition ends), then the next seat. */
void put_card(const Core *core, Game *g, int target)
{
    int player = g->current, card = g->pending_card;
    g->pending_card = -1;
    g->pending_dest = NO_DESTINATION;
    if (target == DEPOT) {
        g->depot[player]++;
    } else if (target == END) {
        g->final[player] = 1;
    } else {
        g->hall[player][target] = card;
        g->filled[player]++;
        int index = core->spot_showcase[target];
        refresh(core, g, player, index);
        const Showcase *s = &core->showcase[index];
        if (s->exclusive || s->unique) /* the other players' context may change */
            for (int seat = 0; seat < core->players; seat++)
                if (seat != player)
                    refresh(core, g, seat, index);
        if (core->continent_of[card] != WHITE) /* white cards supply no continent */
            g->held[player] |= 1u << core->continent_of[card];
        if (!g->six_round[player] && g->held[player] == core->all_continents)
            g->six_round[player] = g->round; /* All 6 Continents, by round (D-7) */
        if (g->filled[player] == core->spots) /* a full hall is final */
            g->final[player] = 1;
    }
    advance(core, g, player);
}

/* The placement of the playout policy: a random legal hall spot (the informed
 * policy: the best fit), else the depot while it has room (D-5), else END. */
static void place(const Core *core, Game *g, uint64_t *rng, Trace *trace, int informed)
{
    int player = g->current, card = g->pending_card;
    int legal[MAX_SPOTS], num_legal = 0, target;
    for (int spot = 0; spot < core->spots; spot++)
        if (m_has(g->masks[player][spot], card))
            legal[num_legal++] = spot;
    if (num_legal > 0)
        target = informed ? best_fit(g, player, legal, num_legal, rng)
                          : legal[below(rng, num_legal)];
    else
        target = g->depot[player] < core->depot_size ? DEPOT : END;
    if (trace) {
        int *turn = trace->turns[trace->num_turns++];
        turn[0] = card;
        turn[1] = g->pending_dest;
        turn[2] = target;
    }
    put_card(core, g, target);
}

static void play_to_end(const Core *core, Game *g, uint64_t *rng, Trace *trace, int informed)
{
    while (g->current != NOBODY) {
        if (g->pending_card < 0)
            take(core, g, rng, trace, informed);
        place(core, g, rng, trace, informed);
    }
}

/* -------------------------------------------------------------- scoring.py */

/* scoring._dense_awards: the best distinct value gets awards[0], the next
 * awards[1] and so on (D-7); players without a value get 0. */
static void dense_awards(const Core *core, const int *value, const int *present,
                         const int *awards, int num_awards, int higher_wins, int *out)
{
    for (int p = 0; p < core->players; p++) {
        out[p] = 0;
        if (!present[p])
            continue;
        int place = 0; /* distinct values better than this one */
        for (int q = 0; q < core->players; q++) {
            if (!present[q] || value[q] == value[p])
                continue;
            if ((value[q] > value[p]) != higher_wins)
                continue;
            int repeated = 0;
            for (int r = 0; r < q; r++)
                repeated |= present[r] && value[r] == value[q];
            place += !repeated;
        }
        if (place < num_awards)
            out[p] = awards[place];
    }
}

/* scoring._pair: a showcase's outer cards when complete and free of Einstein. */
static int outer_pair(const Game *g, const Showcase *s, int player, int *left, int *right)
{
    for (int i = s->first; i < s->first + s->size; i++)
        if (g->hall[player][i] == EMPTY || g->hall[player][i] == EINSTEIN)
            return 0;
    *left = g->hall[player][s->first];
    *right = g->hall[player][s->first + s->size - 1];
    return 1;
}

/* The ranked showcases: multiplayer dense ranks by gap / smallest gap /
 * oldest right card; solo 5 less the market cards against the pair (D-8,
 * Einstein in the market never counts, 1945 does). */
static void ranked_showcase(const Core *core, const Game *g, const Showcase *s, int *out)
{
    int value[MAX_PLAYERS], present[MAX_PLAYERS], left, right;
    for (int p = 0; p < core->players; p++) {
        present[p] = outer_pair(g, s, p, &left, &right);
        value[p] = 0;
        if (!present[p])
            continue;
        if (!core->solo) {
            value[p] = s->scoring == ANTIQUITY ? right : right - left;
            continue;
        }
        int against = 0;
        for (int k = 0; k < core->continents; k++)
            for (int i = 0; i < g->group_size[k]; i++) {
                int year = g->market[k][i];
                if (year == EINSTEIN)
                    continue;
                if (s->scoring == YEARS_GAP)
                    against += year < left || year > right;
                else if (s->scoring == SHORT_ERA)
                    against += left < year && year < right;
                else
                    against += year < right;
            }
        value[p] = core->market_award - against > 0 ? core->market_award - against : 0;
    }
    if (core->solo) {
        for (int p = 0; p < core->players; p++)
            out[p] = value[p];
        return;
    }
    dense_awards(core, value, present, core->rank_awards, core->num_rank_awards,
                 s->scoring == YEARS_GAP, out);
}

/* scoring._solo_closeness of one card in the closeness spot: max(points -
 * per_year * distance, 0) * multiplier, truncated, in exact rational
 * arithmetic as the Fractions of the data. */
int closeness_points(const Core *core, int card)
{
    if (card == EMPTY || card == EINSTEIN)
        return 0;
    long long distance = llabs((long long)(FIRST_YEAR + card - core->closeness_target));
    long long num = core->points_num * core->per_year_den -
                    core->per_year_num * core->points_den * distance;
    if (num <= 0)
        return 0;
    return (int)(num * core->multiplier / (core->points_den * core->per_year_den));
}

/* score_game's totals and tiebreak distances (-1: none, loses the tiebreak),
 * at the end or mid-game: before the end, All 6 Continents counts only the
 * rounds completed (D-14). */
void score(const Core *core, const Game *g, int *total, int *tiebreak)
{
    int n = core->players, factor = core->solo ? core->multiplier : 1;
    int all_six[MAX_PLAYERS], ranked[MAX_PLAYERS], present[MAX_PLAYERS];
    if (core->solo) {
        all_six[0] = g->six_round[0] ? core->all_continents_solo : 0;
    } else {
        for (int p = 0; p < n; p++)
            present[p] = g->six_round[p] != 0 &&
                         (g->current == NOBODY || g->six_round[p] < g->round);
        dense_awards(core, g->six_round, present, core->continent_awards,
                     core->num_continent_awards, 0, all_six);
    }
    for (int p = 0; p < n; p++)
        total[p] = all_six[p];
    for (int index = 0; index < core->showcases; index++) {
        const Showcase *s = &core->showcase[index];
        if (s->scoring == NO_SCORING)
            continue;
        ranked_showcase(core, g, s, ranked);
        for (int p = 0; p < n; p++)
            total[p] += ranked[p];
    }
    for (int p = 0; p < n; p++) {
        int count[MAX_CONTINENTS] = {0}, focus = 0, secret = 0, empty = 0;
        int decade_seen[DECADES] = {0}, decades = 0;
        uint64_t years_lo = 0, years_hi = 0; /* Chain of Years over bits of years */
        for (int spot = 0; spot < core->spots; spot++) {
            int card = g->hall[p][spot];
            if (card == EMPTY) {
                empty++;
                continue;
            }
            int continent = core->continent_of[card];
            if (continent != WHITE && ++count[continent] > focus) /* Continent Focus */
                focus = count[continent];
            if (card == EINSTEIN) /* no year: no decade, no chain, no secret decade */
                continue;
            if (!decade_seen[card / 10]++)
                decades++;
            secret += core->secret && card / 10 == g->secret[p];
            if (card < 64)
                years_lo |= (uint64_t)1 << card;
            else
                years_hi |= (uint64_t)1 << (card - 64);
        }
        int chain = 0; /* each step shortens every run of years by one */
        while (years_lo | years_hi) {
            years_hi &= (years_hi << 1) | (years_lo >> 63);
            years_lo &= years_lo << 1;
            chain++;
        }
        if (chain < 1) /* at least 1, even for an empty hall (D-14) */
            chain = 1;
        total[p] = (total[p] + focus + decades + chain + secret - empty - g->depot[p]) * factor;
        tiebreak[p] = -1;
        if (core->tiebreak_spot >= 0) {
            int card = g->hall[p][core->tiebreak_spot];
            if (card != EMPTY && card != EINSTEIN)
                tiebreak[p] = abs(FIRST_YEAR + card - core->tiebreak_year);
        }
    }
    if (core->solo && core->closeness_spot >= 0)
        total[0] += closeness_points(core, g->hall[0][core->closeness_spot]);
}

/* scoring._beats: a higher total wins; equal totals, Mid Century closer to
 * 1950; an empty or Einstein Mid Century loses it; else a tie (D-14). */
static int beats(int total_a, int tiebreak_a, int total_b, int tiebreak_b)
{
    if (total_a != total_b)
        return total_a > total_b;
    if (tiebreak_a < 0)
        return 0;
    return tiebreak_b < 0 || tiebreak_a < tiebreak_b;
}

/* ExhibitionState.returns: win shares by rank; solo, total / (scale * multiplier). */
void returns_of(const Core *core, const int *total, const int *tiebreak, double *value)
{
    int n = core->players;
    if (core->solo) {
        value[0] = (double)total[0] / ((double)core->solo_scale * core->multiplier);
    } else {
        int first[MAX_PLAYERS], winners = 0;
        for (int p = 0; p < n; p++) {
            first[p] = 1;
            for (int q = 0; q < n; q++)
                if (beats(total[q], tiebreak[q], total[p], tiebreak[p]))
                    first[p] = 0;
            winners += first[p];
        }
        for (int p = 0; p < n; p++)
            value[p] = first[p] ? 1.0 / winners : 0.0;
    }
}

/* Shaped returns for search (``margin`` > 0, several players): half the win
 * share, half a logistic of the lead over the best other total, so a search
 * still tells a narrow loss from a rout once the winner is clear. */
static void shape(const Core *core, const int *total, double margin, double *value)
{
    for (int p = 0; p < core->players; p++) {
        int best_other = INT_MIN;
        for (int q = 0; q < core->players; q++)
            if (q != p && total[q] > best_other)
                best_other = total[q];
        value[p] = 0.5 * value[p] + 0.5 / (1.0 + exp(-(total[p] - best_other) / margin));
    }
}

static PyObject *float_list(const double *values, int count)
{
    PyObject *list = PyList_New(count);
    if (list == NULL)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *item = PyFloat_FromDouble(values[i]);
        if (item == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SetItem(list, i, item);
    }
    return list;
}

/* -------------------------------------------------------------- unpacking */

/* Reads a list of ints; nothing in it runs Python code, so the list cannot
 * change while it is read. */
typedef struct {
    PyObject *list;
    Py_ssize_t next;
    int bad;
} Reader;

/* The next int, which must lie in low..high (else the reader turns bad). */
static int read_int(Reader *r, int low, int high)
{
    if (r->next >= PyList_Size(r->list)) {
        r->bad = 1;
        return low;
    }
    PyObject *item = PyList_GetItem(r->list, r->next++);
    int overflow = 1;
    long value = 0;
    if (PyLong_Check(item)) /* bools too, as in the Python lists */
        value = PyLong_AsLongAndOverflow(item, &overflow);
    if (overflow || value < low || value > high) {
        r->bad = 1;
        return low;
    }
    return (int)value;
}

static int reader_close(const Reader *r, const char *what)
{
    if (r->bad || r->next != PyList_Size(r->list)) {
        PyErr_Format(PyExc_ValueError, "malformed packed %s", what);
        return 0;
    }
    return 1;
}

static int read_showcase(Reader *r, Core *core, Showcase *s, int first_spot)
{
    s->first = read_int(r, first_spot, first_spot);
    s->size = read_int(r, 1, MAX_SPOTS - first_spot);
    s->distinct = read_int(r, 0, 1);
    s->same = read_int(r, 0, 1);
    s->exclusive = read_int(r, 0, 1);
    s->max_gap = read_int(r, 0, UNBOUNDED);
    s->min_gap = read_int(r, 0, UNBOUNDED);
    s->links = read_int(r, 0, YEARS);
    s->same_decade = read_int(r, 0, 1);
    s->unique = read_int(r, 0, 1);
    int first_year = read_int(r, 0, 9999), last_year = read_int(r, 0, 9999);
    s->unique_allowed = s->unique ? year_window(first_year, last_year) : core->all_cards;
    s->whites = read_int(r, 0, 1);
    s->scoring = read_int(r, NO_SCORING, ANTIQUITY);
    return first_spot + s->size;
}

static int core_init(Core *core, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"spec", NULL};
    Reader r = {NULL, 0, 0};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!:Core", keywords, &PyList_Type, &r.list))
        return -1;
    core->players = read_int(&r, 1, MAX_PLAYERS);
    core->solo = core->players == 1;
    core->continents = read_int(&r, 1, MAX_CONTINENTS);
    core->spots = read_int(&r, 1, MAX_SPOTS);
    core->showcases = read_int(&r, 1, MAX_SHOWCASES);
    core->depot_size = read_int(&r, 0, NUM_CARDS);
    core->secret = read_int(&r, 0, 1);
    core->multiplier = read_int(&r, 1, 1000000);
    core->solo_scale = read_int(&r, 1, 1000000);
    core->market_award = read_int(&r, 0, 1000000);
    core->all_continents_solo = read_int(&r, 0, 1000000);
    core->num_rank_awards = read_int(&r, 0, MAX_AWARDS);
    for (int i = 0; i < core->num_rank_awards; i++)
        core->rank_awards[i] = read_int(&r, -1000000, 1000000);
    core->num_continent_awards = read_int(&r, 0, MAX_AWARDS);
    for (int i = 0; i < core->num_continent_awards; i++)
        core->continent_awards[i] = read_int(&r, -1000000, 1000000);
    core->white_mask = NO_CARDS;
    for (int k = 0; k < MAX_CONTINENTS; k++)
        core->continent_mask[k] = NO_CARDS;
    for (int card = 0; card < NUM_CARDS; card++) {
        int continent = core->continent_of[card] = read_int(&r, WHITE, core->continents - 1);
        if (continent == WHITE)
            core->white_mask = m_or(core->white_mask, m_card(card));
        else
            core->continent_mask[continent] = m_or(core->continent_mask[continent], m_card(card));
    }
    for (int decade = 0; decade < DECADES; decade++)
        core->decade_mask[decade] = year_window(FIRST_YEAR + 10 * decade, FIRST_YEAR + 10 * decade + 9);
    core->all_cards = m_or(year_window(FIRST_YEAR, LAST_YEAR), m_card(EINSTEIN));
    core->all_continents = (1u << core->continents) - 1;
    core->tiebreak_spot = read_int(&r, -1, core->spots - 1);
    core->tiebreak_year = read_int(&r, 0, 9999);
    core->closeness_spot = read_int(&r, -1, core->spots - 1);
    core->closeness_target = read_int(&r, 0, 9999);
    core->points_num = read_int(&r, -1000000, 1000000);
    core->points_den = read_int(&r, 1, 1000000);
    core->per_year_num = read_int(&r, -1000000, 1000000);
    core->per_year_den = read_int(&r, 1, 1000000);
    int spot = 0;
    for (int index = 0; index < core->showcases && !r.bad; index++) {
        int stop = read_showcase(&r, core, &core->showcase[index], spot);
        for (; spot < stop && !r.bad; spot++)
            core->spot_showcase[spot] = index;
    }
    if (!reader_close(&r, "spec"))
        return -1;
    if (spot != core->spots) {
        PyErr_SetString(PyExc_ValueError, "malformed packed spec: the showcases must cover the hall");
        return -1;
    }
    return 0;
}

/* A card that appears nowhere else in the position (seen: cards met so far). */
static int read_card(Reader *r, int *seen)
{
    int card = read_int(r, 0, NUM_CARDS - 1);
    if (seen[card]++)
        r->bad = 1;
    return card;
}

int read_game(const Core *core, PyObject *list, Game *g)
{
    Reader r = {list, 0, 0};
    int seen[NUM_CARDS] = {0}, n = core->players;
    g->current = read_int(&r, NOBODY, n - 1);
    g->round = read_int(&r, 0, 1000000);
    g->pending_card = read_int(&r, -1, NUM_CARDS - 1);
    if (g->pending_card >= 0)
        seen[g->pending_card] = 1;
    g->pending_dest = read_int(&r, NO_DESTINATION, core->continents - 1);
    for (int p = 0; p < n; p++)
        g->vehicle[p] = read_int(&r, 0, core->continents - 1);
    for (int p = 0; p < n; p++)
        g->final[p] = read_int(&r, 0, 1);
    for (int p = 0; p < n; p++)
        g->six_round[p] = read_int(&r, 0, 1000000);
    for (int p = 0; p < n && core->secret; p++)
        g->secret[p] = (read_int(&r, FIRST_YEAR, LAST_YEAR) - FIRST_YEAR) / 10;
    for (int p = 0; p < n; p++)
        g->depot[p] = read_int(&r, 0, NUM_CARDS);
    for (int p = 0; p < n; p++) {
        g->filled[p] = 0;
        g->held[p] = 0;
        for (int spot = 0; spot < core->spots; spot++) {
            int card = read_int(&r, EMPTY, NUM_CARDS - 1);
            g->hall[p][spot] = card;
            if (card == EMPTY)
                continue;
            if (seen[card]++)
                r.bad = 1;
            g->filled[p]++;
            if (core->continent_of[card] != WHITE)
                g->held[p] |= 1u << core->continent_of[card];
        }
    }
    g->market_size = 0;
    for (int k = 0; k < core->continents; k++) {
        g->group_size[k] = read_int(&r, 0, NUM_CARDS);
        for (int i = 0; i < g->group_size[k] && !r.bad; i++)
            g->market[k][i] = read_card(&r, seen);
        g->market_size += g->group_size[k];
    }
    g->stock_size = read_int(&r, 0, NUM_CARDS);
    for (int i = 0; i < g->stock_size && !r.bad; i++)
        g->stock[i] = read_card(&r, seen);
    if (!reader_close(&r, "state"))
        return 0;
    if (g->current != NOBODY && g->pending_card < 0 && g->market_size == 0) {
        PyErr_SetString(PyExc_ValueError, "packed state: a take step with an empty market");
        return 0;
    }
    for (int p = 0; p < n; p++)
        for (int index = 0; index < core->showcases; index++)
            refresh(core, g, p, index);
    return 1;
}

/* ------------------------------------------------------------ the methods */

PyObject *int_list(const int *values, int count)
{
    PyObject *list = PyList_New(count);
    if (list == NULL)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *item = PyLong_FromLong(values[i]);
        if (item == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SetItem(list, i, item);
    }
    return list;
}

static PyObject *traced(PyObject *returns, const Trace *trace, const int *total, int players)
{
    PyObject *turns = PyList_New(trace->num_turns);
    if (turns == NULL)
        return NULL;
    for (int i = 0; i < trace->num_turns; i++) {
        const int *turn = trace->turns[i];
        PyObject *item = Py_BuildValue("(iii)", turn[0], turn[1], turn[2]);
        if (item == NULL) {
            Py_DECREF(turns);
            return NULL;
        }
        PyList_SetItem(turns, i, item);
    }
    PyObject *draws = int_list(trace->draws, trace->num_draws);
    PyObject *totals = int_list(total, players);
    if (draws == NULL || totals == NULL) {
        Py_DECREF(turns);
        Py_XDECREF(draws);
        Py_XDECREF(totals);
        return NULL;
    }
    return Py_BuildValue("(ONNN)", returns, turns, draws, totals);
}

static PyObject *core_playout(Core *core, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"state", "seed", "trace", "informed", "margin", NULL};
    PyObject *state;
    unsigned long long seed;
    int want_trace = 0, informed = 0;
    double margin = 0.0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!K|ppd:playout", keywords, &PyList_Type,
                                     &state, &seed, &want_trace, &informed, &margin))
        return NULL;
    Game g;
    if (!read_game(core, state, &g))
        return NULL;
    Trace trace;
    trace.num_turns = trace.num_draws = 0;
    uint64_t rng = seed;
    play_to_end(core, &g, &rng, want_trace ? &trace : NULL, informed);
    int total[MAX_PLAYERS], tiebreak[MAX_PLAYERS];
    score(core, &g, total, tiebreak);
    double value[MAX_PLAYERS];
    returns_of(core, total, tiebreak, value);
    if (margin > 0 && !core->solo)
        shape(core, total, margin, value);
    PyObject *returns = float_list(value, core->players);
    if (returns == NULL || !want_trace)
        return returns;
    PyObject *result = traced(returns, &trace, total, core->players);
    Py_DECREF(returns);
    return result;
}

static PyObject *core_masks(Core *core, PyObject *args)
{
    PyObject *state;
    if (!PyArg_ParseTuple(args, "O!:masks", &PyList_Type, &state))
        return NULL;
    Game g;
    if (!read_game(core, state, &g))
        return NULL;
    PyObject *words = PyList_New(2 * core->players * core->spots);
    if (words == NULL)
        return NULL;
    Py_ssize_t i = 0;
    for (int p = 0; p < core->players; p++)
        for (int spot = 0; spot < core->spots; spot++) {
            const Mask *m = &g.masks[p][spot];
            PyObject *lo = PyLong_FromUnsignedLongLong(m->lo);
            PyObject *hi = PyLong_FromUnsignedLongLong(m->hi);
            if (lo == NULL || hi == NULL) {
                Py_XDECREF(lo);
                Py_XDECREF(hi);
                Py_DECREF(words);
                return NULL;
            }
            PyList_SetItem(words, i++, lo);
            PyList_SetItem(words, i++, hi);
        }
    return words;
}

/* ---------------------------------------------------------- greedy play */

/* Game.evaluate of `player`: the score now plus `flexibility` for every card
 * each empty spot still accepts.  The product is stored before the sum so
 * that no compiler fuses the two (a fused multiply-add rounds once, Python
 * twice), and greedy play compares these values exactly as Python does. */
static double evaluation(const Core *core, const Game *g, int player, double flexibility)
{
    int total[MAX_PLAYERS], tiebreak[MAX_PLAYERS], open = 0;
    score(core, g, total, tiebreak);
    for (int spot = 0; spot < core->spots; spot++)
        open += m_count(g->masks[player][spot]);
    volatile double weighted = flexibility * open;
    return (double)total[player] + weighted;
}

/* ExhibitionState.targets: the legal spots in order, then DEPOT while the
 * depot has room, then END when no spot fits (D-5); their number. */
static int legal_targets(const Core *core, const Game *g, int player, int card, int *out)
{
    int count = 0;
    for (int spot = 0; spot < core->spots; spot++)
        if (m_has(g->masks[player][spot], card))
            out[count++] = spot;
    int fits = count > 0;
    if (g->depot[player] < core->depot_size)
        out[count++] = DEPOT;
    if (!fits)
        out[count++] = END;
    return count;
}

/* The evaluation after the pending card goes to `target`. */
static double placed_value(const Core *core, const Game *g, int target, double flexibility)
{
    Game child = *g;
    int player = child.current;
    put_card(core, &child, target);
    return evaluation(core, &child, player, flexibility);
}

/* The evaluation of the best placement of the pending card. */
static double best_placement(const Core *core, const Game *g, double flexibility)
{
    int targets[MAX_SPOTS + 2];
    int count = legal_targets(core, g, g->current, g->pending_card, targets);
    double best = -HUGE_VAL;
    for (int i = 0; i < count; i++) {
        double value = placed_value(core, g, targets[i], flexibility);
        if (value > best)
            best = value;
    }
    return best;
}

static int read_greedy_game(Core *core, PyObject *state, Game *g, int place_step)
{
    if (!read_game(core, state, g))
        return 0;
    if (g->current == NOBODY || (g->pending_card >= 0) != place_step) {
        PyErr_SetString(PyExc_ValueError, place_step ? "packed state: no card to place"
                                                     : "packed state: not a take step");
        return 0;
    }
    return 1;
}

static PyObject *core_take_values(Core *core, PyObject *args)
{
    PyObject *state, *cards;
    int refill;
    double flexibility;
    if (!PyArg_ParseTuple(args, "O!O!id:take_values", &PyList_Type, &state, &PyList_Type, &cards,
                          &refill, &flexibility))
        return NULL;
    Game g;
    if (!read_greedy_game(core, state, &g, 0))
        return NULL;
    if (refill < -1 || refill >= NUM_CARDS) {
        PyErr_SetString(PyExc_ValueError, "refill: a card, or -1 for none");
        return NULL;
    }
    Py_ssize_t count = PyList_Size(cards);
    double *values = PyMem_Malloc((count ? count : 1) * sizeof(double));
    if (values == NULL)
        return PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < count; i++) {
        long card = PyLong_AsLong(PyList_GetItem(cards, i));
        int from = -1, index = 0;
        for (int k = 0; k < core->continents && from < 0; k++)
            for (int j = 0; j < g.group_size[k]; j++)
                if (g.market[k][j] == card) {
                    from = k, index = j;
                    break;
                }
        if (from < 0) {
            PyMem_Free(values);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "card %ld is not in the market", card);
            return NULL;
        }
        /* The take as _take makes it; the vehicle is left alone, as nothing
         * the evaluation reads depends on it. */
        Game taken = g;
        taken.market[from][index] = taken.market[from][--taken.group_size[from]];
        taken.market_size--;
        if (refill >= 0) {
            taken.market[from][taken.group_size[from]++] = refill;
            taken.market_size++;
        }
        taken.pending_card = (int)card;
        values[i] = best_placement(core, &taken, flexibility);
    }
    PyObject *result = PyList_New(count);
    for (Py_ssize_t i = 0; result != NULL && i < count; i++) {
        PyObject *item = PyFloat_FromDouble(values[i]);
        if (item == NULL || PyList_SetItem(result, i, item) < 0) /* it steals the item */
            Py_CLEAR(result);
    }
    PyMem_Free(values);
    return result;
}

static PyObject *core_place_values(Core *core, PyObject *args)
{
    PyObject *state;
    double flexibility;
    if (!PyArg_ParseTuple(args, "O!d:place_values", &PyList_Type, &state, &flexibility))
        return NULL;
    Game g;
    if (!read_greedy_game(core, state, &g, 1))
        return NULL;
    int targets[MAX_SPOTS + 2];
    int count = legal_targets(core, &g, g.current, g.pending_card, targets);
    PyObject *result = PyList_New(core->spots + 2);
    if (result == NULL)
        return NULL;
    for (int i = 0; i < core->spots + 2; i++) {
        Py_INCREF(Py_None);
        if (PyList_SetItem(result, i, Py_None) < 0) {
            Py_DECREF(result);
            return NULL;
        }
    }
    for (int i = 0; i < count; i++) {
        int target = targets[i];
        PyObject *item = PyFloat_FromDouble(placed_value(core, &g, target, flexibility));
        if (item == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        /* spots by index, then DEPOT and END */
        if (PyList_SetItem(result, target >= 0 ? target : core->spots - 1 - target, item) < 0) {
            Py_DECREF(result);
            return NULL;
        }
    }
    return result;
}

static PyMethodDef core_methods[] = {
    {"playout", (PyCFunction)(void (*)(void))core_playout, METH_VARARGS | METH_KEYWORDS,
     "playout(state, seed, trace=False, informed=False, margin=0.0)\n--\n\n"
     "Play the packed state to the end with the playout policy (informed: best-fit\n"
     "placements); its returns.\n"
     "With trace: (returns, turns, draws, totals), turns as (card, dest, target)."},
    {"masks", (PyCFunction)core_masks, METH_VARARGS,
     "masks(state, /)\n--\n\n"
     "Every player's legality masks of the packed state, per spot as two words (low, high)."},
    {"take_values", (PyCFunction)core_take_values, METH_VARARGS,
     "take_values(state, cards, refill, flexibility, /)\n--\n\n"
     "Greedy play's value of taking each of `cards` in the packed take step: the\n"
     "evaluation (score plus `flexibility` per card each empty spot accepts) of its\n"
     "best placement, the taken card's group refilled with `refill` (-1: none)."},
    {"place_values", (PyCFunction)core_place_values, METH_VARARGS,
     "place_values(state, flexibility, /)\n--\n\n"
     "Greedy play's value of each placement of the packed pending card, by target:\n"
     "the hall's spots in order, then DEPOT, then END (None where illegal)."},
    {"beam", (PyCFunction)(void (*)(void))core_beam, METH_VARARGS | METH_KEYWORDS,
     "beam(state, width, open_card_points, open_cards_counted, potential, market_hope)\n--\n\n"
     "The solo beam search of solver.py over the packed state, its stock read in order\n"
     "(the last card drawn next): (line, total, positions), the best finished line as\n"
     "(card, dest, target) turns, its total x100 and the positions evaluated."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot core_slots[] = {
    {Py_tp_doc, (void *)PyDoc_STR("Core(spec)\n--\n\nThe playout core for one packed game configuration.")},
    {Py_tp_new, (void *)PyType_GenericNew},
    {Py_tp_init, (void *)core_init},
    {Py_tp_methods, core_methods},
    {0, NULL},
};

/* A heap type, as the stable ABI (Py_LIMITED_API, setup.py) requires: one
 * wheel serves every CPython from 3.11 on. */
PyTypeObject *CoreType;

static PyType_Spec core_spec = {
    .name = "vitrine.games.exhibition._playout.Core",
    .basicsize = sizeof(Core),
    .flags = Py_TPFLAGS_DEFAULT,
    .slots = core_slots,
};

static struct PyModuleDef playout_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "vitrine.games.exhibition._playout",
    .m_doc = "Compiled playouts of Exhibition: 20th Century (see fastplayout.py).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__playout(void)
{
    PyObject *module = PyModule_Create(&playout_module);
    if (module == NULL)
        return NULL;
    PyObject *core_type = PyType_FromSpec(&core_spec);
    if (core_type == NULL) {
        Py_DECREF(module);
        return NULL;
    }
    CoreType = (PyTypeObject *)core_type; /* kept for Batch's argument check */
    Py_INCREF(core_type);
    if (PyModule_AddObject(module, "Core", core_type) < 0) {
        Py_DECREF(core_type);
        Py_DECREF(module);
        return NULL;
    }
    if (add_batch_type(module) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
