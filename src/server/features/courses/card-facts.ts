/**
 * What a course card shows beside the name (issue #14, study flow): its number of decks and cards,
 * its followers, and the owner's display name when they chose one (decision 0033). Never the
 * account's name: that is the part of its email before the @ (sign-up sets it), and a card must not
 * publish it. Read inside the list's own statement, per course of a short page (3 on the landing
 * page, 24 a list page, 50 a search), each from an index: decks by decks_course_level_idx, cards by
 * flashcards_deck_id_idx, the display name by the user_profiles primary key; followers are the
 * course's kept follow_count. No query per row from the server.
 */

/** `json_build_object` arguments for the course aliased `c` (its id, follow_count and user_id) in raw statements. */
export const cardFactsJson = (
  c: string,
) => `'deckCount', (select count(*)::int from decks cd where cd.course_id = ${c}.id),
        'cardCount', (select count(*)::int from decks cd join flashcards cf on cf.deck_id = cd.id
                      where cd.course_id = ${c}.id),
        'followCount', ${c}.follow_count,
        'ownerName', (select cp.display_name from user_profiles cp where cp.user_id = ${c}.user_id)`;
