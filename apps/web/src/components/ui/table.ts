/**
 * A table's last column (its actions) kept in sight at the end of a table that scrolls sideways in
 * its box, from tablets up: the other columns slide under it, behind a thin line on its start
 * side. Logical sides, so it sits on the left in Arabic. On a phone it would take most of the
 * box, so there it scrolls with the rest. Give it to the column's header and to each of its cells.
 */
export const STICKY_END_CELL =
  "sm:sticky sm:inset-e-0 sm:bg-surface sm:before:absolute sm:before:inset-y-0 sm:before:inset-s-0 sm:before:w-px sm:before:bg-line sm:before:content-['']";
