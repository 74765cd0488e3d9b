/**
 * The pre-flight of the Ertzaintza's A19 service (decision 056; manual "A19 Registro Hostelero —
 * Servicio Comunicación XML" §2.2, and its XSDs): SES.HOSPEDAJES's rules (ses-preflight.ts), on
 * which A19's are modelled, with what A19 asks besides:
 * - the nationality of every person, in a reservation (RH) too (SES: only in a parte; A19 answers
 *   error 130 "algún alojado no tiene informado el país");
 * - the second surname of a person born in Spain (SES: of a DNI holder). Hospes does not record
 *   the place of birth: a Spanish national is taken as born in Spain, the case the rule is for;
 * - an e-mail of at most 50 characters (A19's `correoType`; SES: 250).
 * Pure: no I/O. The server's A19 builders (apps/server/src/lib/a19) refuse to build while this
 * returns problems.
 */
import {
  isSpain,
  preflightSes,
  sesLength,
  sesText,
  type SesCommunicationKind,
  type SesEstablishment,
  type SesProblem,
  type SesTraveler,
} from './ses-preflight';

export const A19_LIMITS = { email: 50 } as const;

export function preflightA19(
  travelers: readonly SesTraveler[],
  establishment: SesEstablishment,
  options: { kind: SesCommunicationKind },
): SesProblem[] {
  const problems = preflightSes(travelers, establishment, options);
  const has = (travelerId: string, field: string) =>
    problems.some((p) => p.travelerId === travelerId && p.field === field);
  for (const traveler of travelers) {
    const add = (problem: Omit<SesProblem, 'travelerId'>) =>
      problems.push({ travelerId: traveler.id, ...problem });
    const nationality = sesText(traveler.nationality);
    if (!/^[A-Za-z]{3}$/.test(nationality) && !has(traveler.id, 'nationality'))
      add({ field: 'nationality', code: 'ses.nationalityInvalid' });
    if (
      isSpain(nationality) &&
      !sesText(traveler.secondLastName) &&
      !has(traveler.id, 'secondLastName')
    )
      add({ field: 'secondLastName', code: 'ses.secondSurnameRequiredBornInSpain' });
    const email = sesText(traveler.contactInfo?.email);
    if (sesLength(email) > A19_LIMITS.email && !has(traveler.id, 'contactInfo.email'))
      add({ field: 'contactInfo.email', code: 'ses.tooLong', params: { max: A19_LIMITS.email } });
  }
  return problems;
}
