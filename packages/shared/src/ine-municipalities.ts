/**
 * The INE municipality codes SES wants for a Spanish home address (reference ses-hospedajes.md
 * §1.6, decision 026): 5 digits, the province (CPRO) then the municipality (CMUN), never the
 * check digit. Small and synchronous (the codes as ranges, ≈6 KB), so the shared record rules,
 * the SES pre-flight and the web form check a code at once. The names and the postal-code map are
 * in ine-municipality-index.ts, loaded on demand.
 */
import {
  CROSS_PROVINCE_POSTAL_CODES,
  INE_MUNICIPALITY_CODE_RANGES,
} from './generated/ine-municipality-codes';

/** A Spanish postal code: province 01–52 then three digits (as SPANISH_POSTAL_CODE of pilgrims.ts). */
const SPANISH_POSTAL_CODE = /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/;

let byProvince: Map<string, string[]> | undefined;
let codeSet: Set<string> | undefined;
let crossProvince: Set<string> | undefined;

/** Province code (2 digits) → its municipality codes (5 digits) in order, from the INE list. */
export function ineMunicipalityCodesByProvince(): ReadonlyMap<string, readonly string[]> {
  if (!byProvince) {
    byProvince = new Map();
    for (const line of INE_MUNICIPALITY_CODE_RANGES.split('\n')) {
      const province = line.slice(0, 2);
      const codes: string[] = [];
      for (const range of line.slice(2).split(',')) {
        const [from, to = from] = range.split('-').map(Number) as [number, number?];
        for (let n = from; n <= to; n++) codes.push(province + String(n).padStart(3, '0'));
      }
      byProvince.set(province, codes);
    }
  }
  return byProvince;
}

/** Whether a code is in the INE list of municipalities (5 digits, without the check digit). */
export function isIneMunicipalityCode(code: string | null | undefined): boolean {
  if (!code || !/^\d{5}$/.test(code)) return false;
  codeSet ??= new Set([...ineMunicipalityCodesByProvince().values()].flat());
  return codeSet.has(code);
}

/**
 * Whether a municipality can go with a postal code: it is in the postal code's province (the first
 * two digits of both), or the postal code is one of the few whose municipality lies in another
 * province (the Treviño enclave, border villages). True when the postal code is not a Spanish
 * one: there is nothing to compare.
 */
export function municipalityFitsPostalCode(
  code: string | null | undefined,
  postalCode: string | null | undefined,
): boolean {
  if (!code || !postalCode || !SPANISH_POSTAL_CODE.test(postalCode)) return true;
  if (code.slice(0, 2) === postalCode.slice(0, 2)) return true;
  crossProvince ??= new Set(CROSS_PROVINCE_POSTAL_CODES.split(','));
  return crossProvince.has(`${postalCode}>${code}`);
}
