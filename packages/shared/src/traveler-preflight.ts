/**
 * The SES.HOSPEDAJES pre-flight (ses-preflight.ts, the one the server runs before it builds a
 * file) on one traveler as saved: the list's "cannot be reported" badge in the web (decision 043)
 * and its filter on the server, across all pages (decision 048), read the same rules.
 */
import {
  preflightSes,
  type SesEstablishment,
  type SesProblem,
  type SesProblemCode,
  type SesTraveler,
} from './ses-preflight';
import type { Traveler } from './travelers';
import { preflightA19 } from './a19-preflight';
import { preflightMossos } from './mossos';

/**
 * Whose rules: SES.HOSPEDAJES's, the Ertzaintza's A19 for a Basque establishment (decision 056),
 * or the Mossos file's for a Catalan one (SES's and a text in ISO-8859-1, decision 057).
 */
export type PreflightRules = 'ses' | 'a19' | 'mossos';

/** The rules of an establishment's authority. */
export function preflightRulesOf(authority: 'ses' | 'mossos' | 'ertzaintza' | undefined) {
  return authority === 'ertzaintza' ? 'a19' : authority === 'mossos' ? 'mossos' : 'ses';
}

/**
 * What one traveler's check reads of the establishment: nothing of it is checked here (its own
 * problems, a missing SES code, are the establishment's to fix, and the send says so).
 */
const ANY_ESTABLISHMENT: SesEstablishment = {
  name: '-',
  type: 'other',
  nif: '-',
  address: '-',
  city: '-',
  province: '-',
  postalCode: '-',
  phone: '-',
  establishmentCode: '-',
};

/**
 * The rules about a whole stay (the travelers sharing a contract reference): one traveler alone
 * cannot tell them when others share its contract, so they are left to the send, which reads
 * the whole stay.
 */
const STAY_WIDE: ReadonlySet<SesProblemCode> = new Set([
  'ses.minorWithoutAdult',
  'ses.numberOfPersonsTooFew',
  'ses.contractValueDiffers',
]);

/**
 * What a walk-in's report number stands for before the traveler is saved: the server makes the
 * report number the contract's reference (decision 013), so a walk-in never lacks one.
 */
export const REPORT_NUMBER_TO_COME = '0000/000000';

/**
 * The problems of one traveler that the parte (PV) would refuse, in screen order of the pre-flight:
 * none of the establishment, none of a self check-in still to be confirmed (the review badge says
 * that), none that depend on the rest of a shared stay.
 */
export function travelerPreflight(
  traveler: SesTraveler,
  sharedStay: boolean,
  rules: PreflightRules = 'ses',
): SesProblem[] {
  const problems =
    rules === 'mossos'
      ? preflightMossos([traveler], ANY_ESTABLISHMENT)
      : (rules === 'a19' ? preflightA19 : preflightSes)([traveler], ANY_ESTABLISHMENT, {
          kind: 'PV',
        });
  return problems.filter(
    (problem) =>
      problem.travelerId !== null &&
      problem.code !== 'ses.notConfirmed' &&
      !(sharedStay && STAY_WIDE.has(problem.code)),
  );
}

/** A walk-in's contract as the server completes it (the report number, the entry date). */
export function withWalkInContract(
  traveler: SesTraveler,
  reportNumber: string | null,
  contractGiven: boolean,
): SesTraveler {
  if (contractGiven) return traveler;
  return {
    ...traveler,
    stay: {
      ...traveler.stay,
      contractReference: reportNumber ?? REPORT_NUMBER_TO_COME,
      contractDate: traveler.stay?.contractDate || traveler.entryDate,
    },
  };
}

/** A saved traveler as SES gets it (the server's toSesTraveler). */
function sesTravelerOf(traveler: Traveler): SesTraveler {
  const contractGiven = !!traveler.stay.contractReference?.trim();
  return withWalkInContract(
    {
      ...traveler,
      stay: traveler.stay,
      awaitingConfirmation: traveler.selfRegistration?.status === 'pending',
    },
    // A walk-in's reference is its report number; one not numbered yet gets it when sent.
    traveler.reportNumber ?? REPORT_NUMBER_TO_COME,
    contractGiven,
  );
}

/** What the parte still needs of a saved traveler (empty: it can be reported). */
export function savedTravelerProblems(
  traveler: Traveler,
  rules: PreflightRules = 'ses',
): SesProblem[] {
  return travelerPreflight(
    sesTravelerOf(traveler),
    !!traveler.stay.contractReference?.trim(),
    rules,
  );
}
