/**
 * How long Hospes keeps each store of personal data (decisions 021 and 022). The retention purge
 * deletes by these, and the privacy page states them: one source for both.
 */

/** Years a traveler's record is kept from the end of the stay (RD 933/2021 art. 5.3). */
export const REGISTER_RETENTION_YEARS = 3;

/**
 * Years an audit entry is kept (it names staff and their IP addresses), except one about a
 * traveler still in the register: a record's history lasts as long as the record.
 */
export const AUDIT_RETENTION_YEARS = 3;

/** Months a contact message is kept: long enough to answer it and follow it up. */
export const CONTACT_RETENTION_MONTHS = 12;

/**
 * Days a message written to the outbox (no SMTP server set) is kept: it is a copy of what was
 * sent, and a registration's holds its PDF, with the identity document and the signature.
 */
export const OUTBOX_RETENTION_DAYS = 7;
