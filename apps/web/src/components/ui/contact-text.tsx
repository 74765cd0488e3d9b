import { Fragment } from 'react';

/**
 * Never broken inside a word, whatever its container says (`break-words`, `break-all`): a card
 * that is too narrow wraps an e-mail address only before its "@" and before each "." (its
 * natural joints), and a phone number not at all.
 */
const KEEP_WORDS = '[overflow-wrap:normal] [word-break:keep-all]';

/** An e-mail address that wraps only at its joints (before "@" and "."). */
export function EmailText({ email }: { email: string }) {
  // Each piece starts with its joint: "maria", ".fernandez", "@example", ".org".
  const pieces = email.split(/(?=[@.])/);
  return (
    <span className={KEEP_WORDS}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}

/** A phone number on one line. */
export function PhoneText({ phone }: { phone: string }) {
  return <span className={`whitespace-nowrap ${KEEP_WORDS}`}>{phone}</span>;
}
