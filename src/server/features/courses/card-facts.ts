/**
 * What a course card shows beside the name (issue #14, study flow): its number of decks and cards,
 * and its followers. Not the owner's name: an account's name is the part of its email before the @
 * (sign-up sets it; there is no display name to choose yet), and a card must not publish that. Read inside the list's own statement, per course of
 * a short page (3 on the landing page, 24 a list page, 50 a search), each from an index: decks by
 * decks_course_level_idx, cards by flashcards_deck_id_idx;
 * followers are the course's kept follow_count. No query per row from the server.
 */

/** `json_build_object` arguments for the course aliased `c` in raw statements. */
export const cardFactsJson = (
  c: string,
) => `'deckCount', (select count(*)::int from decks cd where cd.course_id = ${c}.id),
        'cardCount', (select count(*)::int from decks cd join flashcards cf on cf.deck_id = cd.id
                      where cd.course_id = ${c}.id),
        'followCount', ${c}.follow_count`;
